/**
 * The public read answers, as sent (JSON), through the in-memory view cache: what the
 * /api/public routes answer and what the server-drawn quotation page is drawn with.
 */
import type { Database } from '../db/types';
import { getPublicCompany } from './company';
import { requireAccess, type QuotationAccess } from './access';
import { peekQuotation, quotationGuard, viewQuotation } from './quotations';
import { PublicViewCache } from './view-cache';

export class PublicAnswers {
  private readonly cache: PublicViewCache;

  constructor(private readonly db: Database) {
    this.cache = new PublicViewCache(db);
  }

  start(): Promise<void> {
    return this.cache.start();
  }

  close(): Promise<void> {
    return this.cache.close();
  }

  /**
   * Refuses `access` unless it opens the quotation, reading the database whether the code is
   * live or not (issue 40 §5): the cache answered a refusal for a live code from memory (~2 ms)
   * and one for an unknown code from the database (~3.5 ms), which told live codes apart. Only
   * a request let through here may be answered from memory.
   */
  private async requireOpen(code: unknown, access: QuotationAccess): Promise<void> {
    requireAccess(await quotationGuard(this.db, code), access);
  }

  /**
   * GET /api/public/quotations/:code — once `access` opens it (public/access.ts: checked against
   * the database first, then against what opens the kept answer, kept beside it); the first one
   * marks the quotation viewed.
   */
  async quotation(code: unknown, access: QuotationAccess): Promise<string> {
    await this.requireOpen(code, access);
    const kept = await this.cache.quotationJson(code, () => viewQuotation(this.db, code, access));
    requireAccess(kept.guard, access);
    return kept.json;
  }

  /**
   * The same answer for drawing the page, without marking the quotation viewed (the page's own
   * request does that): the kept answer when there is one (only viewed quotations are kept),
   * else read as it stands — and not kept, or the API would answer it without the first view.
   */
  async quotationForPage(code: string, access: QuotationAccess): Promise<string> {
    await this.requireOpen(code, access);
    const kept = this.cache.keptQuotationJson(code);
    if (!kept) return JSON.stringify(await peekQuotation(this.db, code, access));
    requireAccess(kept.guard, access);
    return kept.json;
  }

  /** GET /api/public/company */
  company(): Promise<string> {
    return this.cache.companyJson(() => getPublicCompany(this.db));
  }
}
