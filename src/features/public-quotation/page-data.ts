/**
 * The data a server-rendered quotation page was drawn with (schemas: QuotationPageData), so the
 * page starts from it instead of a spinner and a fetch. In the browser it is the JSON block the
 * server embedded in the HTML, read once and removed; on the server it is what the page is being
 * rendered with (renderWithPageData). Only the page the server drew starts from it: once that page
 * is on screen its hooks forget it, and a later visit, even to the same quotation, fetches. Not
 * before: React may throw a render away and start it again (a press while it hydrates in slices),
 * and the new render must start from the same data or it would not match the server's markup.
 */
import { normalizeQuotationCode, PAGE_DATA_ELEMENT_ID, QUOTATION_LOCKS } from '@shared';
import type { PublicCompany, PublicQuotation, QuotationLock, QuotationPageData } from '@shared';

type Parts = { quotation: PublicQuotation | null; company: PublicCompany | null; locked: QuotationLock | null; quotationRead?: boolean };

const lockOf = (v: unknown): QuotationLock | null => ((QUOTATION_LOCKS as readonly unknown[]).includes(v) ? (v as QuotationLock) : null);

/** undefined: the document's block has not been looked at yet. */
let parts: Parts | null | undefined;

function readEmbedded(): Parts | null {
  if (typeof document === 'undefined') return null;
  const block = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!block) return null;
  block.remove();
  try {
    const data = JSON.parse(block.textContent ?? '') as QuotationPageData;
    return { quotation: data.quotation ?? null, company: data.company ?? null, locked: lockOf(data.locked) };
  } catch {
    return null;
  }
}

function current(): Parts | null {
  if (parts === undefined) parts = readEmbedded();
  return parts;
}

/** The quotation the page was drawn with, if it is the one with this code (until forgotten). */
export function pageQuotation(code: string): PublicQuotation | null {
  const p = current();
  if (!p?.quotation || normalizeQuotationCode(p.quotation.code) !== normalizeQuotationCode(code)) return null;
  p.quotationRead = true;
  return p.quotation;
}

/**
 * Issue 30: the page was drawn as the question for the phone digits (a link without its secret,
 * or wrong digits), and why — until forgotten.
 */
export function pageLock(): QuotationLock | null {
  const p = current();
  if (!p?.locked) return null;
  p.quotationRead = true;
  return p.locked;
}

/** The company profile the page was drawn with (until forgotten). */
export function pageCompany(): PublicCompany | null {
  return current()?.company ?? null;
}

/** The page that started from the quotation is on screen: later visits fetch. */
export function forgetPageQuotation(): void {
  const p = current();
  if (p) {
    p.quotation = null;
    p.locked = null;
  }
}

/** The page that started from the company profile is on screen: later visits fetch. */
export function forgetPageCompany(): void {
  const p = current();
  if (p) p.company = null;
}

/**
 * Server side: what `render` (synchronous, as react-dom/server's renderToString) draws with `data`
 * as the page's data, or null when the page did not start from that quotation (it would have
 * drawn a spinner). Nothing of `data` outlives the call, so concurrent requests cannot mix. A page
 * drawn `locked` started from the data too: it shows the question for the phone digits.
 */
export function renderWithPageData(data: QuotationPageData, render: () => string): string | null {
  const before = parts;
  const drawing: Parts = { quotation: data.quotation, company: data.company, locked: lockOf(data.locked) };
  parts = drawing;
  try {
    const html = render();
    return drawing.quotationRead ? html : null;
  } finally {
    parts = before;
  }
}
