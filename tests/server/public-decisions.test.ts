/**
 * Issue 17 §4, the customer's decision on the public link: a quotation past its validity date is
 * 'Vencido' and cannot be accepted; once decided, a second decision from the link is refused;
 * staff renew the validity or reopen the quotation by editing it. Every refusal is a 409 with a
 * pt-BR message (never a 500), changes nothing, and stays in the decisions log.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, shopDate, type PublicQuotation, type QuotationDoc } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored, pullAll, push, type Wire } from './sync-fixtures';
import { insertQuotation, withKey } from './public-fixtures';
import { describePostgresOnly } from '../support/postgres-only';

/**
 * What the decision log promises (README, public/quotations.ts): sha256, in hex, of the view's
 * JSON with object keys sorted at every level. Computed here on its own, so a change of that form
 * — which would stop old evidence from verifying — fails too.
 */
function evidenceHash(shown: PublicQuotation): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify(sorted(shown))).digest('hex');
}

const DAY = 86_400_000;
/** A decision's answer: the public view, or a refusal's {error, message}. */
type Answer = PublicQuotation & { error?: string; message?: string };
/** The shop's date `days` from today (server and test share the machine's clock). */
const shopDay = (days: number) => shopDate(Date.now() + days * DAY);

describe.each(backends())('public decisions (%s)', (backend) => {
  let server: TestServer;
  let staffToken: string;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    staffToken = (await signIn(server)).accessToken;
  });
  afterAll(async () => {
    await server?.stop();
  });

  // As the customer's page asks: with the secret of the link staff sent (issue 30).
  type Link = { code: string; link_secret: string | null };
  const view = (q: Link) => api<PublicQuotation>(server, `/api/public/quotations/${q.code}${withKey(q)}`);
  const accept = (q: Link) =>
    api<Answer>(server, `/api/public/quotations/${q.code}/accept${withKey(q)}`, { method: 'POST', headers: { 'user-agent': 'Celular/2.0' } });
  const reject = (q: Link, reason?: string) =>
    api<Answer>(server, `/api/public/quotations/${q.code}/reject${withKey(q)}`, { method: 'POST', body: reason ? { reason } : {} });
  const log = async (id: string) =>
    (
      await server.db.query<{ decision: string; reason: string | null; refused: string | null; user_agent: string | null; version_hash: string }>(
        'SELECT decision, reason, refused, user_agent, version_hash FROM quotation_decisions WHERE quotation_id = $1 ORDER BY id',
        [id],
      )
    ).rows;
  const stored = async (id: string) =>
    (await server.db.query<{ status: string; decided_at: unknown; decision_reason: string | null }>('SELECT status, decided_at, decision_reason FROM quotations WHERE id = $1', [id])).rows[0];

  test('past its validity date: shown as expired, accepting is refused (409, pt-BR) and logged; nothing changes', async () => {
    const q = await insertQuotation(server.db, { validity_date: shopDay(-1) });
    expect((await view(q)).body).toMatchObject({ status: 'pending', expired: true });

    const res = await accept(q);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'quotation_expired', message: ERROR_MESSAGES.quotation_expired });
    expect(res.body.message).toContain('vencido');

    expect(await stored(q.id)).toMatchObject({ status: 'pending', decided_at: null });
    expect((await view(q)).body).toMatchObject({ status: 'pending', expired: true, decided_at: null });
    const rows = await log(q.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ decision: 'accepted', refused: 'quotation_expired', user_agent: 'Celular/2.0' });
    expect(rows[0].version_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('valid through its validity date: a quotation valid until today can still be accepted', async () => {
    const q = await insertQuotation(server.db, { validity_date: shopDay(0) });
    expect((await view(q)).body.expired).toBe(false);
    const res = await accept(q);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', expired: false });
    expect(await log(q.id)).toEqual([expect.objectContaining({ decision: 'accepted', refused: null })]);
  });

  test('staff renew the validity (edit it to a future date): Pendente again, and the customer can accept', async () => {
    const q = await insertQuotation(server.db, { validity_date: shopDay(-10) });
    expect((await accept(q)).status).toBe(409);

    const pushed = await editStored(server, staffToken, 'quotations', q.id, { validity_date: shopDay(15) });
    expect(pushed.rejections).toEqual([]);
    expect((await view(q)).body).toMatchObject({ status: 'pending', expired: false, validity_date: shopDay(15) });

    const res = await accept(q);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', expired: false });
    expect(res.body.decided_at).toEqual(expect.any(String));
    expect((await log(q.id)).map((r) => [r.decision, r.refused])).toEqual([
      ['accepted', 'quotation_expired'],
      ['accepted', null],
    ]);
  });

  test('once decided, a second decision from the link is refused (409, pt-BR): the first one stands', async () => {
    const q = await insertQuotation(server.db);
    const first = await accept(q);
    expect(first.status).toBe(200);

    const second = await reject(q, 'Mudei de ideia');
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'quotation_already_decided', message: ERROR_MESSAGES.quotation_already_decided });
    const again = await accept({ ...q, code: q.code.toLowerCase() });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('quotation_already_decided');

    expect(await stored(q.id)).toMatchObject({ status: 'accepted', decision_reason: null });
    const shown = (await view(q)).body;
    expect(shown).toMatchObject({ status: 'accepted', decided_at: first.body.decided_at, decision_reason: null });
    // Everything is in the log, the refused attempts (with what the customer typed) too.
    expect((await log(q.id)).map((r) => [r.decision, r.reason, r.refused])).toEqual([
      ['accepted', null, null],
      ['rejected', 'Mudei de ideia', 'quotation_already_decided'],
      ['accepted', null, 'quotation_already_decided'],
    ]);
  });

  test('a rejected quotation cannot be accepted from the link either, even past its validity', async () => {
    const q = await insertQuotation(server.db);
    expect((await reject(q, 'Caro')).status).toBe(200);
    const res = await accept(q);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('quotation_already_decided');
    expect((await view(q)).body).toMatchObject({ status: 'rejected', decision_reason: 'Caro', expired: false });
  });

  test('staff reopen a decided quotation by editing it (back to pending, the decision kept in the history): the link decides again', async () => {
    const q = await insertQuotation(server.db);
    const accepted = await accept(q);
    expect(accepted.status).toBe(200);
    // What the app's edit writes (src/domain/quotation-form.ts resetDecision).
    const pushed = await editStored(server, staffToken, 'quotations', q.id, {
      description: 'Portão de aço 3x2 m com pintura e fechadura',
      status: 'pending',
      decided_at: null,
      decision_reason: null,
      decision_history: [{ status: 'accepted', decided_at: accepted.body.decided_at, reason: null, reset_at: new Date().toISOString() }],
    });
    expect(pushed.rejections).toEqual([]);
    expect((await view(q)).body).toMatchObject({ status: 'pending', decided_at: null, expired: false });

    const res = await reject(q, 'Ficou caro com a fechadura');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', decision_reason: 'Ficou caro com a fechadura' });
    expect((await log(q.id)).map((r) => [r.decision, r.refused])).toEqual([
      ['accepted', null],
      ['rejected', null],
    ]);
  });

  test('the evidence: each logged decision carries the sha256 of the canonical JSON of the exact view the customer saw', async () => {
    // Accepted: the view as shown right before (pending, viewed).
    const q = await insertQuotation(server.db);
    const seen = (await view(q)).body;
    expect((await accept(q)).status).toBe(200);
    // Rejected with a reason, on a quotation a staff edit changed after its first view.
    const r = await insertQuotation(server.db);
    await view(r);
    expect((await editStored(server, staffToken, 'quotations', r.id, { total_amount: 1500.1, discounts: 0 })).rejections).toEqual([]);
    const seenR = (await view(r)).body;
    expect(seenR.total_amount).toBe(1500.1);
    expect((await reject(r, 'Achei caro')).status).toBe(200);
    // Refused (expired): the view it was refused on.
    const e = await insertQuotation(server.db, { validity_date: shopDay(-2) });
    const seenE = (await view(e)).body;
    expect((await accept(e)).status).toBe(409);

    for (const [id, shown] of [[q.id, seen], [r.id, seenR], [e.id, seenE]] as const) {
      const rows = await log(id);
      expect(rows).toHaveLength(1);
      expect(rows[0].version_hash, shown.code).toBe(evidenceHash(shown));
    }
    // …and not of what the decision made of it, nor of another version.
    const decided = (await view(q)).body;
    expect((await log(q.id))[0].version_hash).not.toBe(evidenceHash(decided));
    expect((await log(r.id))[0].version_hash).not.toBe(evidenceHash({ ...seenR, total_amount: 1234.5 }));
  });

  describe('a staff device offline while the customer decides: the decision is never lost', () => {
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    /** The device's copy of the quotation, as its last pull brought it. */
    const pulled = async (token: string, id: string) => (await pullAll<Wire<QuotationDoc>>(server, token, 'quotations')).docs.find((d) => d.id === id)!;
    /** An instant strictly between what happened before and what happens after. */
    const meanwhile = async () => {
      await sleep(25);
      const at = new Date().toISOString();
      await sleep(25);
      return at;
    };

    test('an edit made offline before the acceptance lands beside it; the stored edit time is the acceptance’s', async () => {
      const device = (await signIn(server)).accessToken;
      const q = await insertQuotation(server.db);
      const copy = await pulled(device, q.id);
      const editedAt = await meanwhile();
      const accepted = await accept(q);
      expect(accepted.status).toBe(200);

      const res = await push<QuotationDoc>(server, device, 'quotations', [
        { assumedMasterState: copy, newDocumentState: { ...copy, description: 'Portão com fechadura', client_updated_at: editedAt } },
      ]);
      expect(res.rejections).toEqual([]);
      expect(res.masters[0]).toMatchObject({ status: 'accepted', decided_at: accepted.body.decided_at, description: 'Portão com fechadura' });
      // The acceptance is the later edit: a device edit made after it could not have seen the quotation pending.
      expect(Date.parse(res.masters[0].client_updated_at)).toBeGreaterThanOrEqual(Date.parse(accepted.body.decided_at!));
      expect((await view(q)).body).toMatchObject({ status: 'accepted', description: 'Portão com fechadura' });
    });

    test('a reopening made offline before the customer accepted the reopened quotation does not undo the acceptance', async () => {
      const device = (await signIn(server)).accessToken;
      const q = await insertQuotation(server.db);
      expect((await reject(q, 'Caro')).status).toBe(200);
      const copy = await pulled(device, q.id); // the device saw it rejected, then lost its signal
      const earlier = { status: 'rejected' as const, decided_at: copy.decided_at, reason: 'Caro' };
      // Another device reopens it (online) and the customer is told so…
      const reopened = await editStored(server, staffToken, 'quotations', q.id, {
        status: 'pending', decided_at: null, decision_reason: null, decision_history: [{ ...earlier, reset_at: new Date().toISOString() }],
      });
      expect(reopened.rejections).toEqual([]);
      // …the offline device reopens and edits its copy too, and only then does the customer accept.
      const editedAt = await meanwhile();
      const accepted = await accept(q);
      expect(accepted.status).toBe(200);

      const res = await push<QuotationDoc>(server, device, 'quotations', [
        {
          assumedMasterState: copy,
          newDocumentState: {
            ...copy,
            description: 'Portão com fechadura',
            status: 'pending',
            decided_at: null,
            decision_reason: null,
            decision_history: [{ ...earlier, reset_at: editedAt }],
            client_updated_at: editedAt,
          },
        },
      ]);
      expect(res.rejections).toEqual([]);
      expect(res.masters[0]).toMatchObject({ status: 'accepted', decided_at: accepted.body.decided_at, description: 'Portão com fechadura' });
      expect((await view(q)).body).toMatchObject({ status: 'accepted', decided_at: accepted.body.decided_at, description: 'Portão com fechadura' });
      expect(await stored(q.id)).toMatchObject({ status: 'accepted' });
    });

    test('a deletion made offline before the acceptance does not delete the accepted quotation', async () => {
      const device = (await signIn(server)).accessToken;
      const q = await insertQuotation(server.db);
      const copy = await pulled(device, q.id);
      const deletedAt = await meanwhile();
      expect((await accept(q)).status).toBe(200);

      const res = await push<QuotationDoc>(server, device, 'quotations', [
        { assumedMasterState: copy, newDocumentState: { ...copy, _deleted: true, client_updated_at: deletedAt } },
      ]);
      expect(res.rejections).toEqual([]);
      expect(res.masters[0]).toMatchObject({ status: 'accepted', _deleted: false });
      expect((await view(q)).body.status).toBe('accepted');
    });
  });

  test('refusals are 4xx with a pt-BR message for every code the link can meet, never a 5xx', async () => {
    const expired = await insertQuotation(server.db, { validity_date: '2020-01-01' });
    const decided = await insertQuotation(server.db, { status: 'accepted' });
    const cases: [string, string][] = [
      [`/api/public/quotations/${expired.code}/accept${withKey(expired)}`, 'quotation_expired'],
      [`/api/public/quotations/${decided.code}/accept${withKey(decided)}`, 'quotation_already_decided'],
      [`/api/public/quotations/${decided.code}/reject${withKey(decided)}`, 'quotation_already_decided'],
      // An unknown code answers like a quotation opened without its secret (issue 30: no guessing which exist).
      ['/api/public/quotations/ORC-NAOEXISTE/accept', 'quotation_phone_required'],
      ['/api/public/quotations/ORC-NAOEXISTE/accept?tel=1234', 'quotation_phone_mismatch'],
    ];
    for (const [path, code] of cases) {
      const res = await api(server, path, { method: 'POST', body: {} });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body, path).toEqual({ error: code, message: ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES] });
      expect(res.body.message, path).toMatch(/[ãçéêó]|Orçamento|orçamento/);
    }
  });
});

describePostgresOnly('two decisions posted at the same moment on one quotation (issue 30)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend: 'postgres' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('end with exactly one 200 and one decision stored; the other is refused (409) and logged as refused', async () => {
    // Several rounds, two phones each (accept against reject, accept against accept), all at once.
    for (let round = 0; round < 6; round++) {
      const q = await insertQuotation(server.db);
      const decide = (verb: 'accept' | 'reject') =>
        api<Answer>(server, `/api/public/quotations/${q.code}/${verb}${withKey(q)}`, { method: 'POST', body: verb === 'reject' ? { reason: `r${round}` } : {} });
      const verbs = round % 2 === 0 ? (['accept', 'reject'] as const) : (['accept', 'accept'] as const);
      const answers = await Promise.all(verbs.map(decide));
      const where = `round ${round}: ${verbs.join(' vs ')}`;
      expect(answers.map((a) => a.status).sort(), where).toEqual([200, 409]);
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.error, where).toBe('quotation_already_decided');
      const winner = answers.find((a) => a.status === 200)!;
      const { rows } = await server.db.query<{ decision: string; refused: string | null }>(
        'SELECT decision, refused FROM quotation_decisions WHERE quotation_id = $1 ORDER BY id',
        [q.id],
      );
      expect(rows.filter((r) => r.refused === null), where).toEqual([{ decision: winner.body.status, refused: null }]);
      expect(rows.filter((r) => r.refused !== null).map((r) => r.refused), where).toEqual(['quotation_already_decided']);
      const stored = (await server.db.query<{ status: string }>('SELECT status FROM quotations WHERE id = $1', [q.id])).rows[0];
      expect(stored.status, where).toBe(winner.body.status);
    }
  });
});
