/** The form's customer search in the DOM: 2 chars, 300 ms debounce, ≤ 5, toast when none, clear, '+'. */
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { CustomerDoc } from '@shared';
import { searchCustomersByName } from '../../../src/domain/quotation-form';
import type { CustomerFormDialogProps } from '../../../src/features/quotations/types';

const all = ['José da Silva', 'Joana Prado', 'João Ferreira', 'Maria José', 'Josué Lima', 'Josias', 'Josefa'].map(
  (name, i) => ({ id: `c${i}`, name, phone: `3599999000${i}`, whatsapp: null }) as unknown as CustomerDoc,
);
const search = vi.fn(async (text: string) => searchCustomersByName(all, text));
const toasts: { title?: string; description?: string }[] = [];
vi.mock('../../../src/data/db/quotations', () => ({ quotationCommands: { searchCustomers: (t: string) => search(t) } }));
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: (t: { title?: string; description?: string }) => toasts.push(t) } }));
const { CustomerPicker } = await import('../../../src/features/quotations/CustomerPicker');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
let host: HTMLDivElement;
let selected: CustomerDoc | null = null;
const newCustomer = { id: 'new', name: 'Cliente Novo', phone: '35988887777', whatsapp: null } as unknown as CustomerDoc;

function FakeDialog({ open, onSaved }: CustomerFormDialogProps) {
  return open ? <button onClick={() => onSaved?.(newCustomer)}>salvar-fake</button> : null;
}
function Harness() {
  const [c, setC] = useState<CustomerDoc | null>(null);
  selected = c;
  return <CustomerPicker selected={c} onSelect={setC} CustomerFormDialog={FakeDialog} />;
}

beforeEach(() => {
  vi.useFakeTimers();
  search.mockClear();
  toasts.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<ChakraProvider value={defaultSystem}><Harness /></ChakraProvider>));
});
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.useRealTimers();
});

const input = () => host.querySelector('input')!;
function type(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input(), value);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const options = () => [...host.querySelectorAll('[role=option]')].map((o) => o.textContent);

test('searches from 2 trimmed characters, 300 ms after the last key, showing at most 5', async () => {
  type(' j ');
  await wait(400);
  expect(search).not.toHaveBeenCalled();
  type('jo');
  await wait(299);
  expect(search).not.toHaveBeenCalled();
  type('jos');
  await wait(299);
  expect(search).not.toHaveBeenCalled();
  await wait(1);
  expect(search).toHaveBeenCalledTimes(1);
  expect(search).toHaveBeenCalledWith('jos');
  expect(options()).toHaveLength(5);
  type('JOAO');
  await wait(300);
  expect(options().map((o) => o!.split('(')[0])).toEqual(['João Ferreira']);
});

test('choosing selects; clearing the text clears the selection; nothing found toasts', async () => {
  type('josefa');
  await wait(300);
  act(() => (host.querySelector('[role=option]') as HTMLButtonElement).click());
  expect(selected?.name).toBe('Josefa');
  expect(input().value).toBe('Josefa');
  type('');
  expect(selected).toBeNull();
  type('zzz');
  await wait(300);
  expect(toasts).toEqual([{ type: 'info', title: 'Cliente não encontrado', description: 'Clique no botão + para cadastrar um novo cliente' }]);
});

test('+ opens the customer form; the saved customer is selected', async () => {
  act(() => (host.querySelector('button[aria-label="Cadastrar novo cliente"]') as HTMLButtonElement).click());
  const save = [...host.querySelectorAll('button')].find((b) => b.textContent === 'salvar-fake')!;
  act(() => save.click());
  expect(selected?.id).toBe('new');
  expect(input().value).toBe('Cliente Novo');
});
