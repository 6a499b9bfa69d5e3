/**
 * Issue 29: the shop's "today" must not depend on how a browser's locale data writes a whole
 * date. WebKit (every iPhone browser) formats `en-CA` as 11/26/2026 where Node and Chromium give
 * 2026-11-26, and Relatórios showed "NaN-NaN de NaN-". Here every locale formats the US way, as
 * WebKit did for en-CA, while the parts stay what they are.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const RealFormat = Intl.DateTimeFormat;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

function stubWebKitLikeIntl() {
  function WebKitLike(this: unknown, _locale?: string | string[], options?: Intl.DateTimeFormatOptions) {
    const real = new RealFormat('en-US', options);
    return {
      format: (d: Date) => real.format(d),
      formatToParts: (d: Date) => real.formatToParts(d),
      resolvedOptions: () => real.resolvedOptions(),
    };
  }
  vi.stubGlobal('Intl', { ...Intl, DateTimeFormat: WebKitLike });
}

describe('shopDate under a WebKit-like locale table', () => {
  it('is still YYYY-MM-DD on the shop calendar', async () => {
    stubWebKitLikeIntl();
    const { shopDate } = await import('../../../schemas/rules');
    // 00:30 UTC on the 27th is still the 26th in São Paulo.
    expect(shopDate(new Date('2026-11-27T00:30:00Z'))).toBe('2026-11-26');
    expect(shopDate('2026-01-05T15:00:00Z')).toBe('2026-01-05');
    expect(shopDate('not a date')).toBe('');
  });

  it('gives Relatórios a month it can name', async () => {
    stubWebKitLikeIntl();
    const { shopDate } = await import('../../../schemas/rules');
    const { DEFAULT_FILTER, periodRange, rangeLabel } = await import('../../../src/domain/reports/period');
    const today = shopDate(new Date('2026-11-20T12:00:00Z'));
    expect(rangeLabel(DEFAULT_FILTER, periodRange('month', today))).toBe('Novembro de 2026');
  });
});
