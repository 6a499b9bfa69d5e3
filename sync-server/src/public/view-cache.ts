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
import type { AccessGuard } from './access';
import type { GuardedView } from './quotations';

/** A quotation's public answer as sent, and what opens it (checked at every use, never sent). */
export interface KeptQuotation {
  json: string;
  guard: AccessGuard;
}

/** Collections a cached answer is made of. */
// A quotation's answer carries its job's stages, dates and marked photos (issue 31 §6) and its NFS-e (issue 38).
const QUOTATION_SOURCES = new Set(['quotations', 'customers', 'work_orders', 'work_order_events', 'work_order_photos', 'nfse']);
const COMPANY_SOURCES = new Set(['company']);
const MAX_QUOTATIONS = 1_000;
export const MAX_AGE_MS = 5_000;

export class PublicViewCache {
  private readonly quotations = new Map<string, KeptQuotation & { at: number }>();
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

  /**
   * The public view of the quotation with this code, as JSON: kept, or `load`ed and kept unless
   * something changed while it was read (the first view writes viewed_at: that commit is such a
   * change, so a first view is never kept). Codes are looked up trimmed and ignoring case.
   */
  async quotationJson(code: unknown, load: () => Promise<GuardedView>): Promise<KeptQuotation> {
    const key = typeof code === 'string' ? codeKey(code) : '';
    const hit = key ? this.freshQuotation(this.quotations.get(key)) : null;
    if (hit) return hit;
    const generation = this.generation;
    const { view, guard } = await load();
    const kept = { json: JSON.stringify(view), guard };
    if (key && this.canKeep(generation)) {
      if (this.quotations.size >= MAX_QUOTATIONS) this.quotations.delete(this.quotations.keys().next().value!);
      this.quotations.delete(key);
      this.quotations.set(key, { ...kept, at: Date.now() });
    }
    return kept;
  }

  /** The kept answer for this code, if there is one; never reads. */
  keptQuotationJson(code: string): KeptQuotation | null {
    return this.freshQuotation(this.quotations.get(codeKey(code)));
  }

  private freshQuotation(entry: (KeptQuotation & { at: number }) | undefined): KeptQuotation | null {
    return this.fresh(entry) === null ? null : { json: entry!.json, guard: entry!.guard };
  }

  /** The public company profile as JSON: kept, or `load`ed and kept (same rules). */
  async companyJson(load: () => Promise<unknown>): Promise<string> {
    const hit = this.fresh(this.company);
    if (hit) return hit;
    const generation = this.generation;
    const json = JSON.stringify(await load());
    if (this.canKeep(generation)) this.company = { json, at: Date.now() };
    return json;
  }

  private fresh(entry: { json: string; at: number } | null | undefined): string | null {
    return this.listening && entry && Date.now() - entry.at < MAX_AGE_MS ? entry.json : null;
  }

  private canKeep(generationAtRead: number): boolean {
    return this.listening && generationAtRead === this.generation;
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

/** Codes are kept trimmed and ignoring case, as they are looked up. */
function codeKey(code: string): string {
  return code.trim().toLowerCase();
}
