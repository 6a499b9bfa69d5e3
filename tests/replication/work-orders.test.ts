/**
 * Ordens de serviço across devices (issue 31), through the app's own commands: two offline devices
 * move one OS and add notes — after both sync every move and note is in the history on both
 * devices and on the server, and the current stage (the latest move in the server's order) is the
 * same everywhere. Two offline devices opening an OS for one quotation end with one OS.
 */
import { describe, expect, test } from 'vitest';
import type { CollectionName, QuotationDoc, WorkOrderDoc, WorkOrderEventDoc } from '@shared';
import { backends } from '../support/server';
import { createWorkOrderCommands } from '../../src/data/db/work-orders';
import { workOrderState } from '../../src/domain/work-orders';
import { push, quotation } from '../server/sync-fixtures';
import { check, converged, eventually, makeClient, serverDocs, serverForSuite } from './clients';

const COLLECTIONS: CollectionName[] = ['quotations', 'work_orders', 'work_order_events'];
const TODAY = '2026-11-27';

describe.each(backends())('ordens de serviço across devices (%s)', (backend) => {
  const suite = serverForSuite(backend);

  async function device(label: string) {
    const c = await makeClient(suite.server, { label, collections: COLLECTIONS });
    suite.clients.push(c);
    return { c, os: createWorkOrderCommands(async () => c.fdb) };
  }

  /** An accepted quotation on the server, once it reached every device given. */
  async function acceptedQuotation(...devices: { c: Awaited<ReturnType<typeof makeClient>> }[]): Promise<QuotationDoc> {
    // Written through the server (as the customer's acceptance is): the devices are told of it.
    const q = quotation({ status: 'accepted', decided_at: new Date().toISOString() });
    const sent = await push(suite.server, devices[0].c.session.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
    check(sent.rejections.length === 0, JSON.stringify(sent.rejections));
    let doc: QuotationDoc | undefined;
    for (const d of devices) {
      doc = await eventually(async () => {
        const found = (await d.c.docs<QuotationDoc>('quotations')).find((x) => x.id === q.id);
        check(!!found, `${d.c.label} has the quotation`);
        return found!;
      }, `${d.c.label} receives the quotation`);
    }
    return doc!;
  }

  const historyOf = async (c: Awaited<ReturnType<typeof makeClient>>, id: string) =>
    (await c.docs<WorkOrderEventDoc>('work_order_events')).filter((e) => e.work_order_id === id);

  test('two offline devices move one OS and add notes: both moves and notes everywhere, the same current stage (the server order)', async () => {
    const a = await device('A');
    const b = await device('B');
    const q = await acceptedQuotation(a, b);
    const order = await a.os.openFromQuotation(q);
    await a.os.moveStage(order.id, 'em_execucao');
    await converged(suite.server, a.c.session.accessToken, [a.c, b.c], COLLECTIONS);

    a.c.setOnline(false);
    b.c.setOnline(false);
    await a.os.moveStage(order.id, 'pronto_para_retirada');
    await a.os.addNote(order.id, 'A: soldado e pintado');
    await b.os.moveStage(order.id, 'aguardando_material');
    await b.os.addNote(order.id, 'B: faltou chapa 2 mm');
    // Each device, offline, sees its own move as the current stage.
    expect(workOrderState(order, await historyOf(a.c, order.id), TODAY).stage).toBe('pronto_para_retirada');
    expect(workOrderState(order, await historyOf(b.c, order.id), TODAY).stage).toBe('aguardando_material');

    // A reaches the server first, then B: B's move is the later one in the server's order.
    a.c.setOnline(true);
    await eventually(async () => {
      const { rows } = await suite.server.db.query(`SELECT count(*)::int AS n FROM work_order_events WHERE work_order_id = $1`, [order.id]);
      check(rows[0].n === 3, `server has ${rows[0].n} events`);
    }, 'A’s move and note reach the server');
    b.c.setOnline(true);
    await converged(suite.server, a.c.session.accessToken, [a.c, b.c], COLLECTIONS);

    const onServer = (await serverDocs(suite.server, a.c.session.accessToken, 'work_order_events')).filter((e) => e.work_order_id === order.id) as unknown as WorkOrderEventDoc[];
    expect(onServer).toHaveLength(5);
    expect(onServer.every((e) => typeof e.server_seq === 'number')).toBe(true);
    const latest = [...onServer].filter((e) => e.kind === 'move').sort((x, y) => x.server_seq! - y.server_seq!).pop()!;
    expect(latest.to_stage).toBe('aguardando_material');
    for (const d of [a, b]) {
      const history = await historyOf(d.c, order.id);
      expect(history.map((e) => e.id).sort()).toEqual(onServer.map((e) => e.id).sort());
      const state = workOrderState(order, history, TODAY);
      expect(state.moves.map((m) => [m.to, m.pending])).toEqual([
        ['em_execucao', false],
        ['pronto_para_retirada', false],
        ['aguardando_material', false],
      ]);
      expect(state.stage).toBe('aguardando_material');
      expect(state.notes.map((n) => n.text).sort()).toEqual(['A: soldado e pintado', 'B: faltou chapa 2 mm']);
      expect(state.notes.find((n) => n.text.startsWith('B:'))!.by).toBe(b.c.session.user.id);
    }
  });

  test('two offline devices open an OS for one quotation: one OS (the same id), on both and on the server', async () => {
    const a = await device('A');
    const b = await device('B');
    const q = await acceptedQuotation(a, b);
    a.c.setOnline(false);
    b.c.setOnline(false);
    const fromA = await a.os.openFromQuotation(q);
    const fromB = await b.os.openFromQuotation(q);
    expect(fromA.id).toBe(fromB.id);
    await a.os.moveStage(fromA.id, 'em_execucao');
    await b.os.addNote(fromB.id, 'Cliente pediu pintura preta');
    a.c.setOnline(true);
    b.c.setOnline(true);
    await converged(suite.server, a.c.session.accessToken, [a.c, b.c], COLLECTIONS);

    const { rows } = await suite.server.db.query(`SELECT id FROM work_orders WHERE quotation_id = $1 AND NOT _deleted`, [q.id]);
    expect(rows.map((r) => r.id)).toEqual([fromA.id]);
    for (const d of [a, b]) {
      const orders = (await d.c.docs<WorkOrderDoc>('work_orders')).filter((o) => o.quotation_id === q.id);
      expect(orders.map((o) => o.id)).toEqual([fromA.id]);
      const state = workOrderState(orders[0], await historyOf(d.c, fromA.id), TODAY);
      expect(state.stage).toBe('em_execucao');
      expect(state.notes.map((n) => n.text)).toEqual(['Cliente pediu pintura preta']);
    }
  });
});
