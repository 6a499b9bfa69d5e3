/**
 * Excluir OS is the owner's (issue 40 §6), like deleting one photo: deleting a whole OS takes its
 * stages, Garantia and photos off the customer's page. The data command refuses staff (the server
 * does too: tests/server/work-order-bounds.test.ts), and staff are not offered the button.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { DataError } from '../../../src/data/db/errors';
import { insertDocument } from '../../../src/data/db/writes';
import { localDatabase } from '../../support/local-db';
import { stubMatchMedia } from '../../support/match-media';
import { rootPerTest } from '../../support/react-root';

const remove = vi.fn(async () => undefined);
vi.mock('../../../src/data/db/work-orders', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/data/db/work-orders')>();
  return { ...real, workOrderCommands: { ...real.workOrderCommands, remove } };
});
const { createWorkOrderCommands } = await import('../../../src/data/db/work-orders');
const { DeleteWorkOrder } = await import('../../../src/features/services/DeleteWorkOrder');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the delete command', () => {
  const getDb = localDatabase('os-delete', 'u1', ['work_orders', 'work_order_events', 'stock_items', 'stock_movements']);
  const commands = createWorkOrderCommands(getDb);

  it('refuses staff in pt-BR and keeps the OS; the owner deletes it', async () => {
    const os = await commands.createCounter({ customer_id: null, description: 'Grade de janela', total_amount: 300 });
    const fdb = await getDb();
    for (const role of ['staff', null] as const) {
      const refused = commands.remove(os.id, role);
      await expect(refused).rejects.toBeInstanceOf(DataError);
      await expect(refused).rejects.toThrow('Apenas o dono da oficina pode fazer isto.');
    }
    expect(await fdb.db.work_orders.findOne(os.id).exec()).not.toBeNull();

    await commands.remove(os.id, 'owner');
    expect(await fdb.db.work_orders.findOne(os.id).exec()).toBeNull();
    await expect(commands.remove(os.id, 'owner')).rejects.toThrow('Ordem de serviço não encontrada.');
  });

  it('refuses while materials are on the OS (the stock would stay short); once they are back, it deletes', async () => {
    const fdb = await getDb();
    const os = await commands.createCounter({ customer_id: null, description: 'Portão', total_amount: 500 });
    const item = await insertDocument(fdb, 'stock_items', {
      category_id: 'cat', type_id: 'type', material_id: 'mat', thickness_id: 'thk', dimension_id: 'dim',
      minimum_quantity: 0, description: null, created_by: 'u1',
    });
    await commands.useMaterial(os.id, item.id, 2);
    const refused = commands.remove(os.id, 'owner');
    await expect(refused).rejects.toThrow('Devolva ao estoque os materiais desta OS antes de excluí-la.');
    expect(await fdb.db.work_orders.findOne(os.id).exec()).not.toBeNull();
    await commands.returnMaterial(os.id, item.id);
    await commands.remove(os.id, 'owner');
    expect(await fdb.db.work_orders.findOne(os.id).exec()).toBeNull();
  });
});

describe('Excluir OS on the OS page', () => {
  const root = rootPerTest();
  beforeEach(() => stubMatchMedia());
  afterEach(() => remove.mockClear());

  const show = (role: 'owner' | 'staff' | null, onDeleted = () => undefined) =>
    act(async () => {
      root().render(
        <ChakraProvider value={defaultSystem}>
          <DeleteWorkOrder id="os-1" code="OS-ABC123" role={role} onDeleted={onDeleted} />
        </ChakraProvider>,
      );
    });
  const button = () => document.querySelector<HTMLButtonElement>('[data-testid=delete-work-order]');

  it('is not offered to staff', async () => {
    await show('staff');
    expect(button()).toBeNull();
    expect(document.body.textContent).not.toContain('Excluir OS');
    await show(null);
    expect(button()).toBeNull();
  });

  it('the owner is asked first, then the OS is deleted and the page goes back', async () => {
    const onDeleted = vi.fn();
    await show('owner', onDeleted);
    expect(button()?.textContent).toContain('Excluir OS');
    await act(async () => button()!.click());
    const dialog = document.querySelector('[role=alertdialog],[role=dialog]');
    expect(dialog?.textContent).toContain('Excluir ordem de serviço?');
    expect(dialog?.textContent).toContain('A OS OS-ABC123 sai da lista de serviços');
    expect(remove).not.toHaveBeenCalled();
    const confirm = [...dialog!.querySelectorAll('button')].find((b) => b.textContent === 'Excluir')!;
    await act(async () => confirm.click());
    expect(remove).toHaveBeenCalledWith('os-1', 'owner');
    expect(onDeleted).toHaveBeenCalledOnce();
  });
});
