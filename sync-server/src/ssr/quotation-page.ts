/**
 * The public quotation page drawn on the server: its first screen in the HTML (a phone paints it
 * as soon as the HTML and CSS arrive, without waiting for React to download and run) and the data
 * it was drawn with in a JSON block, which the page hydrates from (src/features/public-quotation/
 * page-data.ts) instead of fetching it.
 *
 * Without the renderer (renderer.ts), a code that cannot exist, an unknown quotation or any
 * failure, the page is sent as before and the browser draws it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isValidQuotationCode, PAGE_DATA_ELEMENT_ID } from '@shared';
import { AppError } from '../http/errors';
import type { PublicAnswers } from '../public/answers';
import { jsonForHtml, type DrawnPage, type PageRenderer } from './renderer';

export interface QuotationPageDrawer {
  /** `url`: the request's path (and query); `code`: its decoded :code. Null: send the page undrawn. */
  draw(url: string, code: string | undefined): Promise<DrawnPage | null>;
}

export function quotationPageDrawer(renderer: PageRenderer, answers: PublicAnswers, log: FastifyBaseLogger): QuotationPageDrawer {
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
