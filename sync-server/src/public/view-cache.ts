/**
 * The public read answers (a quotation by code, the company profile) kept in memory, as sent,
 * until what they show changes. A quotation link is opened again and again (the page refreshes
 * every 30 s while open); without this every open costs a query and a serialisation, and under
 * load the slowest answers wait behind them (npm run bench:load).
 *
 * Invalidation — never an answer older than a write this server has acknowledged:
 * - this process's own writes: db.onCommitted, right after COMMIT, before the writing request
 *   answers;
 * - other servers on the same PostgreSQL: the forja_changes NOTIFY (LISTEN). Until that
 *   listener is up (or if it fails), nothing is cached;
 * - an answer read while a change was committed is not kept (generation check).
 * A quotation not yet viewed is never cached: opening it writes viewed_at.
 * And nothing is kept longer than MAX_AGE_MS, so a change made outside the server's writers
 * (an administrator's hand-written SQL) shows within seconds too.
 */
import { CHANGES_CHANNEL } from '../db/sequence';
import type { Database } from '../db/types';

/** Collections a cached answer is made of. */
const QUOTATION_SOURCES = new Set(['quotations', 'customers']);
const COMPANY_SOURCES = new Set(['company']);
const MAX_QUOTATIONS = 1_000;
export const MAX_AGE_MS = 5_000;

export class PublicViewCache {
  private readonly quotations = new Map<string, { json: string; at: number }>();
  private company: { json: string; at: number } | null = null;
  private generation = 0;
  private listening = false;
  private stops: (() => unknown)[] = [];

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.stops.push(this.db.onCommitted((changed) => this.invalidate(changed)));
    try {
      const unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => this.invalidate(collectionsOf(payload)));
      this.stops.push(unlisten);
      this.listening = true;
    } catch {
      this.listening = false;
    }
  }

  async close(): Promise<void> {
    this.listening = false;
    for (const stop of this.stops.splice(0)) await stop();
  }

  /** A token to hand back to put*: the answer is kept only if nothing changed in between. */
  begin(): number {
    return this.generation;
  }

  quotation(code: string): string | undefined {
    const hit = this.listening ? this.quotations.get(code.toLowerCase()) : undefined;
    return hit && Date.now() - hit.at < MAX_AGE_MS ? hit.json : undefined;
  }

  putQuotation(token: number, code: string, json: string): void {
    if (!this.listening || token !== this.generation) return;
    if (this.quotations.size >= MAX_QUOTATIONS) this.quotations.delete(this.quotations.keys().next().value!);
    this.quotations.delete(code.toLowerCase());
    this.quotations.set(code.toLowerCase(), { json, at: Date.now() });
  }

  companyProfile(): string | null {
    const hit = this.listening ? this.company : null;
    return hit && Date.now() - hit.at < MAX_AGE_MS ? hit.json : null;
  }

  putCompany(token: number, json: string): void {
    if (this.listening && token === this.generation) this.company = { json, at: Date.now() };
  }

  private invalidate(changed: ReadonlySet<string> | null): void {
    this.generation++;
    const all = changed === null;
    if (all || [...changed].some((c) => QUOTATION_SOURCES.has(c))) this.quotations.clear();
    if (all || [...changed].some((c) => COMPANY_SOURCES.has(c))) this.company = null;
  }
}

/** The collection a NOTIFY names; null (everything) when it cannot be read. */
function collectionsOf(payload: string): ReadonlySet<string> | null {
  try {
    const c = (JSON.parse(payload) as { collection?: unknown }).collection;
    return typeof c === 'string' ? new Set([c]) : null;
  } catch {
    return null;
  }
}
