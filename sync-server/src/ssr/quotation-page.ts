/**
 * The public quotation page drawn on the server: its first screen in the HTML (a phone paints it
 * as soon as the HTML and CSS arrive, without waiting for React to download and run) and the data
 * it was drawn with in a JSON block, which the page hydrates from (src/features/public-quotation/
 * page-data.ts) instead of fetching it.
 *
 * A visit without access (public/access.ts: no `k`, wrong `k`, no or wrong `tel`) — or to a code
 * that does not exist, which answers the same — is drawn as the question for the phone digits, so
 * that works without JavaScript too.
 *
 * Without the renderer (renderer.ts), a code that cannot exist or any failure, the page is sent
 * as before and the browser draws it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isValidQuotationCode, PAGE_DATA_ELEMENT_ID, QUOTATION_LOCKS, type QuotationLock } from '@shared';
import { AppError } from '../http/errors';
import type { QuotationAccess } from '../public/access';
import type { PublicAnswers } from '../public/answers';
import { jsonForHtml, type DrawnPage, type PageRenderer } from './renderer';

export interface DrawnQuotationPage extends DrawnPage {
  /** Drawn as the phone question instead of the quotation, and why. */
  locked: QuotationLock | null;
}

export interface QuotationPageDrawer {
  /** `url`: the request's path and query; `code`: its decoded :code. Null: send the page undrawn. */
  draw(url: string, code: string | undefined, access: QuotationAccess): Promise<DrawnQuotationPage | null>;
}

const isLock = (code: string): code is QuotationLock => (QUOTATION_LOCKS as readonly string[]).includes(code);

export function quotationPageDrawer(renderer: PageRenderer, answers: PublicAnswers, log: FastifyBaseLogger): QuotationPageDrawer {
  return {
    async draw(url, code, access) {
      // The same rule as the page's preloads: nothing that cannot be a code goes near the HTML.
      if (!code || code !== code.trim() || !isValidQuotationCode(code)) return null;
      try {
        const read = answers.quotationForPage(code, access).then(
          (json) => ({ json, locked: null }),
          (err: unknown) => {
            if (err instanceof AppError && isLock(err.code)) return { json: 'null', locked: err.code };
            throw err;
          },
        );
        const [{ json: quotation, locked }, company] = await Promise.all([read, answers.company()]);
        const root = await renderer.renderQuotationPage(url, {
          quotation: JSON.parse(quotation),
          company: JSON.parse(company),
          ...(locked ? { locked } : {}),
        });
        if (root === null) return null;
        const data = jsonForHtml(`{"quotation":${quotation},"company":${company}${locked ? `,"locked":"${locked}"` : ''}}`);
        return { root, data: `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${data}</script>`, locked };
      } catch (err) {
        if (!(err instanceof AppError)) log.warn({ err, url }, 'quotation page server rendering failed');
        return null;
      }
    },
  };
}
