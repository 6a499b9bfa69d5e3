/** Serving the built PWA (history fallback, cache headers) and bad input handling. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, startTestServer, type TestServer } from '../support/server';
import { loadConfig, ConfigError } from '../../sync-server/src/config';

describe('public pages announce what their first paint needs', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'forja-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Forja</title></head><body><div id="root"></div></body></html>');
    // A build manifest like Vite's: the entry shares a chunk with the landing page.
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-1.js' },
      '_api.js': { file: 'assets/api-1.js' },
      'src/app/pages/landing.tsx': { file: 'assets/landing-1.js', imports: ['_shared.js', '_api.js'], css: ['assets/landing-1.css'] },
      'src/app/pages/public-quotation.tsx': { file: 'assets/pq-1.js', imports: ['_api.js'] },
    };
    writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    server = await startTestServer({ env: { FORJA_WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });
  // Public pages revalidate; the staff shell is never stored (see the static PWA tests below).
  const page = async (p: string) => {
    const res = await fetch(server.url + p);
    expect(res.status, p).toBe(200);
    expect(res.headers.get('cache-control'), p).toBe(p.startsWith('/adm') || p === '/auth' ? 'no-store' : 'no-cache');
    return res.text();
  };

  test("the landing page preloads its chunks, its CSS and its data, not the entry's", async () => {
    const html = await page('/');
    expect(html).toContain('<link rel="modulepreload" href="/assets/landing-1.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/api-1.js">');
    // With crossorigin, as the route module's CSS loader asks for it: a preload of another CORS mode is not used.
    expect(html).toContain('<link rel="preload" as="style" href="/assets/landing-1.css" crossorigin>');
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/public/company" crossorigin="anonymous">');
    expect(html).toContain('<link rel="preload" as="fetch" href="/gallery/gallery.json" crossorigin="anonymous">');
    expect(html).not.toContain('shared-1.js');
    expect(html).toContain('<div id="root"></div>');
  });

  test('a quotation link preloads that quotation; a hostile code is never written into the page', async () => {
    const html = await page('/quotation/ORC-AB12CD');
    expect(html).toContain('<link rel="modulepreload" href="/assets/pq-1.js">');
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/public/quotations/ORC-AB12CD" crossorigin="anonymous">');
    expect(html).not.toContain('landing-1.js');
    const hostile = await page('/quotation/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile).not.toMatch(/<script>alert/);
    expect(hostile).not.toContain('/api/public/quotations/');
    expect(hostile).toContain('<link rel="modulepreload" href="/assets/pq-1.js">');
  });

  test('staff pages get the plain index.html', async () => {
    for (const p of ['/adm/dashboard', '/auth']) expect(await page(p)).not.toContain('modulepreload');
  });
});

describe('static PWA', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'forja-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Forja</title><div id="root"></div>');
    writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(path.join(webDir, 'assets', 'index-Ab12Cd.js'), 'console.log(1)');
    server = await startTestServer({ env: { FORJA_WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  test('/ and client-side routes get index.html, never cached without revalidation', async () => {
    for (const p of ['/', '/adm/dashboard', '/quotation/ORC-ABC123', '/auth']) {
      const res = await fetch(server.url + p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('<div id="root">');
      // The staff shell is not stored at all: that keeps its pages out of the back/forward cache,
      // where WebKit left a page's IndexedDB creation hanging (issue 29). Public pages revalidate.
      expect(res.headers.get('cache-control'), p).toBe(p === '/adm/dashboard' || p === '/auth' ? 'no-store' : 'no-cache');
    }
  });

  test('sw.js is no-cache; hashed assets are immutable', async () => {
    const sw = await fetch(server.url + '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(server.url + '/assets/index-Ab12Cd.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  test('a missing file and unknown /api paths are 404, not index.html', async () => {
    expect((await fetch(server.url + '/assets/missing-123.js')).status).toBe(404);
    const res = await api(server, '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
    const post = await api(server, '/adm/dashboard', { method: 'POST', body: {} });
    expect(post.status).toBe(404);
  });

  test('the CSP lets the app run: own scripts, inline styles, data/blob images, Google Maps frames', async () => {
    const csp = (await fetch(server.url + '/')).headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(csp).toContain('frame-src https://www.google.com');
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("worker-src 'self'");
  });
});

describe('bad input', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('invalid JSON, wrong content type and oversized fields are 400 with a pt-BR message', async () => {
    const cases = [
      { body: '{not json', headers: { 'content-type': 'application/json' } },
      { body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { body: JSON.stringify({ email: 'a@b.c', password: 'x', device_id: 'd'.repeat(500) }), headers: { 'content-type': 'application/json' } },
    ];
    for (const c of cases) {
      const res = await api(server, '/api/auth/login', { method: 'POST', ...c });
      expect(res.status, c.body).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(/[a-zà-ú]/i);
    }
  });
});

describe('config', () => {
  test('defaults and checks', () => {
    const c = loadConfig({}, '/srv/forja');
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: null, dataDir: '/srv/forja/data', webDir: '/srv/forja/dist' });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ FORJA_ADMIN_EMAIL: 'nope' })).toThrow(/FORJA_ADMIN_EMAIL/);
    expect(loadConfig({ FORJA_ADMIN_EMAIL: ' Chefe@Forja.com ' }).adminEmail).toBe('chefe@forja.com');
  });
});
