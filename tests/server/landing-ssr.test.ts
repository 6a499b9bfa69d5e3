/**
 * The landing page drawn on the server (sync-server/src/ssr/landing-page.ts): its intro with the
 * company's name in #root, the profile and the gallery list it was drawn with in a JSON block no
 * text can break out of, no validator that could keep an old profile; and the page as before
 * (for the browser to draw) without a renderer, with an older one, or when drawing fails. Uses the
 * real renderer, built from src/ for this test (vite build --ssr) and loaded from that build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, type LandingPageData, type PublicCompany } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored } from './sync-fixtures';
import { buildRendererForTest, removeRendererBuild } from '../support/ssr-build';

const HOSTILE = '</script><script>alert(1)</script><!--';
const GALLERY = [
  { src: '/gallery/01.webp', alt: `Portão ${HOSTILE}`, border: 'blue' },
  { src: '/gallery/02.webp', alt: 'Mezanino', border: 'red' },
];

/** A web build as Vite writes it: index.html with an empty #root, a manifest naming the landing's chunks, a gallery list. */
function writeWebBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'gallery'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><title>Forja</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'src/app/pages/landing.tsx': { file: 'assets/landing-1.js', imports: ['_kit.js'], css: ['assets/landing-1.css'] },
    '_kit.js': { file: 'assets/kit-1.js' },
    'src/app/pages/public-quotation.tsx': { file: 'assets/pq-1.js', css: ['assets/quotation-1.css'] },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'gallery', 'gallery.json'), JSON.stringify(GALLERY, null, 2));
}

/** A renderer module that is not the real one: `landing` is the body of its renderLandingPage, or none. */
function writeFakeRenderer(dir: string, landing: string | null) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'entry-server.js'),
    [
      'export async function prepare() {}',
      'export async function renderQuotationPage() { return null; }',
      landing === null ? '' : `export async function renderLandingPage() { ${landing} }`,
    ].join('\n'),
  );
}

let webDir: string;
let ssrDir: string;
let fakes: string;
beforeAll(() => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'forja-web-'));
  fakes = mkdtempSync(path.join(os.tmpdir(), 'forja-ssr-fakes-'));
  writeWebBuild(webDir);
  ssrDir = buildRendererForTest('forja-landing-ssr-test');
}, 120_000);
afterAll(() => {
  rmSync(webDir, { recursive: true, force: true });
  rmSync(fakes, { recursive: true, force: true });
  removeRendererBuild(ssrDir);
});

async function get(server: TestServer, urlPath = '/'): Promise<{ page: string; headers: Headers }> {
  const res = await fetch(server.url + urlPath);
  expect(res.status, urlPath).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return { page: await res.text(), headers: res.headers };
}

/** What is inside <div id="root">: up to the data block, or to </body> when there is none. */
function rootOf(page: string): string {
  const start = page.indexOf('<div id="root">');
  const block = page.indexOf('<script type="application/json"');
  return page.slice(start, block >= 0 ? block : page.indexOf('</body>'));
}

/** The JSON block's text: from its opening tag to the first `</script` after it. */
function dataBlock(page: string): string | null {
  const open = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`;
  const at = page.indexOf(open);
  if (at < 0) return null;
  return page.slice(at + open.length, page.indexOf('</script', at + open.length));
}

/** The landing as before server rendering: empty #root, its CSS and chunks preloaded, its data too. */
function expectUndrawn(page: string) {
  expect(page).toContain('<div id="root"></div>');
  expect(page).not.toContain(PAGE_DATA_ELEMENT_ID);
  expect(page).toContain('<link rel="preload" as="style" href="/assets/landing-1.css" crossorigin>');
  expect(page).toContain('<link rel="modulepreload" href="/assets/landing-1.js">');
  expect(page).toContain('<link rel="preload" as="fetch" href="/api/public/company" crossorigin="anonymous">');
  expect(page).toContain('<link rel="preload" as="fetch" href="/gallery/gallery.json" crossorigin="anonymous">');
}

describe.each(backends())('server-drawn landing page (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { FORJA_WEB_DIR: webDir, FORJA_SSR_DIR: ssrDir } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('/ comes with the intro drawn (headline, company name) and its data in a block no text can break out of', async () => {
    const { page, headers } = await get(server);
    const company = (await api<PublicCompany>(server, '/api/public/company')).body;
    const root = rootOf(page);
    expect(root).toContain('class="ld-intro"');
    expect(root).toContain('Especialistas em Soldagem Industrial');
    expect(root).toContain(company.name);
    expect(root).not.toContain('ld-spinner');

    const block = dataBlock(page);
    expect(block).not.toBeNull();
    expect(block).not.toContain('<');
    const data = JSON.parse(block!) as LandingPageData;
    // The same data the page would have fetched.
    expect(data).toEqual({ page: 'landing', company, gallery: GALLERY });
    expect(page).not.toContain('<script>alert(1)');

    // Its CSS is linked (the intro must not paint unstyled), its chunks preloaded; its data is not fetched again.
    expect(page).toContain('<link rel="stylesheet" href="/assets/landing-1.css">');
    expect(page).toContain('<link rel="modulepreload" href="/assets/landing-1.js">');
    expect(page).toContain('<link rel="modulepreload" href="/assets/kit-1.js">');
    expect(page).not.toContain('as="fetch"');

    // Always asked for again, and never answered "unchanged" from a validator: the profile may change any time.
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(headers.get('etag')).toBeNull();
    expect(headers.get('last-modified')).toBeNull();
  });

  test('the intro shows the profile as it is now: a renamed company, escaped', async () => {
    const owner = await signIn(server, { role: 'owner' });
    const pushed = await editStored(server, owner.accessToken, 'company', 'company', { name: `Serralheria ${HOSTILE}` });
    expect(pushed.rejections).toEqual([]);
    const { page } = await get(server);
    expect(rootOf(page)).toContain('Serralheria &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<!--</');
    const data = JSON.parse(dataBlock(page)!) as LandingPageData;
    expect(data.company.name).toBe(`Serralheria ${HOSTILE}`);
  });

  test('a gallery list that cannot be read is sent as null (the page shows its built-in pictures)', async () => {
    const file = path.join(webDir, 'gallery', 'gallery.json');
    writeFileSync(file, '[{"src": ');
    try {
      const { page } = await get(server);
      expect(rootOf(page)).toContain('class="ld-intro"');
      expect((JSON.parse(dataBlock(page)!) as LandingPageData).gallery).toBeNull();
    } finally {
      writeFileSync(file, JSON.stringify(GALLERY));
    }
  });

  test('a query string does not stop the drawing; other paths are not the landing', async () => {
    expect(rootOf((await get(server, '/?utm_source=whatsapp')).page)).toContain('class="ld-intro"');
    const other = (await get(server, '/qualquer-coisa')).page;
    expect(other).toContain('<div id="root"></div>');
    expect(other).not.toContain(PAGE_DATA_ELEMENT_ID);
  });
});

describe('when the server cannot draw the landing', () => {
  const cases: [string, () => string][] = [
    ['without the renderer build', () => path.join(webDir, 'no-such-build')],
    ['with a renderer built before it could draw the landing', () => path.join(fakes, 'old')],
    ['when drawing fails', () => path.join(fakes, 'throws')],
    ['when the page would not start from the data', () => path.join(fakes, 'null')],
  ];
  beforeAll(() => {
    writeFakeRenderer(path.join(fakes, 'old'), null);
    writeFakeRenderer(path.join(fakes, 'throws'), "throw new Error('render failed');");
    writeFakeRenderer(path.join(fakes, 'null'), 'return null;');
  });

  test.each(cases)('%s, / is the page as before, for the browser to draw', async (_name, dir) => {
    const server = await startTestServer({ env: { FORJA_WEB_DIR: webDir, FORJA_SSR_DIR: dir() } });
    try {
      const { page, headers } = await get(server);
      expectUndrawn(page);
      expect(headers.get('cache-control')).toBe('no-cache');
    } finally {
      await server.stop();
    }
  });
});

describe('a drawn page with its CSS files in the build', () => {
  let withCss: string;
  beforeAll(() => {
    withCss = mkdtempSync(path.join(os.tmpdir(), 'forja-web-css-'));
    writeWebBuild(withCss);
    writeFileSync(path.join(withCss, 'assets', 'landing-1.css'), '.ld-intro{color:#fff}</style><script>alert(1)</script>');
  });
  afterAll(() => rmSync(withCss, { recursive: true, force: true }));

  test('carries the CSS inline, paints without waiting for a stylesheet, and leaves no way out of its <style>', async () => {
    const server = await startTestServer({ env: { FORJA_WEB_DIR: withCss, FORJA_SSR_DIR: ssrDir } });
    try {
      const { page } = await get(server);
      expect(rootOf(page)).toContain('class="ld-intro"');
      const head = page.slice(0, page.indexOf('</head>'));
      expect(head).toContain('<style>.ld-intro{color:#fff}');
      // Nothing in the head that holds the first paint: the file only as a print stylesheet, for the route's CSS loader.
      expect(head).not.toContain('<link rel="stylesheet" href=');
      expect(head).toContain('<link rel="stylesheet" media="print" href="/assets/landing-1.css">');
      expect(head).toContain('<link rel="modulepreload" href="/assets/landing-1.js">');
      expect(page).not.toContain('</style><script>alert(1)');
    } finally {
      await server.stop();
    }
  });
});

describe('a build with the public pages’ own entry (public.html)', () => {
  let withPublic: string;
  beforeAll(() => {
    withPublic = mkdtempSync(path.join(os.tmpdir(), 'forja-web-public-'));
    writeWebBuild(withPublic);
    writeFileSync(
      path.join(withPublic, 'public.html'),
      '<!doctype html><html lang="pt-BR"><head><title>Forja</title><script type="module" crossorigin src="/assets/site-public-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    const manifest = {
      'public.html': { file: 'assets/site-public-1.js', isEntry: true },
      'src/app/pages/landing.tsx': { file: 'assets/site-landing-1.js', imports: ['public.html'], css: ['assets/site-landing-1.css'] },
      'src/app/pages/public-quotation.tsx': { file: 'assets/site-pq-1.js', imports: ['public.html'] },
    };
    writeFileSync(path.join(withPublic, '.vite', 'public-manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => rmSync(withPublic, { recursive: true, force: true }));

  test('/ and a quotation link come with the public entry and its chunks; the staff pages keep the staff app’s', async () => {
    const server = await startTestServer({ env: { FORJA_WEB_DIR: withPublic, FORJA_SSR_DIR: ssrDir } });
    try {
      const landing = (await get(server)).page;
      expect(rootOf(landing)).toContain('class="ld-intro"');
      expect(landing).toContain('src="/assets/site-public-1.js"');
      expect(landing).not.toContain('/assets/index-1.js');
      expect(landing).toContain('<link rel="modulepreload" href="/assets/site-landing-1.js">');
      expect(landing).not.toContain('href="/assets/site-public-1.js"');

      const quotation = (await get(server, '/quotation/ORC-2024-00001')).page;
      expect(quotation).toContain('src="/assets/site-public-1.js"');
      expect(quotation).toContain('<link rel="modulepreload" href="/assets/site-pq-1.js">');

      for (const staff of ['/auth', '/adm/quotations']) {
        const page = (await get(server, staff)).page;
        expect(page, staff).toContain('src="/assets/index-1.js"');
        expect(page, staff).not.toContain('site-public');
      }
    } finally {
      await server.stop();
    }
  });
});
