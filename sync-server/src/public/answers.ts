/**
 * The public read answers, as sent (JSON), through the in-memory view cache: what the
 * /api/public routes answer and what the server-drawn quotation page is drawn with.
 */
import type { Database } from '../db/types';
import { getPublicCompany } from './company';
import { requireAccess, type QuotationAccess } from './access';
import { peekQuotation, viewQuotation } from './quotations';
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
   * GET /api/public/quotations/:code — once `access` opens it (public/access.ts: a kept answer is
   * checked against what opens it, kept beside it); the first one marks the quotation viewed.
   */
  async quotation(code: unknown, access: QuotationAccess): Promise<string> {
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
