import { describe, expect, it } from 'vitest';
import { checkLookupCode, checkPageCode } from '../../../src/domain/quotation-code';
import { quotationStatusColor, quotationStatusLabel, decisionPrefix } from '../../../src/domain/quotation-status';

describe('lookup code (spec §5)', () => {
  it('rejects empty and whitespace-only input with the spec message', () => {
    for (const raw of ['', '   ', '\t\n', null, undefined]) {
      expect(checkLookupCode(raw)).toEqual({
        ok: false, reason: 'empty', message: 'Por favor, insira um código de orçamento',
      });
    }
  });
  it('trims and ignores case', () => {
    expect(checkLookupCode('  orc-7k3m9p ')).toEqual({ ok: true, code: 'ORC-7K3M9P' });
  });
  it('reports codes that cannot exist as malformed', () => {
    expect(checkLookupCode('ab').ok).toBe(false);
    expect(checkLookupCode('ORC 123')).toMatchObject({ ok: false, reason: 'malformed' });
    expect(checkLookupCode('x'.repeat(33))).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('page code (spec §5)', () => {
  it('is invalid only when empty after trimming or malformed', () => {
    expect(checkPageCode(' ')).toEqual({
      ok: false, reason: 'empty', message: 'Código do orçamento inválido ou não fornecido',
    });
    expect(checkPageCode(undefined)).toMatchObject({ ok: false, message: 'Código do orçamento inválido ou não fornecido' });
    expect(checkPageCode('orc-abc123')).toEqual({ ok: true, code: 'ORC-ABC123' });
  });
});

describe('quotation status (spec §4)', () => {
  it('maps known statuses and shows others as is', () => {
    expect([quotationStatusLabel('pending'), quotationStatusColor('pending')]).toEqual(['Pendente', 'yellow']);
    expect([quotationStatusLabel('accepted'), quotationStatusColor('accepted')]).toEqual(['Aceito', 'green']);
    expect([quotationStatusLabel('rejected'), quotationStatusColor('rejected')]).toEqual(['Rejeitado', 'red']);
    expect([quotationStatusLabel('em análise'), quotationStatusColor('em análise')]).toEqual(['em análise', 'gray']);
    expect(quotationStatusLabel('toString')).toBe('toString');
    expect(decisionPrefix('accepted')).toBe('Aceito em');
    expect(decisionPrefix('rejected')).toBe('Rejeitado em');
    expect(decisionPrefix('pending')).toBeNull();
  });
});
