/**
 * Issue 38: the customer form's 'Dados fiscais (para nota fiscal)', typed key by key (user-event):
 * CPF/CNPJ and CEP punctuate as typed, the Município is picked from the IBGE list (loaded on
 * demand), bad input is refused next to its field in pt-BR and nothing is saved; the fields
 * saved are the ones filled, normalised. The details dialog's summary shows them formatted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import userEvent from '@testing-library/user-event';
import type { CustomerDoc } from '@shared';
import { stubMatchMedia } from '../../support/match-media';

const add = vi.fn();
const update = vi.fn();
vi.mock('../../../src/data/db/customers', () => ({ customerCommands: { add: (...a: unknown[]) => add(...a), update: (...a: unknown[]) => update(...a) } }));
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: () => undefined } }));

const { CustomerFormDialog } = await import('../../../src/features/customers');
const { CustomerFiscalSummary } = await import('../../../src/features/customers/CustomerFiscalSummary');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

const at = '2026-11-01T10:00:00.000Z';
const stored: CustomerDoc = {
  id: 'c1', name: 'Ana', phone: '(35) 99999-0000', whatsapp: null, description: null, created_at: at, updated_at: at, client_updated_at: at,
  tax_id: '52998224725', address_cep: '30130010', address_street: 'Av. Afonso Pena', address_number: '1000', address_complement: null,
  address_district: 'Centro', address_city_code: '3106200',
};

async function render(node: React.ReactNode) {
  await act(async () => {
    root.render(<ChakraProvider value={defaultSystem}>{node}</ChakraProvider>);
  });
}
const form = (customer?: CustomerDoc) => render(<CustomerFormDialog open onClose={() => undefined} customer={customer} />);

const byText = (text: string) => [...document.querySelectorAll('*')].find((e) => e.childElementCount === 0 && e.textContent === text);
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;
const input = (label: RegExp) => {
  const l = [...document.querySelectorAll('label')].find((x) => label.test(x.textContent ?? ''));
  return (l ? document.getElementById(l.htmlFor) : null) as HTMLInputElement | null;
};

beforeEach(() => {
  stubMatchMedia();
  add.mockReset();
  update.mockReset();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('Dados fiscais in the customer form', () => {
  it('a new customer: folded below the main fields; bad CPF, CEP and município refused next to each, nothing saved; fixed, saved normalised', async () => {
    const user = userEvent.setup();
    add.mockImplementation(async (c: object) => ({ ...stored, ...c }));
    await form();
    expect(input(/^CPF\/CNPJ/)).toBeNull();
    const toggle = button('Dados fiscais (para nota fiscal)')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.type(input(/^Nome/)!, 'Metalúrgica Alfa');
    await user.type(input(/^Telefone/)!, '(21) 3333-0000');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const taxId = input(/^CPF\/CNPJ/)!;
    await user.click(taxId);
    await user.keyboard('52998224724');
    expect(taxId.value).toBe('529.982.247-24');
    const cep = input(/^CEP/)!;
    await user.click(cep);
    await user.keyboard('2402000');
    expect(cep.value).toBe('24020-00');
    const city = input(/^Município/)!;
    await user.click(city);
    await user.keyboard('Cidade Inventada');
    await user.click(button('Salvar Cliente')!);
    expect(byText('CPF inválido: confira os dígitos')).toBeTruthy();
    expect(byText('CEP deve ter 8 dígitos')).toBeTruthy();
    expect(byText('Escolha o município na lista')).toBeTruthy();
    expect(add).not.toHaveBeenCalled();

    await user.clear(taxId);
    await user.type(taxId, '12abc34501de35');
    expect(taxId.value).toBe('12.ABC.345/01DE-35');
    await user.type(cep, '5');
    expect(cep.value).toBe('24020-005');
    await user.clear(city);
    await user.type(city, 'niter');
    await vi.waitFor(() => expect([...document.querySelectorAll('[role=option]')].map((o) => o.textContent)).toContain('Niterói — RJ'));
    const option = [...document.querySelectorAll('[role=option]')].find((o) => o.textContent === 'Niterói — RJ') as HTMLElement;
    await user.click(option);
    expect(city.value).toBe('Niterói — RJ');
    await user.type(input(/^Logradouro/)!, 'Rua da Conceição');
    await user.type(input(/^Número/)!, '100');
    await user.type(input(/^Bairro/)!, 'Centro');
    await user.click(button('Salvar Cliente')!);
    expect(byText('CPF inválido: confira os dígitos')).toBeFalsy();
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith({
      name: 'Metalúrgica Alfa', phone: '(21) 3333-0000', whatsapp: '', description: '',
      tax_id: '12ABC34501DE35', address_cep: '24020005', address_street: 'Rua da Conceição', address_number: '100',
      address_district: 'Centro', address_city_code: '3303302',
    });
  }, 30_000);

  it('the município list: arrows and Enter pick one without submitting; a unique name typed is taken on leaving the field', async () => {
    const user = userEvent.setup();
    await form();
    await user.click(button('Dados fiscais (para nota fiscal)')!);
    const city = input(/^Município/)!;
    await user.type(city, 'campinas sp');
    await vi.waitFor(() => expect(document.querySelectorAll('[role=option]').length).toBe(1));
    await user.keyboard('{Enter}');
    expect(city.value).toBe('Campinas — SP');
    expect(add).not.toHaveBeenCalled();
    await user.clear(city);
    await user.type(city, 'belo horizonte');
    await user.tab();
    expect(city.value).toBe('Belo Horizonte — MG');
  }, 15_000);

  it('editing a customer with fiscal data: open, formatted, the município named; an untouched section saves nothing fiscal', async () => {
    const user = userEvent.setup();
    update.mockResolvedValue(stored);
    await form(stored);
    expect(button('Dados fiscais (para nota fiscal)')!.getAttribute('aria-expanded')).toBe('true');
    expect(input(/^CPF\/CNPJ/)!.value).toBe('529.982.247-25');
    expect(input(/^CEP/)!.value).toBe('30130-010');
    await vi.waitFor(() => expect(input(/^Município/)!.value).toBe('Belo Horizonte — MG'));
    await user.click(button('Salvar Alterações')!);
    expect(update).toHaveBeenCalledWith('c1', { name: 'Ana', phone: '(35) 99999-0000', whatsapp: '', description: '' });
    // Dozens of keys typed one by one into the kit's fields (jsdom renders each): slow on a busy machine.
  }, 90_000);

  it('clearing the CPF of a customer saves it empty', async () => {
    const user = userEvent.setup();
    update.mockResolvedValue(stored);
    await form(stored);
    await user.clear(input(/^CPF\/CNPJ/)!);
    await user.click(button('Salvar Alterações')!);
    expect(update).toHaveBeenCalledWith('c1', expect.objectContaining({ tax_id: null }));
  });
});

describe('the details dialog summary', () => {
  it('shows the CPF/CNPJ formatted and the address with its município', async () => {
    await render(<CustomerFiscalSummary customer={{ ...stored, tax_id: '12ABC34501DE35', address_complement: 'Sala 3' }} />);
    const box = document.querySelector('[data-testid=customer-fiscal]')!;
    expect(box.textContent).toContain('CNPJ: 12.ABC.345/01DE-35');
    await vi.waitFor(() =>
      expect(box.textContent).toContain('Endereço: Av. Afonso Pena, 1000, Sala 3 — Centro — Belo Horizonte — MG — CEP 30130-010'),
    );
  });
  it('nothing for a customer without fiscal data', async () => {
    await render(<CustomerFiscalSummary customer={{ tax_id: null, address_cep: null }} />);
    expect(document.querySelector('[data-testid=customer-fiscal]')).toBeNull();
  });
});
