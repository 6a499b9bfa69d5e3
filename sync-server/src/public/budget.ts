/**
 * One budget per client address for every public quotation route (issue 30): the JSON lookups
 * and decisions, the drawn quotation page and the no-JS decision forms all take from the same
 * FORJA_PUBLIC_RATE_LIMIT units per minute, so a guesser cannot multiply its rate by spreading
 * over routes (before, @fastify/rate-limit counted each route apart: 4 × 120 a minute). A request
 * costs 1 unit; one that checks the customer's phone digits costs a sixth of the minute's budget
 * (public/access.ts, where the arithmetic is).
 */
export class PublicBudget {
  private windowStart = 0;
  private readonly used = new Map<string, number>();

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True (and counted) while `client` has `cost` units left this minute; false spends nothing. */
  take(client: string, cost = 1): boolean {
    this.roll();
    const n = this.used.get(client) ?? 0;
    if (n + cost > this.perMinute) return false;
    this.used.set(client, n + cost);
    return true;
  }

  /** Gives back units taken this minute (a phone check that was right costs what any request does). */
  refund(client: string, units: number): void {
    this.roll();
    const n = this.used.get(client);
    if (n !== undefined) this.used.set(client, Math.max(0, n - units));
  }

  /** Milliseconds until every client's budget is renewed. */
  retryAfterMs(): number {
    return Math.max(1, this.windowStart + 60_000 - this.now());
  }

  private roll(): void {
    const t = this.now();
    // One fixed window for every client: the map never holds more than a minute of clients.
    if (t - this.windowStart >= 60_000) {
      this.windowStart = t;
      this.used.clear();
    }
  }
}

/** 'Muitas tentativas. Tente novamente em 42 segundos.' — how long to wait, in words. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const when = seconds < 60 ? `${seconds} segundos` : seconds < 120 ? '1 minuto' : `${Math.ceil(seconds / 60)} minutos`;
  return `Muitas tentativas. Tente novamente em ${when}.`;
}
