/**
 * Issue 40, "tests the suite lacks", on an OS with the real data layer (RxDB on fake-indexeddb):
 * - Moving an OS to the stage it is already in — a stale screen, after another device moved it —
 *   writes no history event and does not restart the Garantia (the command, and the button of a
 *   Mover para… drawn before the other device's move arrived).
 * - Devolver on a material line gives its quantity back to stock: pressed on the OS's Materiais
 *   usados, the line goes and the item's stock is what it was.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { WorkOrderEventDoc } from '@shared';
import { DataError } from '../../../src/data/db/errors';
import { database$ } from '../../../src/data/db/session';
import { insertDocument, patchDocument } from '../../../src/data/db/writes';
import { localDatabase } from '../../support/local-db';
import { stubMatchMedia } from '../../support/match-media';
import { rootPerTest } from '../../support/react-root';

const getDb = localDatabase('os-stage-materials', 'u1', ['work_orders', 'work_order_events', 'work_order_photos', 'stock_items', 'stock_movements', 'catalog_items']);

// The screens' commands, bound to this test's database (the app binds them to the signed-in one).
vi.mock('../../../src/data/db/work-orders', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/data/db/work-orders')>();
  return { ...real, workOrderCommands: real.createWorkOrderCommands(getDb) };
});
const { createWorkOrderCommands, useWorkOrder, WORK_ORDER_MESSAGES } = await import('../../../src/data/db/work-orders');
const { useStockItems } = await import('../../../src/data/db/stock');
const { StageMover } = await import('../../../src/features/services/StageMover');
const { Materials } = await import('../../../src/features/services/Materials');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const commands = createWorkOrderCommands(getDb);

async function eventsOf(id: string): Promise<WorkOrderEventDoc[]> {
  const fdb = await getDb();
  return (await fdb.db.work_order_events.find({ selector: { work_order_id: id } }).exec()).map((d) => d.toJSON() as WorkOrderEventDoc);
}
const warrantyOf = async (id: string) => (await (await getDb()).db.work_orders.findOne(id).exec())!.warranty_until;

/** Another device took the OS to Pronto para retirada, then delivered it; its moves and Garantia reached this device by sync. */
async function deliveredElsewhere(id: string, warrantyUntil: string) {
  const fdb = await getDb();
  const move = (from: string, to: string, server_seq: number) =>
    insertDocument(fdb, 'work_order_events', { work_order_id: id, kind: 'move', from_stage: from, to_stage: to, text: null, server_seq, created_by: 'u2' });
  await move('aguardando_inicio', 'pronto_para_retirada', 6);
  await move('pronto_para_retirada', 'entregue', 7);
  await patchDocument(fdb, 'work_orders', id, { warranty_until: warrantyUntil });
}

describe('moving an OS to the stage it is already in', () => {
  it('is refused in pt-BR: no history event, and the Garantia another device gave stays', async () => {
    const os = await commands.createCounter({ customer_id: null, description: 'Portão basculante', total_amount: 900 });
    await deliveredElsewhere(os.id, '2026-02-01');
    const before = await eventsOf(os.id);
    expect(before).toHaveLength(2);

    const again = commands.moveStage(os.id, 'entregue', { warrantyDays: 90 });
    await expect(again).rejects.toBeInstanceOf(DataError);
    await expect(again).rejects.toThrow(WORK_ORDER_MESSAGES.sameStage);
    expect(await eventsOf(os.id)).toEqual(before);
    expect(await warrantyOf(os.id)).toBe('2026-02-01');

    // Any stage, not just Entregue.
    await commands.moveStage(os.id, 'em_execucao');
    const count = (await eventsOf(os.id)).length;
    await expect(commands.moveStage(os.id, 'em_execucao')).rejects.toThrow(WORK_ORDER_MESSAGES.sameStage);
    expect(await eventsOf(os.id)).toHaveLength(count);
  });

  describe('from a stale screen', () => {
    const root = rootPerTest();
    beforeEach(() => stubMatchMedia());

    it('Entregue pressed on a Mover para… still showing Pronto para retirada writes nothing and keeps the Garantia', async () => {
      const os = await commands.createCounter({ customer_id: null, description: 'Grade de janela', total_amount: 450 });
      // The screen was drawn at Pronto para retirada…
      await act(async () => {
        root().render(
          <ChakraProvider value={defaultSystem}>
            <StageMover id={os.id} code={os.code} stage="pronto_para_retirada" warrantyDays={90} />
          </ChakraProvider>,
        );
      });
      // …then the other device's delivery arrived.
      await deliveredElsewhere(os.id, '2026-02-01');
      const before = await eventsOf(os.id);
      const entregue = [...document.querySelectorAll<HTMLButtonElement>('[data-testid=stage-mover] button')].find((b) => b.textContent?.includes('Entregue'));
      expect(entregue).toBeDefined();
      await act(async () => entregue!.click());
      await act(() => new Promise((r) => setTimeout(r, 50)));
      expect(await eventsOf(os.id)).toEqual(before);
      expect(await warrantyOf(os.id)).toBe('2026-02-01');
    });
  });
});

describe('Devolver on Materiais usados', () => {
  const root = rootPerTest();
  beforeEach(() => stubMatchMedia());
  afterEach(() => database$.next(null));

  /** The OS page's materials and the item's stock, as the screens read them. */
  function OsMaterials({ id, itemId }: { id: string; itemId: string }) {
    const { materials, loading } = useWorkOrder(id);
    const { items } = useStockItems();
    const stock = items.find((i) => i.id === itemId);
    return (
      <>
        <p data-testid="stock">{stock ? String(stock.quantity) : ''}</p>
        {!loading && <Materials orderId={id} materials={materials} />}
      </>
    );
  }

  it('the line goes and the item\'s stock is back to what it was', async () => {
    const fdb = await getDb();
    const item = await insertDocument(fdb, 'stock_items', {
      category_id: 'cat', type_id: 'typ', material_id: 'mat', thickness_id: 'th', dimension_id: 'dim', minimum_quantity: 0, description: 'Metalon 20x20', created_by: 'u1',
    });
    await insertDocument(fdb, 'stock_movements', { stock_item_id: item.id, delta: 10, reason: 'Saldo inicial', created_by: 'u1' });
    const os = await commands.createCounter({ customer_id: null, description: 'Estrutura metálica', total_amount: 2000 });
    await commands.useMaterial(os.id, item.id, 3);

    database$.next(fdb);
    await act(async () => {
      root().render(
        <ChakraProvider value={defaultSystem}>
          <OsMaterials id={os.id} itemId={item.id} />
        </ChakraProvider>,
      );
    });
    const stock = () => document.querySelector('[data-testid=stock]')!.textContent;
    const lines = () => [...document.querySelectorAll('[data-testid=work-order-material]')];
    const waitFor = async (check: () => boolean, what: string) => {
      for (let i = 0; i < 100 && !check(); i++) await act(() => new Promise((r) => setTimeout(r, 20)));
      expect(check(), what).toBe(true);
    };
    await waitFor(() => lines().length === 1 && stock() === '7' && !!lines()[0].querySelector('button:not([disabled])'), 'the line of 3 and a stock of 7');
    const devolver = lines()[0].querySelector<HTMLButtonElement>('button')!;
    expect(devolver.getAttribute('aria-label')).toBe('Devolver ao estoque: Metalon 20x20');

    await act(async () => devolver.click());
    await waitFor(() => lines().length === 0 && stock() === '10', 'no line and the stock back to 10');
    expect(document.body.textContent).toContain('Nenhum material');
    // In the ledger: the opposite movement, linked to the OS.
    const movements = (await fdb.db.stock_movements.find({ selector: { stock_item_id: item.id } }).exec()).map((d) => d.delta).sort((a, b) => a - b);
    expect(movements).toEqual([-3, 3, 10]);
  });
});
