/**
 * Two devices, offline, give two quotations the same code. The second to sync is refused
 * (`duplicate_code`); its device takes a new code by itself and the quotation reaches the server —
 * nothing lost, nothing stuck.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/server';
import { insertDocument } from '../../src/data/db/writes';
import { watchCodeCollisions, type CodeRecovery } from '../../src/data/db/quotations';
import { eventually, makeClient, serverDocs, stopServer } from './clients';

const quotation = (code: string, description: string) => ({
  code,
  customer_id: null,
  description,
  status: 'pending' as const,
  total_amount: 500,
  discounts: 0,
  taxes: 0,
  payment_method: 'PIX',
  validity_date: '2026-12-31',
  execution_deadline: '5 dias',
  materials: [],
  viewed_at: null,
  decided_at: null,
  decision_reason: null,
  decision_history: null,
});

describe.each(backends())('quotation code taken by another device (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await stopServer(server);
  });

  test('the refused device re-codes its quotation, tells the user, and it reaches the server', async () => {
    const a = await makeClient(server, { label: 'A', collections: ['quotations'], online: false });
    const b = await makeClient(server, { label: 'B', collections: ['quotations'], online: false });
    const told: CodeRecovery[] = [];
    const sub = watchCodeCollisions(b.fdb, (r) => told.push(r));
    try {
      const code = `ORC-T${Date.now().toString(36).slice(-5).toUpperCase()}`;
      const qa = await insertDocument(a.fdb, 'quotations', quotation(code, 'Portão do dispositivo A'));
      const qb = await insertDocument(b.fdb, 'quotations', quotation(code, 'Mezanino do dispositivo B'));
      a.setOnline(true);
      await eventually(async () => {
        if (!(await serverDocs(server, a.session.accessToken, 'quotations')).some((d) => d.id === qa.id)) throw new Error('not yet');
      }, 'A on the server');
      b.setOnline(true);

      const onServer = await eventually(async () => {
        const docs = await serverDocs(server, a.session.accessToken, 'quotations');
        const mine = docs.find((d) => d.id === qb.id && d._deleted !== true);
        if (!mine || mine.code === code) throw new Error(`not yet: ${JSON.stringify(mine ?? null)}`);
        return mine;
      }, "B's quotation on the server with a new code", 30_000);
      expect(onServer.code).not.toBe(code);
      expect(onServer.description).toBe('Mezanino do dispositivo B');
      expect(told).toEqual([{ id: qb.id, oldCode: code, newCode: onServer.code }]);
      await eventually(async () => {
        const s = b.fdb.sync.status$.value;
        if (s.pending !== 0 || s.refused.length !== 0) throw new Error(`pending ${s.pending}, refused ${s.refused.length}`);
      }, 'B settled');
      const local = await b.fdb.db.quotations.findOne(qb.id).exec();
      expect(local?.code).toBe(onServer.code);
    } finally {
      sub.unsubscribe();
      await a.close();
      await b.close();
    }
  });
});
