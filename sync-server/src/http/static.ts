/**
 * Serves the built PWA from FORJA_WEB_DIR. index.html and the service worker must always be
 * revalidated (a stale sw.js would pin users to an old build); Vite's hashed assets under
 * /assets/ never change and are cached for a year. Unknown non-API GETs get index.html
 * (client-side routing); unknown /api/* paths get a JSON 404. A quotation link's page comes
 * drawn by the server when it can be (ssr/quotation-page.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PublicAnswers } from '../public/answers';
import { DrawBudget } from '../ssr/draw-budget';
import { loadQuotationPageDrawer, type DrawnPage } from '../ssr/quotation-page';
import { sendError } from './errors';
import { loadPageHtml, type PublicPage } from './page-preloads';

const NO_CACHE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

export interface StaticOptions {
  webDir: string;
  /** The server renderer's build (config.ssrDir). */
  ssrDir: string;
  /** What the drawn quotation page is drawn with. */
  answers: PublicAnswers;
  /** Drawn quotation pages per client per minute (config.publicRateLimitPerMinute). */
  drawsPerMinute: number;
}

export async function registerStatic(app: FastifyInstance, { webDir, ssrDir, answers, drawsPerMinute }: StaticOptions): Promise<void> {
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
        else if (NO_CACHE.has(rel) || rel.endsWith('.html')) res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  const pages = hasBuild ? loadPageHtml(webDir) : null;
  const drawer = pages ? await loadQuotationPageDrawer(ssrDir, answers, app.log) : null;
  const budget = new DrawBudget(drawsPerMinute);
  const sendPage = (reply: FastifyReply, page: PublicPage | null, code?: string, drawn?: DrawnPage | null) => {
    reply.header('Cache-Control', 'no-cache');
    if (page && pages) return reply.type('text/html; charset=utf-8').send(pages.render(page, code, drawn));
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  };
  if (hasBuild) app.get('/', (_request, reply) => sendPage(reply, 'landing'));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    // A path with a file extension is a missing file, not a client-side route.
    if (hasBuild && isPage && !/\.[a-z0-9]+$/i.test(url)) {
      const quotation = /^\/quotation\/([^/]+)\/?$/.exec(url);
      if (quotation) {
        const code = safeDecode(quotation[1]);
        const drawn = drawer && budget.take(request.ip) ? await drawer.draw(url, code) : null;
        return sendPage(reply, 'quotation', code, drawn);
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
