/**
 * How many drawn quotation pages one client gets per minute. Drawing reads the database for a
 * code nobody has opened yet, and the HTML route has no rate limit of its own (the page must
 * always load): past the budget the page is sent undrawn, as before server rendering, and the
 * browser fetches through /api/public, which is rate limited. The same number as that limit.
 */
export class DrawBudget {
  private windowStart = 0;
  private readonly used = new Map<string, number>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True (and counted) while `client` is within its budget for the current minute. */
  take(client: string): boolean {
    const t = this.now();
    // One fixed window for every client: the map never holds more than a minute of clients.
    if (t - this.windowStart >= 60_000) {
      this.windowStart = t;
      this.used.clear();
    }
    const n = this.used.get(client) ?? 0;
    if (n >= this.perMinute) return false;
    this.used.set(client, n + 1);
    return true;
  }
}
