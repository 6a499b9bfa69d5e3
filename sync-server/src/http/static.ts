/**
 * Serves the built PWA from FORJA_WEB_DIR. index.html and the service worker must always be
 * revalidated (a stale sw.js would pin users to an old build); Vite's hashed assets under
 * /assets/ never change and are cached for a year. Unknown non-API GETs get index.html
 * (client-side routing); unknown /api/* paths get a JSON 404. The landing's intro and a quotation
 * link's page come drawn by the server when they can be (ssr/landing-page.ts, ssr/quotation-page.ts).
 * Pages are sent with `no-cache`, and a public page (drawn or with its preloads) with no validator:
 * a drawn page holds data (the company profile, a quotation) that may change at any time, so the
 * browser always gets it whole, never a 304 for an older profile.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { quotationAccessQuery } from '@shared';
import { accessCost, accessFrom } from '../public/access';
import type { PublicAnswers } from '../public/answers';
import type { PublicBudget } from '../public/budget';
import { landingPageDrawer } from '../ssr/landing-page';
import { quotationPageDrawer } from '../ssr/quotation-page';
import { loadPageRenderer, type DrawnPage } from '../ssr/renderer';
import { sendError } from './errors';
import { loadPageHtml, type PublicPage } from './page-preloads';

const NO_CACHE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

/**
 * The staff app's shell (index.html: /auth, /adm) is `no-store`, which keeps its pages out of the
 * back/forward cache in every engine. WebKit (every iPhone browser) put a page into that cache
 * while its IndexedDB databases were still being created (the first screen after sign-in, or the
 * reload after the first password change): the suspended page's upgrade transaction never ended,
 * and every later page waited on those databases for good — 'Salvando...' and 'Carregando
 * clientes...' forever (issue 29 §1; WebKitGTK 2.50.6 with its page cache off did not hang). The
 * service worker serves the precached shell with the same header. The public pages keep
 * `no-cache` and the back/forward cache.
 */
const SHELL_CACHE_CONTROL = 'no-store';

export interface StaticOptions {
  webDir: string;
  /** The server renderer's build (config.ssrDir). */
  ssrDir: string;
  /** What the drawn pages are drawn with. */
  answers: PublicAnswers;
  /**
   * The public quotation routes' budget per client (public/budget.ts): drawing a quotation page
   * reads the database like the API does, so it takes from the same budget. The HTML route has no
   * limit of its own (the page must always load): past the budget the page is sent undrawn, as
   * before server rendering, and the browser's own request to /api/public answers 429.
   */
  budget: PublicBudget;
}

export async function registerStatic(app: FastifyInstance, { webDir, ssrDir, answers, budget }: StaticOptions): Promise<void> {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      // '/' is answered below (with the landing page's preloads).
      index: false,
      cacheControl: false,
      // The build writes .br/.gz beside each text asset (vite.config.ts precompress()).
      preCompressed: true,
      setHeaders(res, filePath) {
        // A pre-compressed twin (x.js.br) is cached like the file it stands for.
        const rel = path.relative(webDir, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
        if (rel.startsWith('assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        // A public page sent as the plain index.html (sendPage) has set its own already.
        else if (rel === 'index.html') res.header('Cache-Control', res.getHeader('Cache-Control') ?? SHELL_CACHE_CONTROL);
        else if (NO_CACHE.has(rel) || rel.endsWith('.html')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  const pages = hasBuild ? loadPageHtml(webDir) : null;
  const renderer = pages ? await loadPageRenderer(ssrDir, app.log) : null;
  const drawer = renderer && quotationPageDrawer(renderer, answers, app.log);
  const landing = renderer && landingPageDrawer(renderer, answers, webDir, app.log);
  const sendPage = (reply: FastifyReply, page: PublicPage | null, code?: string, drawn?: DrawnPage | null, apiQuery = '') => {
    reply.header('Cache-Control', page ? 'no-cache' : SHELL_CACHE_CONTROL);
    if (page && pages) return reply.type('text/html; charset=utf-8').send(pages.render(page, code, drawn, apiQuery));
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  };
  // The landing draws nothing per visitor (one profile, kept in memory; one small file): no budget.
  if (hasBuild) app.get('/', async (request, reply) => sendPage(reply, 'landing', undefined, landing ? await landing.draw(request.url) : null));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    // A path with a file extension is a missing file, not a client-side route.
    if (hasBuild && isPage && !/\.[a-z0-9]+$/i.test(url)) {
      const quotation = /^\/quotation\/([^/]+)\/?$/.exec(url);
      if (quotation) {
        const code = safeDecode(quotation[1]);
        const access = accessFrom(request.query);
        const cost = accessCost(access, budget.perMinute);
        let drawn: DrawnPage | null = null;
        if (drawer && budget.take(request.ip, cost)) {
          const page = await drawer.draw(request.url, code, access);
          // Wrong digits (or a guessed code) keep their whole cost, as on the API (public/access.ts).
          if (cost > 1 && page?.locked !== 'quotation_phone_mismatch') budget.refund(request.ip, cost - 1);
          drawn = page;
        }
        return sendPage(reply, 'quotation', code, drawn, quotationAccessQuery(access));
      }
      return sendPage(reply, null);
    }
    return sendError(reply, 'not_found', 'Recurso não encontrado.');
  });
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
