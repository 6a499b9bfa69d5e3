/**
 * Replication over real HTTP against a started server, on every backend: pull/push, pagination,
 * auth, idempotency, the three-way merge and its conflict log, refusals, rights, tombstones.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, type CustomerDoc, type QuotationDoc } from '@shared';
import { api, backends, expiredAccessToken, signIn, startTestServer, type TestServer } from '../support/server';
import { purgeTombstones } from '../../sync-server/src/sync/tombstones';
import { updateAsServer } from '../../sync-server/src/sync/server-writes';
import { customer, isoAt, pull, pullAll, push, quotation, type PullResult, type Wire } from './sync-fixtures';

describe.each(backends())('sync routes (%s)', (backend) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<typeof signIn>>;
  let bob: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    alice = await signIn(server, { deviceName: 'Celular da Alice' });
    bob = await signIn(server, { deviceName: 'Notebook do Bob' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function stored(table: string, id: string) {
    const { rows } = await server.db.query(`SELECT *, _seq::text AS seq FROM ${table} WHERE id = $1`, [id]);
    return rows[0] as Record<string, unknown> | undefined;
  }

  test('a pushed document comes back on pull, stamped by the server', async () => {
    const doc = customer({ name: 'Maria Souza', created_by: 'someone-else', updated_at: '2001-01-01T00:00:00.000Z' });
    const res = await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: doc }]);
    expect(res.status).toBe(200);
    expect(res.masters).toEqual([]);
    expect(res.rejections).toEqual([]);

    const { docs, checkpoint } = await pullAll<CustomerDoc>(server, bob.accessToken, 'customers');
    const got = docs.find((d) => d.id === doc.id)!;
    expect(got).toMatchObject({ name: 'Maria Souza', phone: doc.phone, whatsapp: null, description: null, _deleted: false });
    expect(got.created_by).toBe(alice.user.id);
    expect(got.created_at).toBe(doc.created_at);
    expect(got.updated_at).not.toBe('2001-01-01T00:00:00.000Z');
    expect(Date.now() - Date.parse(got.updated_at)).toBeLessThan(60_000);
    expect(checkpoint!.seq).toBeGreaterThan(0);
    // Plain SQL sees the same shop data.
    const row = await stored('customers', doc.id);
    expect(row?.name).toBe('Maria Souza');
  });

  test('a client pushing its unstamped first version again is answered the stored one, so it adopts the stamps', async () => {
    // RxDB pushes the local version with the pulled one as assumed master when the pull overtook
    // the push: the content is the same, but the local copy lacks created_by. Without the answer
    // the device would keep created_by = null for good (seen in CI as a never-converging client).
    const doc = customer({ name: 'Carimbo', created_by: null });
    await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: doc }]);
    const master = (await pullAll<CustomerDoc>(server, alice.accessToken, 'customers')).docs.find((d) => d.id === doc.id)!;
    const again = await push(server, alice.accessToken, 'customers', [{ assumedMasterState: master, newDocumentState: doc }]);
    expect(again.rejections).toEqual([]);
    expect(again.masters).toHaveLength(1);
    expect(again.masters[0]).toMatchObject({ id: doc.id, name: 'Carimbo', created_by: alice.user.id });
    // A retry of a copy that already carries the stamps needs no answer.
    const same = await push(server, alice.accessToken, 'customers', [{ assumedMasterState: master, newDocumentState: master }]);
    expect(same.masters).toEqual([]);
  });

  test('a create sent again after its answer was lost keeps what another device edited meanwhile', async () => {
    // Alice creates; the answer is lost, so her device still has no assumed master. Bob pulls
    // and edits the description; Alice edits the name offline (later clock) and her device
    // sends the document again with no assumed master. Merging against an empty document would
    // count every field as changed on both sides and Alice's later clock would erase Bob's
    // description (found by npm run soak); merged against the version Alice created, each
    // keeps what they changed.
    const created = customer({ name: 'Primeira', description: 'Como Alice criou', whatsapp: '31 3333-0000', client_updated_at: isoAt(-3000) });
    await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: created }]);
    const master = (await pullAll<CustomerDoc>(server, bob.accessToken, 'customers')).docs.find((d) => d.id === created.id)!;
    const bobEdit = { ...master, description: 'Bob escreveu', client_updated_at: isoAt(-2000) };
    expect((await push(server, bob.accessToken, 'customers', [{ assumedMasterState: master, newDocumentState: bobEdit }])).masters).toEqual([]);

    const aliceRetry = { ...created, name: 'Alice renomeou', client_updated_at: isoAt(-1000) };
    const res = await push<CustomerDoc>(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: aliceRetry }]);
    expect(res.rejections).toEqual([]);
    const row = await stored('customers', created.id);
    expect(row).toMatchObject({ name: 'Alice renomeou', description: 'Bob escreveu' });
    // Alice's device adopts the merge (it answers the merged master).
    expect(res.masters[0]).toMatchObject({ name: 'Alice renomeou', description: 'Bob escreveu' });

    // The same after a second edit by Bob: the base stays the version Alice created.
    const now = (await pullAll<CustomerDoc>(server, bob.accessToken, 'customers')).docs.find((d) => d.id === created.id)!;
    await push(server, bob.accessToken, 'customers', [{ assumedMasterState: now, newDocumentState: { ...now, whatsapp: '31 3333-4444', client_updated_at: isoAt() } }]);
    const again = await push<CustomerDoc>(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: aliceRetry }]);
    expect(again.rejections).toEqual([]);
    expect(await stored('customers', created.id)).toMatchObject({ name: 'Alice renomeou', description: 'Bob escreveu', whatsapp: '31 3333-4444' });
  });

  test('numbers, dates, instants, arrays and nulls survive the round trip', async () => {
    const q = quotation({ total_amount: 1500.1, discounts: 0.5, taxes: 12, viewed_at: null, decision_reason: null });
    expect((await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }])).masters).toEqual([]);
    const got = (await pullAll<QuotationDoc>(server, alice.accessToken, 'quotations')).docs.find((d) => d.id === q.id)!;
    expect(got.total_amount).toBe(1500.1);
    expect(got.discounts).toBe(0.5);
    expect(got.taxes).toBe(12);
    expect(got.validity_date).toBe('2026-12-31');
    expect(got.materials).toEqual(q.materials);
    expect(got.viewed_at).toBeNull();
    expect(got.client_updated_at).toBe(q.client_updated_at);
    expect(got.created_at).toBe(q.created_at);
    const row = await stored('quotations', q.id);
    expect(String(row?.total_amount)).toBe('1500.10');
  });

  test('pull pages by checkpoint in server order, without gaps or repeats', async () => {
    const docs = Array.from({ length: 5 }, () => customer());
    await push(server, alice.accessToken, 'customers', docs.map((d) => ({ assumedMasterState: null, newDocumentState: d })));
    const start = (await pullAll(server, alice.accessToken, 'customers')).docs.length;
    const seen: string[] = [];
    let checkpoint: { seq: number } | null = null;
    let pages = 0;
    for (;;) {
      const res: PullResult<CustomerDoc> = await pull<CustomerDoc>(server, alice.accessToken, 'customers', checkpoint, 2);
      expect(res.status).toBe(200);
      expect(res.body.documents.length).toBeLessThanOrEqual(2);
      if (res.body.documents.length === 0) {
        expect(res.body.checkpoint).toEqual(checkpoint);
        break;
      }
      pages++;
      if (checkpoint) expect(res.body.checkpoint!.seq).toBeGreaterThan(checkpoint.seq);
      seen.push(...res.body.documents.map((d) => d.id));
      checkpoint = res.body.checkpoint;
    }
    expect(pages).toBe(Math.ceil(start / 2));
    expect(new Set(seen).size).toBe(seen.length);
    for (const d of docs) expect(seen).toContain(d.id);
    // The last five written come last.
    expect(seen.slice(-5)).toEqual(docs.map((d) => d.id));
  });

  test('every sync route refuses a missing or expired token with 401', async () => {
    const expired = await expiredAccessToken(server, { sessionId: alice.sessionId, userId: alice.user.id });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/sync/customers/pull'],
      ['POST', '/api/sync/customers/push', []],
      ['GET', '/api/sync/stream'],
      ['GET', '/api/sync/conflicts'],
      ['GET', '/api/sync/staff/pull'],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [undefined, expired, 'not-a-token']) {
        const res = await api(server, path, { method, token, body });
        expect(res.status, `${method} ${path} token=${token?.slice(0, 8)}`).toBe(401);
        expect(res.body).toEqual({ error: 'unauthorized', message: ERROR_MESSAGES.unauthorized });
      }
    }
  });

  test('a retried push is harmless: one row, no conflict, nothing rewritten', async () => {
    const doc = customer();
    const rows = [{ assumedMasterState: null, newDocumentState: doc }];
    const first = await push(server, alice.accessToken, 'customers', rows);
    const seqBefore = (await stored('customers', doc.id))?.seq;
    const second = await push(server, alice.accessToken, 'customers', rows);
    expect(first.masters).toEqual([]);
    expect(second.status).toBe(200);
    expect(second.masters).toEqual([]);
    expect(second.rejections).toEqual([]);
    const { rows: count } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM customers WHERE id = $1', [doc.id]);
    expect(count[0].n).toBe('1');
    expect((await stored('customers', doc.id))?.seq).toBe(seqBefore);

    // An update retried with its (now stale) assumed master is not a conflict either.
    const master = (await pullAll<CustomerDoc>(server, alice.accessToken, 'customers')).docs.find((d) => d.id === doc.id)!;
    const edit = { assumedMasterState: master, newDocumentState: { ...master, name: 'Novo nome', client_updated_at: isoAt() } };
    expect((await push(server, alice.accessToken, 'customers', [edit])).masters).toEqual([]);
    const seqAfterEdit = (await stored('customers', doc.id))?.seq;
    expect((await push(server, alice.accessToken, 'customers', [edit])).masters).toEqual([]);
    expect((await stored('customers', doc.id))?.seq).toBe(seqAfterEdit);
  });

  async function createAndPull(doc: Wire<CustomerDoc>): Promise<Wire<CustomerDoc>> {
    await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: doc }]);
    return (await pullAll<CustomerDoc>(server, alice.accessToken, 'customers')).docs.find((d) => d.id === doc.id)!;
  }

  test('two devices editing different fields from the same base: both edits kept', async () => {
    const base = await createAndPull(customer({ name: 'Carlos', description: null }));
    const a = await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Carlos Pereira', client_updated_at: isoAt(1000) } },
    ]);
    expect(a.masters).toEqual([]);
    const b = await push<CustomerDoc>(server, bob.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, description: 'Cliente antigo', client_updated_at: isoAt(2000) } },
    ]);
    // Bob's push conflicts; the server merged and answers the merged master.
    expect(b.masters).toHaveLength(1);
    expect(b.masters[0]).toMatchObject({ id: base.id, name: 'Carlos Pereira', description: 'Cliente antigo', _deleted: false });
    const final = (await pullAll<CustomerDoc>(server, alice.accessToken, 'customers')).docs.find((d) => d.id === base.id)!;
    expect(final).toMatchObject({ name: 'Carlos Pereira', description: 'Cliente antigo' });
    const { rows } = await server.db.query('SELECT * FROM sync_conflicts WHERE doc_id = $1', [base.id]);
    expect(rows).toHaveLength(0);
  });

  test('the same field edited on two devices: the later client edit wins, the loser is logged', async () => {
    const base = await createAndPull(customer({ name: 'Ana' }));
    // Alice edited later on her device but pushes first; Bob's earlier edit arrives second.
    await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Ana Lima', client_updated_at: isoAt(5000) } },
    ]);
    const b = await push<CustomerDoc>(server, bob.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Ana Costa', whatsapp: '31988887777', client_updated_at: isoAt(1000) } },
    ]);
    expect(b.masters[0]).toMatchObject({ name: 'Ana Lima', whatsapp: '31988887777' });
    const { rows } = await server.db.query<Record<string, unknown>>('SELECT * FROM sync_conflicts WHERE doc_id = $1', [base.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ collection: 'customers', field: 'name', winner_user_id: alice.user.id, loser_user_id: bob.user.id });
    expect(rows[0].winning_value).toBe('Ana Lima');
    expect(rows[0].losing_value).toBe('Ana Costa');

    const log = await api(server, '/api/sync/conflicts?limit=10', { token: bob.accessToken });
    expect(log.status).toBe(200);
    expect(log.body[0]).toMatchObject({ collection: 'customers', doc_id: base.id, field: 'name', winning_value: 'Ana Lima', losing_value: 'Ana Costa' });
    const forDoc = await api(server, `/api/sync/conflicts?collection=customers&doc_id=${base.id}`, { token: bob.accessToken });
    expect(forDoc.body.map((c: { field: string }) => c.field)).toEqual(['name']);
    expect((await api(server, `/api/sync/conflicts?collection=quotations&doc_id=${base.id}`, { token: bob.accessToken })).body).toEqual([]);

    // Pushing the same conflicting row again neither changes the result nor logs it twice.
    await push(server, bob.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Ana Costa', whatsapp: '31988887777', client_updated_at: isoAt(1000) } },
    ]);
    const again = await server.db.query('SELECT * FROM sync_conflicts WHERE doc_id = $1', [base.id]);
    expect(again.rows).toHaveLength(1);
  });

  test('the incoming edit wins when it is the later one', async () => {
    const base = await createAndPull(customer({ name: 'Bruno' }));
    await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Bruno A', client_updated_at: isoAt(1000) } },
    ]);
    const b = await push<CustomerDoc>(server, bob.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Bruno B', client_updated_at: isoAt(3000) } },
    ]);
    expect(b.masters[0].name).toBe('Bruno B');
    const { rows } = await server.db.query<Record<string, unknown>>('SELECT losing_value FROM sync_conflicts WHERE doc_id = $1', [base.id]);
    expect(rows.map((r) => r.losing_value)).toEqual(['Bruno A']);
  });

  test('delete against an earlier edit: the delete wins and the edit is logged; a later edit restores', async () => {
    const base = await createAndPull(customer({ name: 'Para excluir' }));
    await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, _deleted: true, client_updated_at: isoAt(3000) } },
    ]);
    const b = await push<CustomerDoc>(server, bob.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, name: 'Editado antes', client_updated_at: isoAt(1000) } },
    ]);
    expect(b.masters[0]._deleted).toBe(true);
    const log = await server.db.query<Record<string, unknown>>(`SELECT * FROM sync_conflicts WHERE doc_id = $1 AND field = '_deleted'`, [base.id]);
    expect(log.rows[0].losing_value).toEqual({ name: 'Editado antes' });

    const base2 = await createAndPull(customer({ name: 'Editado depois' }));
    await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: base2, newDocumentState: { ...base2, _deleted: true, client_updated_at: isoAt(1000) } },
    ]);
    const b2 = await push<CustomerDoc>(server, bob.accessToken, 'customers', [
      { assumedMasterState: base2, newDocumentState: { ...base2, name: 'Ainda em uso', client_updated_at: isoAt(3000) } },
    ]);
    expect(b2.masters[0]).toMatchObject({ _deleted: false, name: 'Ainda em uso' });
  });

  test('a refused row does not fail the batch; the header names it with the pt-BR reason', async () => {
    const existing = await createAndPull(customer({ phone: '31 3333-0001' }));
    const ok = customer({ phone: '31 3333-0002' });
    const dupPhone = customer({ phone: '(31) 33330001' }); // same digits, typed another way
    const invalid = customer({ name: '' });
    const threeDecimals = quotation({ total_amount: 10.005 });
    const res = await push<CustomerDoc>(server, alice.accessToken, 'customers', [
      { assumedMasterState: null, newDocumentState: dupPhone },
      { assumedMasterState: null, newDocumentState: ok },
      { assumedMasterState: null, newDocumentState: invalid },
    ]);
    expect(res.status).toBe(200);
    expect(res.rejections).toEqual([
      { id: dupPhone.id, error: 'duplicate_phone', message: 'Este telefone já está cadastrado para outro cliente' },
      { id: invalid.id, error: 'invalid_document', message: ERROR_MESSAGES.invalid_document, fields: ['name'] },
    ]);
    // Refused rows answer with a tombstone of the pushed document (the server has none).
    expect(res.masters.map((m) => [m.id, m._deleted])).toEqual([
      [dupPhone.id, true],
      [invalid.id, true],
    ]);
    expect(await stored('customers', ok.id)).toBeDefined();
    expect(await stored('customers', dupPhone.id)).toBeUndefined();
    const rej = await server.db.query<Record<string, unknown>>('SELECT * FROM sync_rejections WHERE doc_id = $1', [dupPhone.id]);
    expect(rej.rows[0]).toMatchObject({ collection: 'customers', code: 'duplicate_phone', user_id: alice.user.id });

    // A refused edit answers the current server document.
    const edit = await push<CustomerDoc>(server, alice.accessToken, 'customers', [
      { assumedMasterState: existing, newDocumentState: { ...existing, phone: '31 3333-0002', client_updated_at: isoAt(1000) } },
    ]);
    expect(edit.rejections[0].error).toBe('duplicate_phone');
    expect(edit.masters[0]).toMatchObject({ id: existing.id, phone: '31 3333-0001' });

    // A deleted customer's phone can be used again.
    await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: existing, newDocumentState: { ...existing, _deleted: true, client_updated_at: isoAt(2000) } },
    ]);
    const reuse = await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: customer({ phone: '31 3333-0001' }) }]);
    expect(reuse.rejections).toEqual([]);

    const money = await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: threeDecimals }]);
    expect(money.rejections[0]).toMatchObject({ id: threeDecimals.id, error: 'invalid_document', fields: ['total_amount'] });
  });

  test('quotation codes are unique ignoring case and must have the code format', async () => {
    const first = quotation({ code: 'ORC-CASE01' });
    const same = quotation({ code: 'orc-case01' });
    const badCode = quotation({ code: 'ORC 01!' });
    const res = await push(server, alice.accessToken, 'quotations', [
      { assumedMasterState: null, newDocumentState: first },
      { assumedMasterState: null, newDocumentState: same },
      { assumedMasterState: null, newDocumentState: badCode },
    ]);
    expect(res.rejections.map((r) => [r.id, r.error, r.message])).toEqual([
      [same.id, 'duplicate_code', ERROR_MESSAGES.duplicate_code],
      [badCode.id, 'invalid_document', ERROR_MESSAGES.invalid_document],
    ]);
    expect(res.rejections[1].fields).toContain('code');
  });

  test('catalogue names are unique per kind ignoring case and accents', async () => {
    const now = isoAt();
    const item = (kind: string, name: string) => ({
      id: crypto.randomUUID(), kind, name, value: null, unit: null, parent_id: null,
      created_at: now, updated_at: now, client_updated_at: now, created_by: null, _deleted: false,
    });
    // Not one of the server's default entries (migration 005); accents are ignored too.
    const a = item('material', 'Cobre Eletrolítico');
    const b = item('material', 'cobre eletrolitico');
    const c = item('category', 'Cobre Eletrolítico');
    const res = await push(server, alice.accessToken, 'catalog_items', [a, b, c].map((d) => ({ assumedMasterState: null, newDocumentState: d })));
    expect(res.rejections.map((r) => [r.id, r.error, r.message])).toEqual([[b.id, 'duplicate_catalog_name', ERROR_MESSAGES.duplicate_catalog_name]]);
  });

  test('the company profile is one document: edits land, a second profile is refused', async () => {
    // The profile is the owner's (issue 17; tests/server/team.test.ts: a staff member's edit is refused).
    const owner = await signIn(server, { role: 'owner' });
    const { docs } = await pullAll<Record<string, unknown>>(server, owner.accessToken, 'company');
    const profile = docs.find((d) => d.id === 'company');
    const now = isoAt();
    const base = profile ?? {
      id: 'company', name: 'Serralheria', tagline: null, address: 'Rua A, 1', city: 'Itabira', phones: ['31 3333-0000'],
      whatsapp_numbers: [], email: null, facebook_url: null, instagram_url: null, opening_hours: 'Seg a Sex 8h às 17h',
      map_url: null, pix_key: null, created_at: now, updated_at: now, client_updated_at: now, created_by: null, _deleted: false,
    };
    const edit = await push(server, owner.accessToken, 'company', [
      { assumedMasterState: profile ?? null, newDocumentState: { ...base, phones: ['31 3333-0000', '31 99999-0000'], client_updated_at: isoAt(1000) } },
      { assumedMasterState: null, newDocumentState: { ...base, id: 'company-2' } },
    ]);
    expect(edit.rejections.map((r) => [r.id, r.error])).toEqual([['company-2', 'invalid_document']]);
    const after = (await pullAll<Record<string, unknown>>(server, bob.accessToken, 'company')).docs.find((d) => d.id === 'company');
    expect(after?.phones).toEqual(['31 3333-0000', '31 99999-0000']);
  });

  test('staff is read-only and served from the users table', async () => {
    const staff = await pullAll<{ id: string; email: string; created_at: string }>(server, alice.accessToken, 'staff');
    const me = staff.docs.find((d) => d.id === alice.user.id)!;
    expect(me).toEqual({
      id: alice.user.id, email: alice.user.email, name: '', role: 'staff', active: true,
      created_at: expect.any(String), updated_at: expect.any(String), _deleted: false,
    });
    // Instants as the other collections send them (pull pages come as JSON from the database).
    expect(me.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const res = await push(server, alice.accessToken, 'staff', [
      { assumedMasterState: me, newDocumentState: { ...me, email: 'hacker@x.test' } },
      { assumedMasterState: null, newDocumentState: { id: 'new-staff', email: 'x@x.test', created_at: isoAt(), updated_at: isoAt(), _deleted: false } },
    ]);
    expect(res.rejections.map((r) => [r.id, r.error, r.message])).toEqual([
      [me.id, 'read_only_collection', ERROR_MESSAGES.read_only_collection],
      ['new-staff', 'read_only_collection', ERROR_MESSAGES.read_only_collection],
    ]);
    expect(res.masters[0]).toEqual(me);
    expect(res.masters[1]).toMatchObject({ id: 'new-staff', _deleted: true });
    const { rows } = await server.db.query('SELECT email FROM users WHERE id = $1', [alice.user.id]);
    expect(rows[0]).toEqual({ email: alice.user.email });
  });

  test('stock movements are insert-only', async () => {
    const now = isoAt();
    const mv = { id: crypto.randomUUID(), stock_item_id: 'item-1', delta: 5, reason: 'Compra', created_at: now, updated_at: now, client_updated_at: now, created_by: null, _deleted: false };
    expect((await push(server, alice.accessToken, 'stock_movements', [{ assumedMasterState: null, newDocumentState: mv }])).rejections).toEqual([]);
    const master = (await pullAll<typeof mv>(server, alice.accessToken, 'stock_movements')).docs.find((d) => d.id === mv.id)!;
    const change = await push(server, alice.accessToken, 'stock_movements', [
      { assumedMasterState: master, newDocumentState: { ...master, delta: 50, client_updated_at: isoAt(1000) } },
    ]);
    const remove = await push(server, alice.accessToken, 'stock_movements', [
      { assumedMasterState: master, newDocumentState: { ...master, _deleted: true, client_updated_at: isoAt(1000) } },
    ]);
    for (const r of [change, remove]) {
      expect(r.rejections).toEqual([{ id: mv.id, error: 'insert_only', message: ERROR_MESSAGES.insert_only }]);
      expect(r.masters[0]).toMatchObject({ id: mv.id, delta: 5, _deleted: false });
    }
    // Re-sending the stored movement (a retry) is fine.
    expect((await push(server, alice.accessToken, 'stock_movements', [{ assumedMasterState: null, newDocumentState: mv }])).rejections).toEqual([]);
    const row = await stored('stock_movements', mv.id);
    expect(Number(row?.delta)).toBe(5);
    expect(row?._deleted).toBe(false);
  });

  test('created_at in the future is clamped; created_by and created_at never change', async () => {
    const doc = customer({ created_at: isoAt(86_400_000) });
    const first = await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: doc }]);
    // The device (its clock a day ahead) is answered the stored version at once, with the server's created_at.
    expect(first.masters).toHaveLength(1);
    expect(Date.parse(first.masters[0].created_at as string)).toBeLessThanOrEqual(Date.now());
    // That answer lost, the device sends the create again (still no assumed master; its pull
    // may already have passed the stored version): it is answered the stored version again,
    // or it would keep its own created_at for good (found by npm run soak).
    const retry = await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: doc }]);
    expect(retry.masters).toHaveLength(1);
    expect(retry.masters[0].created_at).toBe(first.masters[0].created_at);
    // Its adoption overtaken by a local edit, the device sends the edit against the stored
    // version, still with its own created_at: the edit lands and the answer carries the stamps.
    const edit = await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: first.masters[0], newDocumentState: { ...doc, name: 'Editado antes de adotar', client_updated_at: isoAt(86_400_000 + 10) } },
    ]);
    expect(edit.masters).toHaveLength(1);
    expect(edit.masters[0]).toMatchObject({ name: 'Editado antes de adotar', created_at: first.masters[0].created_at });
    const got = (await pullAll<CustomerDoc>(server, bob.accessToken, 'customers')).docs.find((d) => d.id === doc.id)!;
    expect(Date.parse(got.created_at)).toBeLessThanOrEqual(Date.now());
    await push(server, bob.accessToken, 'customers', [
      { assumedMasterState: got, newDocumentState: { ...got, name: 'Outro', created_by: bob.user.id, created_at: '2000-01-01T00:00:00.000Z', client_updated_at: isoAt(1000) } },
    ]);
    const after = (await pullAll<CustomerDoc>(server, bob.accessToken, 'customers')).docs.find((d) => d.id === doc.id)!;
    expect(after).toMatchObject({ name: 'Outro', created_by: alice.user.id, created_at: got.created_at });
  });

  test('server-side writes reach devices and merge with offline edits like any other', async () => {
    const q = quotation();
    await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
    const base = (await pullAll<QuotationDoc>(server, alice.accessToken, 'quotations')).docs.find((d) => d.id === q.id)!;
    const { checkpoint } = await pullAll(server, bob.accessToken, 'quotations');
    const decidedAt = isoAt();
    const updated = await updateAsServer(server.db, 'quotations', q.id, { status: 'accepted', decided_at: decidedAt });
    expect(updated).toMatchObject({ status: 'accepted' });
    const res = await pull<QuotationDoc>(server, bob.accessToken, 'quotations', checkpoint);
    expect(res.body.documents.map((d) => [d.id, d.status])).toEqual([[q.id, 'accepted']]);
    // Alice edited the description offline before the customer accepted: both survive.
    const a = await push<QuotationDoc>(server, alice.accessToken, 'quotations', [
      { assumedMasterState: base, newDocumentState: { ...base, description: 'Portão com pintura', client_updated_at: isoAt(-1000) } },
    ]);
    expect(a.masters[0]).toMatchObject({ status: 'accepted', decided_at: decidedAt, description: 'Portão com pintura' });
  });

  test("a customer's decision on the public page reaches devices through pull", async () => {
    const q = quotation({ validity_date: '2099-12-31' });
    await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
    const { checkpoint } = await pullAll(server, bob.accessToken, 'quotations');
    const res = await api(server, `/api/public/quotations/${q.code.toLowerCase()}/accept?k=${q.link_secret}`, { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    const after = await pull<QuotationDoc>(server, bob.accessToken, 'quotations', checkpoint);
    expect(after.body.documents).toHaveLength(1);
    expect(after.body.documents[0]).toMatchObject({ id: q.id, status: 'accepted', description: q.description });
    expect(after.body.documents[0].decided_at).toEqual(expect.any(String));
  });

  test('after tombstones are purged, a device with an older checkpoint must resync', async () => {
    const base = await createAndPull(customer());
    const { checkpoint: old } = await pullAll(server, bob.accessToken, 'customers');
    await push(server, alice.accessToken, 'customers', [
      { assumedMasterState: base, newDocumentState: { ...base, _deleted: true, client_updated_at: isoAt(1000) } },
    ]);
    // Nothing is old enough today.
    expect((await purgeTombstones(server.db)).purged).toBe(0);
    expect((await pull(server, bob.accessToken, 'customers', old)).status).toBe(200);

    const purge = await purgeTombstones(server.db, { now: new Date(Date.now() + 91 * 86_400_000) });
    expect(purge.purged).toBeGreaterThan(0);
    expect(await stored('customers', base.id)).toBeUndefined();
    // Other collections had nothing purged: an old checkpoint there is still good.
    expect((await pull(server, bob.accessToken, 'stock_items', old)).status).toBe(200);
    expect((await pull(server, bob.accessToken, 'staff', old)).status).toBe(200);
    const stale = await pull(server, bob.accessToken, 'customers', old);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'resync_required', message: ERROR_MESSAGES.resync_required });
    // A full resync (no checkpoint) works, and a checkpoint past the purge is fine.
    const full = await pullAll(server, bob.accessToken, 'customers');
    expect(full.docs.some((d) => d.id === base.id)).toBe(false);
    expect((await pull(server, bob.accessToken, 'customers', full.checkpoint)).status).toBe(200);
    // A download started after the purge pages through old sequence numbers without a 409.
    let cp: { seq: number } | null = null;
    let pages = 0;
    for (;;) {
      const page: PullResult<CustomerDoc> = await pull<CustomerDoc>(server, bob.accessToken, 'customers', cp, 1);
      expect(page.status).toBe(200);
      if (page.body.documents.length === 0) break;
      cp = page.body.checkpoint;
      pages++;
    }
    expect(pages).toBe(full.docs.length);
  });

  test('bad requests are answered 400 (or 404 for an unknown collection), never 500', async () => {
    const t = alice.accessToken;
    const bad: [string, string, unknown?][] = [
      ['GET', '/api/sync/customers/pull?checkpoint=%7Bnope'],
      ['GET', '/api/sync/customers/pull?checkpoint=%7B%22seq%22%3A-1%7D'],
      ['GET', '/api/sync/customers/pull?checkpoint=%5B1%5D'],
      ['GET', '/api/sync/customers/pull?checkpoint=%7B%22seq%22%3A%22x%22%7D'],
      ['GET', '/api/sync/customers/pull?limit=abc'],
      ['GET', '/api/sync/customers/pull?limit=0'],
      ['GET', '/api/sync/conflicts?limit=-3'],
      ['POST', '/api/sync/customers/push', { not: 'an array' }],
      ['POST', '/api/sync/customers/push', '{"broken json'],
      ['POST', '/api/sync/customers/push', 'null'],
    ];
    for (const [method, path, body] of bad) {
      const res = await api(server, path, { method, token: t, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(typeof res.body.message).toBe('string');
    }
    const unknown = await api(server, '/api/sync/orders/pull', { token: t });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'unknown_collection', message: ERROR_MESSAGES.unknown_collection });
    expect((await api(server, '/api/sync/orders/push', { method: 'POST', token: t, body: [] })).status).toBe(404);
    // Garbage inside a well-formed row is a refusal of that row, not a failed request.
    const weird = await push(server, t, 'customers', [
      { assumedMasterState: null, newDocumentState: { id: 'w1', name: 5, _deleted: 'yes' } },
      { assumedMasterState: null, newDocumentState: customer({ id: 'w2', created_at: 'ontem' }) },
    ]);
    expect(weird.status).toBe(200);
    expect(weird.rejections.map((r) => r.error)).toEqual(['invalid_document', 'invalid_document']);
    // So is a malformed row (no document, no id, a master state that is not a document):
    // refused on its own with the field at fault, and the valid row beside it lands (issue 11).
    const good = customer();
    const malformed = await push(server, t, 'customers', [
      { assumedMasterState: null } as never,
      { assumedMasterState: 5, newDocumentState: { id: 'x' } },
      { newDocumentState: { name: 'sem id' } } as never,
      { assumedMasterState: null, newDocumentState: good },
    ]);
    expect(malformed.status).toBe(200);
    expect(malformed.rejections.map((r) => [r.error, r.fields])).toEqual([
      ['invalid_document', ['newDocumentState']],
      ['invalid_document', ['assumedMasterState']],
      ['invalid_document', ['id']],
    ]);
    expect((await pullAll<CustomerDoc>(server, t, 'customers')).docs.some((d) => d.id === good.id)).toBe(true);
    // A limit above the maximum is capped, not refused.
    expect((await api(server, '/api/sync/customers/pull?limit=999999', { token: t })).status).toBe(200);
  });

  test('a pull page holds at most 1000 documents whatever limit is asked, and 100 when none is', async () => {
    // More than the cap, written straight into the table (one statement, each with its own number).
    await server.db.query(
      `INSERT INTO customers (id, name, phone, created_at, updated_at, client_updated_at, _seq)
       SELECT 'cap-' || g, 'Cliente ' || g, '(11) 9' || lpad(g::text, 8, '0'), now(), now(), now(), nextval('forja_seq')
         FROM generate_series(1, 1005) g`,
    );
    const t = alice.accessToken;
    const page = async (qs: string) => {
      const res = await api<{ documents: unknown[] }>(server, `/api/sync/customers/pull?checkpoint=null${qs}`, { token: t });
      expect(res.status, qs).toBe(200);
      return res.body.documents.length;
    };
    expect(await page('&limit=999999')).toBe(1000);
    expect(await page('&limit=1001')).toBe(1000);
    expect(await page('&limit=1000')).toBe(1000);
    expect(await page('&limit=7')).toBe(7);
    expect(await page('')).toBe(100);
  });
});
