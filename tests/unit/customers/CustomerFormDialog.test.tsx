/**
 * The customer form dialog others compose (quotation form '+', cash flow, 'Corrigir'): titles,
 * buttons, both required messages at once, pre-filled Nome, create vs edit, 'Salvando...'.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { CustomerDoc } from '@shared';
import { stubMatchMedia } from '../../support/match-media';

const add = vi.fn();
const update = vi.fn();
vi.mock('../../../src/data/db/customers', () => ({ customerCommands: { add: (...a: unknown[]) => add(...a), update: (...a: unknown[]) => update(...a) } }));
const toasts: { title?: string; description?: string; type?: string }[] = [];
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: (t: { title?: string }) => toasts.push(t) } }));

const { CustomerFormDialog } = await import('../../../src/features/customers');
const { DataError } = await import('../../../src/data/db/errors');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const onClose = vi.fn();
const onSaved = vi.fn();

const customer: CustomerDoc = {
  id: 'c1', name: 'Ana', phone: '(35) 99999-0000', whatsapp: null, description: 'Portão',
  created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z', client_updated_at: '2026-11-01T10:00:00.000Z',
};

async function render(props: { customer?: CustomerDoc | null; initialName?: string }) {
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <CustomerFormDialog open onClose={onClose} onSaved={onSaved} {...props} />
      </ChakraProvider>,
    );
  });
}

const byText = (text: string) => [...document.querySelectorAll('*')].find((e) => e.childElementCount === 0 && e.textContent === text);
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
const input = (label: RegExp) => {
  const l = [...document.querySelectorAll('label')].find((x) => label.test(x.textContent ?? ''))!;
  return document.getElementById(l.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
};
async function type(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function click(b: HTMLElement | undefined) {
  await act(async () => {
    b!.click();
  });
}

beforeEach(() => {
  stubMatchMedia();
  add.mockReset();
  update.mockReset();
  onClose.mockReset();
  onSaved.mockReset();
  toasts.length = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('CustomerFormDialog', () => {
  it('create: spec title and button, both required messages at once, nothing saved', async () => {
    await render({});
    expect(byText('Cadastrar Novo Cliente')).toBeTruthy();
    await click(button('Salvar Cliente'));
    expect(byText('Nome é obrigatório')).toBeTruthy();
    expect(byText('Telefone é obrigatório')).toBeTruthy();
    expect(add).not.toHaveBeenCalled();
  });

  it('initialName fills Nome; saving creates, toasts and hands the customer back', async () => {
    let resolve!: (c: CustomerDoc) => void;
    add.mockReturnValue(new Promise<CustomerDoc>((r) => (resolve = r)));
    await render({ initialName: 'Serralheria Nova' });
    expect(input(/^Nome/).value).toBe('Serralheria Nova');
    await type(input(/^Telefone/), '(35) 3743-0000');
    await click(button('Salvar Cliente'));
    expect(button('Salvando...')?.disabled).toBe(true);
    expect(add).toHaveBeenCalledWith({ name: 'Serralheria Nova', phone: '(35) 3743-0000', whatsapp: '', description: '' });
    await act(async () => resolve({ ...customer, name: 'Serralheria Nova' }));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Serralheria Nova' }));
    expect(onClose).toHaveBeenCalled();
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Cliente cadastrado', description: 'Serralheria Nova foi cadastrado com sucesso!' }));
  });

  it('edit: pre-filled, "Salvar Alterações", a duplicate phone shows under Telefone and in a toast', async () => {
    update.mockRejectedValue(new DataError('duplicate_phone', 'Este telefone já está cadastrado para outro cliente', 'phone'));
    await render({ customer });
    expect(byText('Editar Cliente')).toBeTruthy();
    expect(input(/^Nome/).value).toBe('Ana');
    expect(input(/^Descrição/).value).toBe('Portão');
    await click(button('Salvar Alterações'));
    expect(update).toHaveBeenCalledWith('c1', { name: 'Ana', phone: '(35) 99999-0000', whatsapp: '', description: 'Portão' });
    expect(byText('Este telefone já está cadastrado para outro cliente')).toBeTruthy();
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Erro ao salvar cliente', description: 'Este telefone já está cadastrado para outro cliente' }));
    expect(onClose).not.toHaveBeenCalled();
  });
});
