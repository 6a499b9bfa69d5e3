/**
 * The public pages' server renderer: the web app's own code, built for Node by `vite build --ssr`
 * (npm run build, src/ssr/entry-server.tsx) and loaded from that build by file path, like the
 * build manifest: the server never imports src/. Without that build (development, tests that do
 * not build it) or when it cannot be loaded, there is no renderer and the pages are sent undrawn,
 * for the browser to draw.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { LandingPageData, QuotationPageData } from '@shared';

/** What src/ssr/entry-server.tsx exports. */
export interface PageRenderer {
  /** Loads what the first pages need, ahead of them. */
  prepare(): Promise<void>;
  /** #root's HTML for the URL drawn with `data`; null when that is not what the page would show. */
  renderQuotationPage(url: string, data: QuotationPageData): Promise<string | null>;
  /** The same for the landing (/); absent from a renderer built before it could draw the landing. */
  renderLandingPage?(url: string, data: LandingPageData): Promise<string | null>;
}

/** A page's first screen as the server drew it. */
export interface DrawnPage {
  /** Goes inside <div id="root">. */
  root: string;
  /** The <script type="application/json"> block with the data `root` was drawn with. */
  data: string;
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
export async function loadPageRenderer(ssrDir: string, log: FastifyBaseLogger): Promise<PageRenderer | null> {
  const file = path.join(ssrDir, RENDERER_FILE);
  if (!existsSync(file)) return null;
  try {
    const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
    if (typeof renderer.renderQuotationPage !== 'function') throw new Error(`${file} does not export renderQuotationPage`);
    await renderer.prepare();
    return renderer;
  } catch (err) {
    log.warn({ err }, 'public pages server rendering unavailable');
    return null;
  }
}
