/** Small report pieces in jsdom: insight cards with and without data, the customer list's search and sort. */
import { afterEach, expect, test } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { customerRows, financialInsights, prepareTransactions } from '../../../src/domain/reports';
import { InsightCards } from '../../../src/features/reports/financial/InsightCards';
import { CustomerList } from '../../../src/features/reports/customers/CustomerList';
import { DetailTables } from '../../../src/features/reports/financial/DetailTables';
import { tx } from './fixtures';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

function render(node: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>));
  return host;
}

const value = (host: HTMLElement, id: string) => host.querySelector(`[data-testid="${id}"] [data-value]`)?.textContent;

test('insights say "Nenhum dado disponível" without data, and show the month, amount, invoices and reserve with it', () => {
  let host = render(<InsightCards insights={financialInsights([])} loading={false} />);
  for (const id of ['insight-best-month', 'insight-highest-expense', 'insight-pending', 'insight-reserve']) {
    expect(value(host, id)).toBe('Nenhum dado disponível');
  }
  act(() => root?.unmount());
  const txs = prepareTransactions(
    [
      tx({ at: '2026-02-10T12:00:00.000Z', amount: 900, payment_status: 'pendente' }),
      tx({ type: 'despesas', at: '2026-02-11T12:00:00.000Z', amount: 100 }),
    ],
    '2026-02-20',
  );
  host = render(<InsightCards insights={financialInsights(txs)} loading={false} />);
  expect(value(host, 'insight-best-month')).toBe('Fevereiro de 2026');
  expect(value(host, 'insight-highest-expense')).toBe('R$ 100,00');
  expect(value(host, 'insight-pending')).toBe('1 fatura');
  expect(value(host, 'insight-reserve')).toBe('R$ 300,00');
  expect(host.textContent).toContain('3 meses de despesas');
});

test('the customer list searches without accents and sorts by a column', () => {
  const today = '2026-06-30';
  const rows = customerRows(
    [
      { id: 'a', name: 'João Solda', phone: '(35) 99999-0001' },
      { id: 'b', name: 'Maria Portões', phone: '(35) 99999-0002' },
      { id: 'c', name: 'Zeca Grades', phone: '(35) 99999-0003' },
    ],
    prepareTransactions(
      [
        tx({ customer_id: 'a', amount: 10, at: '2026-06-01T12:00:00.000Z' }),
        tx({ customer_id: 'b', amount: 30, at: '2026-06-02T12:00:00.000Z' }),
        tx({ customer_id: 'c', amount: 20, at: '2026-01-02T12:00:00.000Z' }),
      ],
      today,
    ),
    today,
  );
  const host = render(<CustomerList rows={rows} />);
  const names = () => [...host.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')!.textContent);
  expect(names()).toEqual(['Maria Portões', 'Zeca Grades', 'João Solda']);
  const nameHeader = [...host.querySelectorAll('th button')].find((b) => b.textContent === 'Nome') as HTMLButtonElement;
  act(() => nameHeader.click());
  expect(names()).toEqual(['Zeca Grades', 'Maria Portões', 'João Solda']);
  act(() => nameHeader.click());
  expect(names()).toEqual(['João Solda', 'Maria Portões', 'Zeca Grades']);
  const input = host.querySelector('input')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, 'portoes');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(names()).toEqual(['Maria Portões']);
  expect(host.textContent).toContain('Ativo');
});

test('the detail tables, while the period is read, show rows to come — never "Nenhuma entrada no período" before it is known', () => {
  let host = render(<DetailTables income={[]} expenses={[]} customerName={() => '-'} loading />);
  expect(host.querySelector('[data-testid="detail-skeleton"]')).not.toBeNull();
  expect(host.textContent).toContain('Entradas (…)');
  expect(host.textContent).not.toContain('Nenhuma entrada no período');
  act(() => root?.unmount());
  host = render(<DetailTables income={[]} expenses={[]} customerName={() => '-'} loading={false} />);
  expect(host.querySelector('[data-testid="detail-skeleton"]')).toBeNull();
  expect(host.textContent).toContain('Entradas (0)');
  expect(host.textContent).toContain('Nenhuma entrada no período');
});
