/**
 * The public quotation page drawn on the server: its first screen in the HTML (a phone paints it
 * as soon as the HTML and CSS arrive, without waiting for React to download and run) and the data
 * it was drawn with in a JSON block, which the page hydrates from (src/features/public-quotation/
 * page-data.ts) instead of fetching it.
 *
 * The renderer is the web app's own code, built for Node by `vite build --ssr` (npm run build) and
 * loaded from that build by file path, like the build manifest: the server never imports src/.
 * Without that build (development, tests that do not build it), a code that cannot exist, an
 * unknown quotation or any failure, the page is sent as before and the browser draws it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { isValidQuotationCode, PAGE_DATA_ELEMENT_ID, type QuotationPageData } from '@shared';
import { AppError } from '../http/errors';
import type { PublicAnswers } from '../public/answers';

/** What src/ssr/entry-server.tsx exports. */
interface QuotationPageRenderer {
  /** Loads what the first page needs, ahead of it. */
  prepare(): Promise<void>;
  /** #root's HTML for the URL drawn with `data`; null when that is not what the page would show. */
  renderQuotationPage(url: string, data: QuotationPageData): Promise<string | null>;
}

export interface DrawnPage {
  /** Goes inside <div id="root">. */
  root: string;
  /** The <script type="application/json"> block with the data `root` was drawn with. */
  data: string;
}

export interface QuotationPageDrawer {
  /** `url`: the request's path (and query); `code`: its decoded :code. Null: send the page undrawn. */
  draw(url: string, code: string | undefined): Promise<DrawnPage | null>;
}

export const RENDERER_FILE = 'entry-server.js';

/**
 * JSON that can sit inside <script> in HTML: no '<' at all, so no text in it (a customer's name,
 * a description) can close the element or open a comment. JSON.parse reads \u003c back as '<'.
 */
export function jsonForHtml(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** Null when the SSR build is missing or cannot be loaded (logged: a broken build is worth a look). */
export async function loadQuotationPageDrawer(
  ssrDir: string,
  answers: PublicAnswers,
  log: FastifyBaseLogger,
): Promise<QuotationPageDrawer | null> {
  const file = path.join(ssrDir, RENDERER_FILE);
  if (!existsSync(file)) return null;
  let renderer: QuotationPageRenderer;
  try {
    renderer = (await import(pathToFileURL(file).href)) as QuotationPageRenderer;
    if (typeof renderer.renderQuotationPage !== 'function') throw new Error(`${file} does not export renderQuotationPage`);
    await renderer.prepare();
  } catch (err) {
    log.warn({ err }, 'quotation page server rendering unavailable');
    return null;
  }

  return {
    async draw(url, code) {
      // The same rule as the page's preloads: nothing that cannot be a code goes near the HTML.
      if (!code || code !== code.trim() || !isValidQuotationCode(code)) return null;
      try {
        const [quotation, company] = await Promise.all([answers.quotationForPage(code), answers.company()]);
        const root = await renderer.renderQuotationPage(url, { quotation: JSON.parse(quotation), company: JSON.parse(company) });
        if (root === null) return null;
        const data = jsonForHtml(`{"quotation":${quotation},"company":${company}}`);
        return { root, data: `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${data}</script>` };
      } catch (err) {
        // Not found: the browser shows the not-found panel, as before. Anything else is logged.
        if (!(err instanceof AppError)) log.warn({ err, url }, 'quotation page server rendering failed');
        return null;
      }
    },
  };
}
