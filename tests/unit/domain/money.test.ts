import { describe, expect, it } from 'vitest';
import {
  formatBRL, formatCentsBRL, formatDecimalBR, fromCents, lineTotalCents, materialsTotal, parseBRL, sumReais, toCents,
} from '../../../src/domain/money';

describe('toCents / fromCents', () => {
  it('converts without floating point drift', () => {
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(-2.5)).toBe(-250);
    expect(toCents(Number.NaN)).toBe(0);
    expect(fromCents(123450)).toBe(1234.5);
    expect(fromCents(1)).toBe(0.01);
  });
  it('sums in cents', () => {
    expect(sumReais([0.1, 0.2])).toBe(0.3);
    expect(sumReais([])).toBe(0);
    expect(lineTotalCents(3, 19.99)).toBe(5997);
    expect(materialsTotal([{ quantity: 3, price: 19.99 }, { quantity: 2, price: 0.1 }])).toBe(60.17);
  });
});

describe('formatBRL', () => {
  it('uses R$, dot thousands, comma decimals and an ASCII space', () => {
    expect(formatBRL(1234.5)).toBe('R$ 1.234,50');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(0.05)).toBe('R$ 0,05');
    expect(formatBRL(999.999)).toBe('R$ 1.000,00');
    expect(formatBRL(1234567.89)).toBe('R$ 1.234.567,89');
    expect(formatBRL(-3)).toBe('-R$ 3,00');
    expect(formatBRL(null)).toBe('R$ 0,00');
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe('R$ 0,00');
    expect(formatBRL(1)).not.toContain('\u00a0');
    expect(formatCentsBRL(123450)).toBe('R$ 1.234,50');
    expect(formatDecimalBR(1000)).toBe('1.000,00');
  });
});

describe('parseBRL', () => {
  it('parses pt-BR money input', () => {
    expect(parseBRL('R$ 1.234,50')).toBe(1234.5);
    expect(parseBRL('R$\u00a01.234,50')).toBe(1234.5);
    expect(parseBRL('1234,5')).toBe(1234.5);
    expect(parseBRL('1.234')).toBe(1234);
    expect(parseBRL('1.234.567')).toBe(1234567);
    expect(parseBRL('12.5')).toBe(12.5);
    expect(parseBRL('12.50')).toBe(12.5);
    expect(parseBRL('0,1')).toBe(0.1);
    expect(parseBRL(',5')).toBe(0.5);
    expect(parseBRL('-10,00')).toBe(-10);
    expect(parseBRL('10,005')).toBe(10.01);
  });
  it('empty is 0, garbage is null', () => {
    expect(parseBRL('')).toBe(0);
    expect(parseBRL('   ')).toBe(0);
    expect(parseBRL('R$ ')).toBe(0);
    expect(parseBRL('abc')).toBeNull();
    expect(parseBRL('1,2,3')).toBeNull();
    expect(parseBRL('12.34.5')).toBeNull();
    expect(parseBRL('1.23,00')).toBeNull();
  });
  it('round-trips what formatBRL prints', () => {
    for (const v of [0, 0.01, 9.9, 1234.5, 1000000, 42.42]) expect(parseBRL(formatBRL(v))).toBe(v);
  });
});
