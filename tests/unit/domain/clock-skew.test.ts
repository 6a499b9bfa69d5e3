/** The device's clock against the server's (issue 17 §5), from the Date header of an answer. */
import { describe, expect, it } from 'vitest';
import { clockSkewMessage, estimateClockSkew } from '../../../src/domain/clock-skew';

const SERVER = Date.parse('2026-11-25T14:56:10.000Z');
const HTTP_DATE = new Date(SERVER).toUTCString(); // 'Wed, 25 Nov 2026 14:56:10 GMT'

describe('estimateClockSkew', () => {
  it('a device 3 min ahead: its midpoint minus the middle of the header’s second', () => {
    const sentAt = SERVER + 180_000 + 300;
    expect(estimateClockSkew({ sentAt, receivedAt: sentAt + 400, serverDate: HTTP_DATE })).toBe(180_000);
  });

  it('a device behind gives a negative skew; an honest one about zero (within the header’s second)', () => {
    expect(estimateClockSkew({ sentAt: SERVER - 7_200_000 + 400, receivedAt: SERVER - 7_200_000 + 600, serverDate: HTTP_DATE })).toBe(-7_200_000);
    const honest = estimateClockSkew({ sentAt: SERVER + 100, receivedAt: SERVER + 300, serverDate: HTTP_DATE })!;
    expect(Math.abs(honest)).toBeLessThanOrEqual(500);
  });

  it('no Date header, an unreadable one, or a round trip too long or negative: unknown', () => {
    expect(estimateClockSkew({ sentAt: SERVER, receivedAt: SERVER + 100, serverDate: null })).toBeNull();
    expect(estimateClockSkew({ sentAt: SERVER, receivedAt: SERVER + 100, serverDate: 'ontem' })).toBeNull();
    expect(estimateClockSkew({ sentAt: SERVER, receivedAt: SERVER + 30_000, serverDate: HTTP_DATE })).toBeNull();
    expect(estimateClockSkew({ sentAt: SERVER, receivedAt: SERVER - 1, serverDate: HTTP_DATE })).toBeNull();
  });
});

describe('clockSkewMessage (pt-BR, over a minute only)', () => {
  it('says nothing within a minute or when unknown', () => {
    expect(clockSkewMessage(null)).toBeNull();
    expect(clockSkewMessage(0)).toBeNull();
    expect(clockSkewMessage(59_000)).toBeNull();
    expect(clockSkewMessage(-60_000)).toBeNull();
  });
  it('ahead or behind, in minutes, hours, days or years', () => {
    expect(clockSkewMessage(180_000)).toBe('O relógio deste aparelho está 3 min adiantado em relação ao servidor.');
    expect(clockSkewMessage(-185_000)).toBe('O relógio deste aparelho está 3 min atrasado em relação ao servidor.');
    expect(clockSkewMessage(61_000)).toBe('O relógio deste aparelho está 1 min adiantado em relação ao servidor.');
    expect(clockSkewMessage(-3 * 3_600_000)).toBe('O relógio deste aparelho está 3 h atrasado em relação ao servidor.');
    expect(clockSkewMessage(2 * 3_600_000 + 15 * 60_000)).toBe('O relógio deste aparelho está 2 h 15 min adiantado em relação ao servidor.');
    expect(clockSkewMessage(10 * 86_400_000)).toBe('O relógio deste aparelho está 10 dias adiantado em relação ao servidor.');
    expect(clockSkewMessage(3 * 365 * 86_400_000)).toBe('O relógio deste aparelho está 3 anos adiantado em relação ao servidor.');
  });
});
