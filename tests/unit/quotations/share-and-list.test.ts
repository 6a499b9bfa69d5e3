import { describe, expect, it } from 'vitest';
import type { CustomerDoc, QuotationDoc } from '@shared';
import { buildRows, filterRows } from '../../../src/features/quotations/list-model';
import { linkFor, planShare } from '../../../src/features/quotations/share-plan';

const base = { code: 'ORC-7K3M9P', origin: 'https://forja.example', company: 'Forja Soldas', canNativeShare: false };

describe('share (spec §5, §8)', () => {
  it('issue 30: every link staff send carries the quotation’s secret (?k=); one without it yet is the bare link', () => {
    const secret = 'AbC-_0123456789abcdefgh';
    const p = planShare({ ...base, linkSecret: secret, customer: { name: 'José', whatsapp: '(35) 99811-2233' } });
    expect(p).toMatchObject({ kind: 'whatsapp', link: `https://forja.example/quotation/ORC-7K3M9P?k=${secret}` });
    if (p.kind === 'whatsapp') expect(decodeURIComponent(p.url)).toContain(`https://forja.example/quotation/ORC-7K3M9P?k=${secret}`);
    expect(planShare({ ...base, linkSecret: secret, canNativeShare: true, customer: null })).toMatchObject({
      kind: 'native',
      data: { url: `https://forja.example/quotation/ORC-7K3M9P?k=${secret}` },
      fallback: { kind: 'copy', link: `https://forja.example/quotation/ORC-7K3M9P?k=${secret}` },
    });
    expect(linkFor('ORC-7K3M9P', 'https://forja.example/', secret)).toEqual({ ok: true, link: `https://forja.example/quotation/ORC-7K3M9P?k=${secret}` });
    expect(linkFor('ORC-7K3M9P', 'https://forja.example', null)).toEqual({ ok: true, link: 'https://forja.example/quotation/ORC-7K3M9P' });
  });

  it('WhatsApp to the customer WhatsApp (else phone) with the 55 rule and the spec message', () => {
    const p = planShare({ ...base, customer: { name: 'José', whatsapp: '(35) 99811-2233', phone: '3533334444' } });
    expect(p.kind).toBe('whatsapp');
    if (p.kind !== 'whatsapp') return;
    const url = new URL(p.url);
    expect(url.origin + url.pathname).toBe('https://wa.me/5535998112233');
    expect(url.searchParams.get('text')).toBe('Olá José, aqui está o orçamento da Forja Soldas: https://forja.example/quotation/ORC-7K3M9P');
    const byPhone = planShare({ ...base, customer: { name: 'Ana', whatsapp: null, phone: '+55 35 3333-4444' } });
    expect(byPhone.kind === 'whatsapp' && new URL(byPhone.url).pathname).toBe('/553533334444');
  });
  it('the device share sheet first (title, text, link), WhatsApp as its fallback', () => {
    const p = planShare({ ...base, canNativeShare: true, customer: { name: 'José', whatsapp: '35998112233' } });
    expect(p.kind).toBe('native');
    if (p.kind !== 'native') return;
    expect(p.data).toEqual({
      title: 'Orçamento ORC-7K3M9P',
      text: 'Olá José, aqui está o orçamento da Forja Soldas: https://forja.example/quotation/ORC-7K3M9P',
      url: 'https://forja.example/quotation/ORC-7K3M9P',
    });
    expect(p.fallback.kind).toBe('whatsapp');
  });
  it('no customer or no number: copy the link, saying why', () => {
    expect(planShare({ ...base, customer: null })).toEqual({ kind: 'copy', link: 'https://forja.example/quotation/ORC-7K3M9P', reason: 'Nenhum cliente associado ao orçamento.' });
    // A customer chosen on another device whose record has not reached this one yet.
    expect(planShare({ ...base, customer: null, customerId: 'c-42' })).toEqual({
      kind: 'copy',
      link: 'https://forja.example/quotation/ORC-7K3M9P',
      reason: 'Cliente ainda não sincronizado: não foi possível abrir o WhatsApp.',
    });
    // A customer deleted (here or on another device) is said to be removed, not unsynced.
    for (const removedCustomer of ['José', '']) {
      expect(planShare({ ...base, customer: null, customerId: 'c-42', removedCustomer })).toEqual({
        kind: 'copy',
        link: 'https://forja.example/quotation/ORC-7K3M9P',
        reason: 'Cliente removido: não foi possível abrir o WhatsApp.',
      });
    }
    expect(planShare({ ...base, customer: { name: 'X', phone: '', whatsapp: null } })).toMatchObject({ kind: 'copy', reason: 'Cliente sem número de WhatsApp/telefone registrado.' });
  });
  it('a quotation without a valid code cannot be shared or copied', () => {
    expect(planShare({ ...base, code: '', customer: null })).toEqual({ kind: 'error', message: 'Este orçamento não possui um código válido.' });
    expect(linkFor('ORC-1', '')).toEqual({ ok: false, message: 'Não foi possível gerar o link do orçamento.' });
  });
});

describe('list search and filter', () => {
  const customers = new Map<string, CustomerDoc>([['c1', { id: 'c1', name: 'Fazenda São João' } as CustomerDoc]]);
  const q = (code: string, description: string, status: QuotationDoc['status'], customer_id: string | null = null) =>
    ({ id: code, code, description, status, customer_id }) as QuotationDoc;
  const rows = buildRows([q('ORC-AAA111', 'Portão', 'pending', 'c1'), q('ORC-BBB222', 'Mezanino metálico', 'accepted'), q('ORC-CCC333', 'Eixo', 'rejected')], customers);
  it('matches code, customer name and description, accent/case-insensitive, keeping the order', () => {
    expect(filterRows(rows, 'sao joao', 'all').map((r) => r.q.code)).toEqual(['ORC-AAA111']);
    expect(filterRows(rows, 'METALICO', 'all').map((r) => r.q.code)).toEqual(['ORC-BBB222']);
    expect(filterRows(rows, 'orc-ccc', 'all').map((r) => r.q.code)).toEqual(['ORC-CCC333']);
    expect(filterRows(rows, '  ', 'all')).toHaveLength(3);
  });
  it('filters by status', () => {
    expect(filterRows(rows, '', 'accepted').map((r) => r.q.code)).toEqual(['ORC-BBB222']);
    expect(filterRows(rows, 'portao', 'rejected')).toEqual([]);
  });
  it('Vencido apart from Pendente: a pending quotation past its validity date (shop calendar), at the given clock', () => {
    const withValidity = buildRows(
      [
        { ...q('ORC-VAL001', 'Grade', 'pending'), validity_date: '2026-11-25' },
        { ...q('ORC-VEN002', 'Portão', 'pending'), validity_date: '2026-11-24' },
        { ...q('ORC-ACE003', 'Eixo', 'accepted'), validity_date: '2026-11-01' },
      ],
      customers,
    );
    const now = new Date('2026-11-25T20:00:00Z'); // 17:00 on the 25th in São Paulo
    expect(filterRows(withValidity, '', 'expired', now).map((r) => r.q.code)).toEqual(['ORC-VEN002']);
    expect(filterRows(withValidity, '', 'pending', now).map((r) => r.q.code)).toEqual(['ORC-VAL001']);
    expect(filterRows(withValidity, '', 'accepted', now).map((r) => r.q.code)).toEqual(['ORC-ACE003']);
    // Renewed validity: pending again.
    const renewed = buildRows([{ ...q('ORC-VEN002', 'Portão', 'pending'), validity_date: '2026-12-10' }], customers);
    expect(filterRows(renewed, '', 'pending', now).map((r) => r.q.code)).toEqual(['ORC-VEN002']);
  });
});
