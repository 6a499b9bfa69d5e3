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
 * #root and its data in a JSON block, and its CSS inline in a <style> (that screen must not paint
 * unstyled, and a stylesheet request would cost a phone a round trip before its first paint, the
 * bandwidth shared with the entry script): there is nothing left to wait for but the HTML.
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
  // The public pages have a build of their own (vite.config.ts publicPagesBuild: public.html,
  // src/public-main.tsx — no staff routes, no data router); a build from before it has only the
  // staff app's index.html, which draws them too.
  const publicPath = path.join(webDir, 'public.html');
  const publicManifestPath = path.join(webDir, '.vite', 'public-manifest.json');
  const ownBuild = existsSync(publicPath) && existsSync(publicManifestPath);
  const html = readFileSync(ownBuild ? publicPath : indexPath, 'utf8');
  const manifest = JSON.parse(readFileSync(ownBuild ? publicManifestPath : manifestPath, 'utf8')) as Manifest;
  // What the entry already loads is in its HTML; only the rest is announced.
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
  // A drawn page: its CSS inline, then the same files as print-only stylesheets, which do not
  // block the first paint (Chromium fetches them last) and are there for the route module's own
  // CSS loader (Vite's preload helper): it finds a stylesheet link with the file's address and
  // neither downloads it again nor holds the page's hydration until it has arrived. In print the
  // file's rules are the inline ones again. No file readable: linked as stylesheets, as before.
  const inlined = (page: PublicPage): string => {
    const { js, css } = chunkFiles(manifest, PAGE_MODULES[page], entryKeys);
    let styles: string;
    try {
      styles = css.map((f) => `<style>${readFileSync(path.join(webDir, f), 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`).join('');
    } catch {
      return links(page, 'stylesheet');
    }
    return [
      styles,
      ...css.map((f) => `<link rel="stylesheet" media="print" href="/${escapeAttr(f)}">`),
      ...js.map((f) => `<link rel="modulepreload" href="/${escapeAttr(f)}">`),
    ].join('');
  };
  const drawnLinks: Record<PublicPage, string> = { landing: inlined('landing'), quotation: inlined('quotation') };
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
