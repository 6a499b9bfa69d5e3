/**
 * The ordering race, on real PostgreSQL (runs only when DATABASE_URL is set).
 *
 * With a plain sequence, a slow transaction that took number N can commit after a faster one
 * that took N+1 — and after a device already pulled up to N+1. That device's next pull asks
 * for "> N+1" and never sees row N. The control case below shows it on a scratch sequence.
 * The server's write path (store.writeDoc → nextSeq: advisory lock, then nextval, lock held
 * to COMMIT) makes the fast writer wait, so numbers become visible in order.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../support/server';
import { describePostgresOnly } from '../support/postgres-only';
import { TABLES } from '../../sync-server/src/collections/tables';
import { writeDoc } from '../../sync-server/src/sync/store';
import { SEQ_LOCK_KEY } from '../../sync-server/src/db/sequence';
import { customer, pull, pullAll, push } from './sync-fixtures';

const SLOW_SECONDS = 1.5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describePostgresOnly('ordering race on PostgreSQL', () => {
  let server: TestServer;
  let session: Awaited<ReturnType<typeof signIn>>;
  const clients: pg.Client[] = [];

  async function client(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: server.testDb.databaseUrl! });
    await c.connect();
    clients.push(c);
    return c;
  }

  beforeAll(async () => {
    server = await startTestServer({ backend: 'postgres' });
    session = await signIn(server);
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => {});
    await server?.stop();
  });

  test('control: without the lock a plain nextval loses the slow row', async () => {
    const slow = await client();
    const fast = await client();
    const reader = await client();
    await reader.query('CREATE SEQUENCE scratch_seq');
    await reader.query('CREATE TABLE scratch (id text PRIMARY KEY, seq bigint NOT NULL)');

    await slow.query('BEGIN');
    await slow.query(`INSERT INTO scratch VALUES ('slow', nextval('scratch_seq'))`); // takes 1
    const slowCommit = slow.query(`SELECT pg_sleep(${SLOW_SECONDS})`).then(() => slow.query('COMMIT'));
    await fast.query(`INSERT INTO scratch VALUES ('fast', nextval('scratch_seq'))`); // takes 2, autocommits
    // A device pulls in between: it sees 2 and moves its checkpoint past 1.
    const between = await reader.query<{ id: string; seq: string }>('SELECT id, seq FROM scratch WHERE seq > 0 ORDER BY seq');
    expect(between.rows.map((r) => r.id)).toEqual(['fast']);
    const checkpoint = Number(between.rows[0].seq);
    await slowCommit;
    const after = await reader.query('SELECT id FROM scratch WHERE seq > $1', [checkpoint]);
    expect(after.rows).toEqual([]); // the slow row is lost for this device
    expect((await reader.query(`SELECT id FROM scratch WHERE id = 'slow'`)).rows).toHaveLength(1);
  });

  test('the server write path: a pull in between never skips the slow row', async () => {
    const { checkpoint: start } = await pullAll(server, session.accessToken, 'customers');
    const slowDoc = customer({ name: 'Lento' });
    const def = TABLES.customers;

    // A slow writer takes its sequence number through the real write path, then dawdles.
    let slowSeq = 0;
    const slowWrite = server.db.transaction(async (tx) => {
      await writeDoc(tx, def, { ...slowDoc, created_by: session.user.id }, { userId: session.user.id, sessionId: session.sessionId });
      const { rows } = await tx.query<{ seq: string }>('SELECT _seq::text AS seq FROM customers WHERE id = $1', [slowDoc.id]);
      slowSeq = Number(rows[0].seq);
      await tx.query(`SELECT pg_sleep(${SLOW_SECONDS})`);
    });
    await sleep(200);

    // A fast push over HTTP meanwhile, and a device pulling while both are in flight.
    const fastDoc = customer({ name: 'Rápido' });
    const fastStarted = Date.now();
    const fastPush = push(server, session.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: fastDoc }]).then((r) => ({
      ...r,
      ms: Date.now() - fastStarted,
    }));
    await sleep(200);
    const between = await pull(server, session.accessToken, 'customers', start);
    expect(between.status).toBe(200);
    // Neither is visible yet: the fast writer is waiting for the slow one's lock.
    expect(between.body.documents.map((d) => d.id)).toEqual([]);

    await slowWrite;
    const fast = await fastPush;
    expect(fast.status).toBe(200);
    expect(fast.ms).toBeGreaterThan(SLOW_SECONDS * 1000 - 600);

    const after = await pull(server, session.accessToken, 'customers', between.body.checkpoint);
    const ids = after.body.documents.map((d) => d.id);
    expect(ids).toEqual([slowDoc.id, fastDoc.id]);
    const fastRow = await server.db.query<{ seq: string }>('SELECT _seq::text AS seq FROM customers WHERE id = $1', [fastDoc.id]);
    expect(Number(fastRow.rows[0].seq)).toBeGreaterThan(slowSeq);
  });

  test('two pushes of one document from the same base, racing: the later one merges with the earlier (the push locks writers before reading)', async () => {
    const t = session.accessToken;
    const doc = customer({ name: 'Nome antigo', description: null });
    expect((await push(server, t, 'customers', [{ assumedMasterState: null, newDocumentState: doc }])).rejections).toEqual([]);
    const master = (await pullAll<Record<string, unknown> & { id: string }>(server, t, 'customers')).docs.find((d) => d.id === doc.id)!;

    // Another writer holds the write lock: both pushes start meanwhile, from the same base, each
    // changing its own field.
    const holder = await client();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_advisory_xact_lock($1)', [SEQ_LOCK_KEY]);
    const edits = [{ name: 'Nome novo' }, { description: 'Cliente desde 2019' }];
    const pushes = edits.map((edit) =>
      push(server, t, 'customers', [{ assumedMasterState: master, newDocumentState: { ...master, ...edit, client_updated_at: new Date().toISOString() } }]),
    );
    await sleep(500); // both are inside their transactions by now
    await holder.query('COMMIT');
    for (const res of await Promise.all(pushes)) {
      expect(res.status).toBe(200);
      expect(res.rejections).toEqual([]);
    }
    // Whichever went second read the first one's version and merged: neither edit is lost.
    const stored = (await pullAll<Record<string, unknown> & { id: string }>(server, t, 'customers')).docs.find((d) => d.id === doc.id)!;
    expect(stored).toMatchObject({ name: 'Nome novo', description: 'Cliente desde 2019' });
  });

  test('many concurrent pushes while a device keeps pulling: the device ends with every row', async () => {
    const { checkpoint: start } = await pullAll(server, session.accessToken, 'customers');
    const docs = Array.from({ length: 40 }, () => customer());
    let checkpoint = start;
    const seen = new Set<string>();
    let done = false;
    const puller = (async () => {
      while (!done) {
        const res = await pull(server, session.accessToken, 'customers', checkpoint, 5);
        for (const d of res.body.documents) seen.add(String(d.id));
        checkpoint = res.body.checkpoint;
      }
    })();
    await Promise.all(docs.map((d) => push(server, session.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: d }])));
    done = true;
    await puller;
    for (;;) {
      const res = await pull(server, session.accessToken, 'customers', checkpoint, 100);
      if (res.body.documents.length === 0) break;
      for (const d of res.body.documents) seen.add(String(d.id));
      checkpoint = res.body.checkpoint;
    }
    expect(docs.filter((d) => !seen.has(d.id))).toEqual([]);
  });
});
