/** 'Vencido' (issue 17): derived from the validity date and the shop's today, never stored. */
import { describe, expect, it } from 'vitest';
import {
  isQuotationExpired,
  quotationDisplayStatus,
  quotationStatusColor,
  quotationStatusLabel,
} from '../../../src/domain/quotation-status';

const pending = (validity_date: string) => ({ status: 'pending', validity_date });

describe('isQuotationExpired (clock as a parameter, shop calendar America/Sao_Paulo)', () => {
  it('valid through its validity date: expired only from the next day on', () => {
    const q = pending('2026-11-25');
    expect(isQuotationExpired(q, '2026-11-24T12:00:00Z')).toBe(false);
    expect(isQuotationExpired(q, '2026-11-25T12:00:00Z')).toBe(false);
    expect(isQuotationExpired(q, '2026-11-26T12:00:00Z')).toBe(true);
  });

  it("uses São Paulo's date, not UTC's: 01:30 UTC on the 26th is still the 25th in the shop", () => {
    const q = pending('2026-11-25');
    expect(isQuotationExpired(q, '2026-11-26T01:30:00Z')).toBe(false); // 22:30 of the 25th in São Paulo
    expect(isQuotationExpired(q, '2026-11-26T03:00:00Z')).toBe(true); // 00:00 of the 26th in São Paulo
    expect(isQuotationExpired(q, new Date('2026-11-26T03:00:00Z'))).toBe(true);
    expect(isQuotationExpired(q, Date.parse('2026-11-26T02:59:59Z'))).toBe(false);
  });

  it('only a pending quotation expires: a decision made in time stays what it is', () => {
    const later = '2027-06-01T12:00:00Z';
    expect(isQuotationExpired({ status: 'accepted', validity_date: '2026-01-01' }, later)).toBe(false);
    expect(isQuotationExpired({ status: 'rejected', validity_date: '2026-01-01' }, later)).toBe(false);
    expect(isQuotationExpired({ status: 'pending', validity_date: '2026-01-01' }, later)).toBe(true);
  });

  it('renewing the validity date to a future one makes it pending again', () => {
    const now = '2026-11-25T15:00:00Z';
    expect(quotationDisplayStatus(pending('2026-11-20'), now)).toBe('expired');
    expect(quotationDisplayStatus(pending('2026-12-20'), now)).toBe('pending');
  });

  it('no validity date or an invalid clock never shows Vencido', () => {
    expect(isQuotationExpired({ status: 'pending', validity_date: null }, '2026-11-25T15:00:00Z')).toBe(false);
    expect(isQuotationExpired({ status: 'pending', validity_date: '' }, '2026-11-25T15:00:00Z')).toBe(false);
    expect(isQuotationExpired(pending('2026-11-20'), 'não é data')).toBe(false);
  });
});

describe('labels', () => {
  it('Vencido (orange) next to Pendente, Aceito and Rejeitado', () => {
    expect(quotationStatusLabel(quotationDisplayStatus(pending('2020-01-01'), '2026-11-25T15:00:00Z'))).toBe('Vencido');
    expect(quotationStatusColor('expired')).toBe('orange');
    expect(quotationStatusLabel('pending')).toBe('Pendente');
    expect(quotationStatusLabel('accepted')).toBe('Aceito');
    expect(quotationStatusLabel('rejected')).toBe('Rejeitado');
  });
});
