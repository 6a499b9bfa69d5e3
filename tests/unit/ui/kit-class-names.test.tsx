/**
 * KitClassNames (issue 33): long lists draw plain elements with the kit's styles as class names
 * made once per list. The cash book's rows keep their roles, labels and handlers, rows of the same
 * kind share one class, and the class's CSS is in the page (the kit's tokens, e.g. its colours).
 */
import { afterEach, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../../src/ui/system';
import { TransactionTable } from '../../../src/features/cashflow/TransactionTable';
import type { RowView } from '../../../src/features/cashflow/rowView';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

const row = (id: string, type: RowView['type'], status: Pick<RowView, 'status' | 'statusLabel' | 'statusColor'>): RowView => ({
  id, type, typeLabel: type === 'entrada' ? 'Entrada' : 'Saída', title: `Lançamento ${id}`, detail: '', amount: 'R$ 10,00',
  date: '27/11/2026', dateTime: '27/11/2026 10:00', due: '', by: 'ana@forja.test', fromQuotation: false, ...status,
});

test('rows of the cash book: the same text, labels and handlers; one class per kind of badge, with its CSS in the page', () => {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  const pago = { status: 'pago', statusLabel: 'Pago', statusColor: 'green' } as const;
  const pendente = { status: 'pendente', statusLabel: 'Pendente', statusColor: 'yellow' } as const;
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <ChakraProvider value={system}>
        <TransactionTable rows={[row('a', 'entrada', pago), row('b', 'entrada', pendente), row('c', 'saida', pago)]} onEdit={onEdit} onDelete={onDelete} />
      </ChakraProvider>,
    ),
  );
  const rows = host.querySelectorAll('[data-testid="transaction-row"]');
  expect(rows).toHaveLength(3);
  expect([...host.querySelectorAll('[data-testid="transaction-status"]')].map((e) => e.textContent)).toEqual(['Pago', 'Pendente', 'Pago']);
  const statusClass = (i: number) => host.querySelectorAll('[data-testid="transaction-status"]')[i].className;
  expect(statusClass(0)).not.toBe('');
  expect(statusClass(0)).toBe(statusClass(2));
  expect(statusClass(0)).not.toBe(statusClass(1));
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n') + [...document.styleSheets].flatMap((sh) => [...sh.cssRules].map((r) => r.cssText)).join('\n');
  const cls = statusClass(0).split(' ').pop()!;
  expect(css).toContain(cls);
  expect(css).toMatch(/--chakra-colors-green/);

  const edit = host.querySelector<HTMLButtonElement>('button[aria-label="Editar Lançamento b"]');
  expect(edit?.type).toBe('button');
  act(() => edit!.click());
  expect(onEdit).toHaveBeenCalledWith('b');
  const remove = host.querySelector<HTMLButtonElement>('button[aria-label="Excluir Lançamento c"]');
  act(() => remove!.click());
  expect(onDelete).toHaveBeenCalledWith('c');
});
