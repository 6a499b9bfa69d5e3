import { describe, expect, test } from 'vitest';
import { noticePlan } from '../../../src/features/services/notice';
import { receiptText } from '../../../src/features/services/receipt';

describe('Avisar cliente', () => {
  const base = {
    code: 'ORC-2026-0042',
    description: 'Portão basculante com pintura',
    customer: { name: 'Ana', whatsapp: '(35) 99811-0001', phone: null },
    company: 'Forja Soldas',
    quotation: { code: 'ORC-2026-0042', link_secret: 'abc123' },
    origin: 'https://forja.test',
  };

  test('at Pronto para retirada: the job, ready for pickup, and the quotation link with its secret', () => {
    const plan = noticePlan({ ...base, stage: 'pronto_para_retirada' });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.url.startsWith('https://wa.me/5535998110001?text=')).toBe(true);
    expect(plan.text).toBe(
      'Olá Ana, o seu serviço ORC-2026-0042 (Portão basculante com pintura) da Forja Soldas está pronto para retirada! Acompanhe por aqui: https://forja.test/quotation/ORC-2026-0042?k=abc123',
    );
    expect(decodeURIComponent(plan.url.split('?text=')[1])).toBe(plan.text);
  });

  test('at any other stage it names the stage; a counter job has no link', () => {
    const plan = noticePlan({ ...base, stage: 'em_execucao', quotation: null });
    expect(plan.ok && plan.text).toBe('Olá Ana, novidades do seu serviço ORC-2026-0042 (Portão basculante com pintura) da Forja Soldas: Em execução.');
  });

  test('no customer or no number: says why', () => {
    expect(noticePlan({ ...base, stage: 'entregue', customer: null })).toEqual({ ok: false, message: 'Esta ordem de serviço não tem cliente.' });
    expect(noticePlan({ ...base, stage: 'entregue', customer: { name: 'Ana', whatsapp: '', phone: '' } })).toEqual({
      ok: false,
      message: 'O cliente não tem telefone cadastrado para o WhatsApp.',
    });
  });
});

describe('Comprovante de entrega', () => {
  test('shop, customer, OS, value, delivered at/by, warranty end and a signature line', () => {
    const r = receiptText({
      company: { name: 'Forja Soldas', address: 'Rua A, 1', city: 'Campestre - MG', phones: ['3537431234'], whatsapp_numbers: [], email: null },
      customer: { name: 'Ana', phone: '35998110001' },
      code: 'OS-ABC123',
      description: 'Solda de eixo',
      total_amount: 1234.5,
      deliveredAt: '2026-03-01T15:30:00.000Z',
      deliveredBy: 'Carlos',
      warrantyUntil: '2026-05-30',
    });
    expect(r.fileName).toBe('comprovante-entrega-OS-ABC123.pdf');
    expect(r.shop).toEqual({ name: 'Forja Soldas', contacts: ['Rua A, 1 — Campestre - MG', 'Telefone: (35) 3743-1234'] });
    expect(Object.fromEntries(r.rows)).toMatchObject({
      'Ordem de serviço': 'OS-ABC123',
      Cliente: 'Ana · (35) 99811-0001',
      Valor: 'R$ 1.234,50',
      'Entregue por': 'Carlos',
      'Garantia até': '30/05/2026',
    });
    expect(Object.fromEntries(r.rows)['Entregue em']).toMatch(/^01\/03\/2026 às \d\d:30$/);
    expect(r.declaration).toContain('com garantia até 30/05/2026');
    expect(r.signature).toBe('Assinatura do cliente — Ana');
  });
});
