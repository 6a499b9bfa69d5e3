/**
 * The landing page (/) drawn on the server: its first screen, the 3-second intro with the company's
 * name, is in the HTML (a phone paints it as soon as the HTML and CSS arrive, instead of after the
 * entry script, the landing's chunk and two fetches), and the data it was drawn with — the company
 * profile and the gallery list — is in a JSON block the page hydrates from
 * (src/features/landing/page-data.ts) instead of fetching it.
 *
 * Without the renderer (renderer.ts), a renderer built before it could draw the landing, or any
 * failure (the profile cannot be read), the page is sent as before and the browser draws it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PAGE_DATA_ELEMENT_ID, type LandingPageData } from '@shared';
import type { PublicAnswers } from '../public/answers';
import { jsonForHtml, type DrawnPage, type PageRenderer } from './renderer';

export interface LandingPageDrawer {
  /** `url`: the request's path (and query). Null: send the page undrawn. */
  draw(url: string): Promise<DrawnPage | null>;
}

/** Where the page reads its gallery list from (src/features/landing/gallery.ts GALLERY_URL), served from the web build. */
const GALLERY_FILE = path.join('gallery', 'gallery.json');

/**
 * The gallery list as the page would read it, or null when it would not get one (no file, not
 * JSON): the page then shows its built-in pictures, as it does when its own fetch fails. Read at
 * every draw, so the shop can replace it on a running server.
 */
async function readGallery(webDir: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path.join(webDir, GALLERY_FILE), 'utf8')) as unknown;
  } catch {
    return null;
  }
}

export function landingPageDrawer(
  renderer: PageRenderer,
  answers: PublicAnswers,
  webDir: string,
  log: FastifyBaseLogger,
): LandingPageDrawer | null {
  const render = renderer.renderLandingPage?.bind(renderer);
  if (!render) return null;
  return {
    async draw(url) {
      try {
        const [company, gallery] = await Promise.all([answers.company(), readGallery(webDir)]);
        const data: LandingPageData = { page: 'landing', company: JSON.parse(company), gallery };
        const root = await render(url, data);
        if (root === null) return null;
        const json = jsonForHtml(`{"page":"landing","company":${company},"gallery":${JSON.stringify(gallery)}}`);
        return { root, data: `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>` };
      } catch (err) {
        log.warn({ err, url }, 'landing page server rendering failed');
        return null;
      }
    },
  };
}
