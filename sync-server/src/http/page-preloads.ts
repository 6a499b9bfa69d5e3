/**
 * The public pages' HTML, with what their first paint needs announced in the <head>.
 *
 * The built index.html only names the entry chunk: the browser learns of the page's own chunk
 * (landing, public quotation) after the entry has downloaded and run, and of the data the page
 * shows (company profile, the quotation) after that chunk has run — three trips in a row, each
 * ~150 ms on a phone's network before its bytes even start (npm run bench:web). Here each public
 * page's HTML lists its chunks (from Vite's build manifest) as modulepreloads and its data as
 * fetch preloads, so all of it downloads while the entry is still arriving.
 *
 * A page the server drew (ssr/quotation-page.ts, ssr/landing-page.ts) carries its first screen in
 * #root and its data in a JSON block: its CSS is linked as stylesheets (that screen must not paint
 * unstyled) and there is no data left to preload.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isValidQuotationCode } from '@shared';
import type { DrawnPage } from '../ssr/renderer';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Route modules of the public pages (src/app/routes.tsx). */
const PAGE_MODULES = {
  landing: ['src/app/pages/landing.tsx'],
  quotation: ['src/app/pages/public-quotation.tsx'],
} as const;
export type PublicPage = keyof typeof PAGE_MODULES;


const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function chunkFiles(manifest: Manifest, keys: readonly string[], skip: Set<string>): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || skip.has(k)) return;
    seen.add(k);
    const c = manifest[k];
    if (!c) return;
    js.push(c.file);
    css.push(...(c.css ?? []));
    for (const i of c.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return { js, css };
}

export interface PageHtml {
  /**
   * index.html for `page`, with its preloads; `code` is the quotation code of /quotation/:code,
   * `drawn` what the server drew of the page, `apiQuery` the access its API request will carry
   * (quotationAccessQuery: the preload is used only if its address is exactly the page's own).
   */
  render(page: PublicPage, code?: string, drawn?: DrawnPage | null, apiQuery?: string): string;
}

const EMPTY_ROOT = '<div id="root"></div>';

/** Null when there is no build or no manifest (the plain index.html is served then). */
export function loadPageHtml(webDir: string): PageHtml | null {
  const indexPath = path.join(webDir, 'index.html');
  const manifestPath = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(indexPath) || !existsSync(manifestPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  // What the entry already loads is in index.html; only the rest is announced.
  const entryKeys = new Set<string>();
  for (const [k, c] of Object.entries(manifest)) {
    if (!c.isEntry) continue;
    const stack = [k];
    while (stack.length) {
      const x = stack.pop()!;
      if (entryKeys.has(x)) continue;
      entryKeys.add(x);
      stack.push(...(manifest[x]?.imports ?? []));
    }
  }
  // A style preload is only used by a stylesheet request of the same CORS mode: the route
  // module's CSS loader asks with crossorigin, so the preload does too (without it, Chromium
  // downloads the CSS a second time — after the entry has run, on the way to the first paint).
  const links = (page: PublicPage, cssAs: 'preload' | 'stylesheet'): string => {
    const { js, css } = chunkFiles(manifest, PAGE_MODULES[page], entryKeys);
    return [
      ...css.map((f) =>
        cssAs === 'preload'
          ? `<link rel="preload" as="style" href="/${escapeAttr(f)}" crossorigin>`
          : `<link rel="stylesheet" href="/${escapeAttr(f)}">`,
      ),
      ...js.map((f) => `<link rel="modulepreload" href="/${escapeAttr(f)}">`),
    ].join('');
  };
  const pageLinks: Record<PublicPage, string> = { landing: links('landing', 'preload'), quotation: links('quotation', 'preload') };
  // The route module's own CSS loader finds these links and does not add them again.
  const drawnLinks: Record<PublicPage, string> = { landing: links('landing', 'stylesheet'), quotation: links('quotation', 'stylesheet') };
  const canDraw = html.includes(EMPTY_ROOT);
  const fetchPreload = (href: string) => `<link rel="preload" as="fetch" href="${escapeAttr(href)}" crossorigin="anonymous">`;

  return {
    render(page, code, drawn, apiQuery = '') {
      if (drawn && canDraw) {
        return html
          .replace('</head>', `${drawnLinks[page]}</head>`)
          .replace(EMPTY_ROOT, () => `<div id="root">${drawn.root}</div>${drawn.data}`);
      }
      const data =
        page === 'landing'
          ? [fetchPreload('/api/public/company'), fetchPreload('/gallery/gallery.json')]
          : [fetchPreload('/api/public/company'), ...(code && code === code.trim() && isValidQuotationCode(code) ? [fetchPreload(`/api/public/quotations/${encodeURIComponent(code)}${apiQuery}`)] : [])];
      return html.replace('</head>', `${pageLinks[page]}${data.join('')}</head>`);
    },
  };
}
