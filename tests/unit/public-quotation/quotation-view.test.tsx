import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { PublicQuotation } from '@shared';
import { publicQuotation } from './fixtures';
import { QuotationView } from '../../../src/features/public-quotation/QuotationView';

// React 19 only runs act() without warnings when told it is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const base = publicQuotation();

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

function render(q: PublicQuotation): string {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root!.render(
      <ChakraProvider value={defaultSystem}>
        <QuotationView quotation={q} />
      </ChakraProvider>,
    ),
  );
  return host.textContent ?? '';
}

describe('QuotationView', () => {
  it('shows the essentials and hides discount, taxes and materials when there are none', () => {
    const text = render(base);
    expect(text).toContain('Orçamento ORC-ABC123');
    expect(text).toContain('20/11/2026');
    expect(text).toContain('Maria Souza');
    expect(text).toContain('Portão de correr');
    expect(text).toContain('Valor Total');
    expect(text).toContain('R$ 1.234,50');
    expect(text).toContain('Forma de Pagamento');
    expect(text).toContain('PIX à vista');
    expect(text).toContain('09/03/2031');
    expect(text).toContain('10 dias úteis');
    expect(text).toContain('Pendente');
    expect(text).not.toMatch(/desconto/i);
    expect(text).not.toContain('Impostos');
    expect(text).not.toContain('Materiais');
  });

  it('shows materials with subtotals, discount and taxes when greater than 0', () => {
    const text = render({
      ...base,
      discounts: 57.25,
      taxes: 12.3,
      materials: [{ name: 'Metalon 50x30', quantity: 6, price: 89.9 }],
    });
    expect(text).toContain('Materiais');
    expect(text).toContain('Metalon 50x30');
    expect(text).toContain('R$ 89,90');
    expect(text).toContain('R$ 539,40');
    expect(text).toContain('Desconto');
    expect(text).toContain('R$ 57,25');
    expect(text).toContain('Impostos');
    expect(text).toContain('R$ 12,30');
  });

  it('says when there is no customer and when a decision happened', () => {
    const text = render({
      ...base,
      customer: null,
      status: 'rejected',
      decided_at: '2026-11-21T18:05:00Z',
      decision_reason: 'Prazo longo',
    });
    expect(text).toContain('Informações do cliente não disponíveis');
    expect(text).toContain('Rejeitado');
    expect(text).toMatch(/Rejeitado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    expect(text).toContain('Prazo longo');
  });
});
