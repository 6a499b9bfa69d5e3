/**
 * The public quotation page drawn on the server (sync-server/src/ssr): its first screen in the
 * HTML, the data it was drawn with in a JSON block no text can break out of, no first-view write,
 * and the page as before when there is nothing to draw. Uses the real renderer, built from src/
 * for this test (vite build --ssr) and loaded by the server from that build.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, type PublicCompany, type PublicQuotation, type QuotationPageData } from '@shared';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored } from './sync-fixtures';
import { expectPublicQuotation, insertCustomer, insertQuotation, withKey } from './public-fixtures';
import { buildRendererForTest, removeRendererBuild } from '../support/ssr-build';

const HOSTILE = '</script><script>alert(1)</script><!--';

/** A web build as Vite writes it: index.html with an empty #root and a manifest naming the page's chunks. */
function writeWebBuild(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="pt-BR"><head><title>Forja</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    'src/app/pages/public-quotation.tsx': { file: 'assets/pq-1.js', imports: ['_quotation.js'] },
    '_quotation.js': { file: 'assets/quotation-1.js', css: ['assets/quotation-1.css'] },
  };
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}

let webDir: string;
let ssrDir: string;
beforeAll(() => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'forja-web-'));
  writeWebBuild(webDir);
  ssrDir = buildRendererForTest('forja-ssr-test');
}, 120_000);
afterAll(() => {
  rmSync(webDir, { recursive: true, force: true });
  removeRendererBuild(ssrDir);
});

async function html(server: TestServer, urlPath: string): Promise<string> {
  const res = await fetch(server.url + urlPath);
  expect(res.status, urlPath).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

/** The JSON block's text: from its opening tag to the first `</script` after it. */
function dataBlock(page: string): string | null {
  const open = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`;
  const at = page.indexOf(open);
  if (at < 0) return null;
  return page.slice(at + open.length, page.indexOf('</script', at + open.length));
}

async function viewedAt(server: TestServer, code: string): Promise<string | null> {
  const { rows } = await server.db.query<{ viewed_at: string | null }>('SELECT viewed_at FROM quotations WHERE code = $1', [code]);
  return rows[0].viewed_at;
}

describe.each(backends())('server-drawn quotation page (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, env: { FORJA_WEB_DIR: webDir, FORJA_SSR_DIR: ssrDir } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('the page comes with the quotation drawn and its data in a block no text can break out of', async () => {
    const customer = await insertCustomer(server.db, { name: `Maria ${HOSTILE}` });
    // 22:30 on the 20th in the shop's zone (America/Sao_Paulo), the 21st in UTC.
    const q = await insertQuotation(server.db, { customer_id: customer.id, description: `Portão ${HOSTILE}`, created_at: '2026-11-21T01:30:00Z' });
    const page = await html(server, `/quotation/${q.code}${withKey(q)}`);

    const root = page.slice(page.indexOf('<div id="root">'), page.indexOf(`<script type="application/json"`));
    expect(root).toContain(`Orçamento ${q.code}`);
    expect(root).toContain('Emitido em 20/11/2026');
    expect(root).toContain('R$ 1.234,50');
    expect(root).toContain('Tubo 40x40');
    expect(root).toContain('Maria &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    expect(root).not.toContain('pq-loading');
    // Nothing hostile became markup, anywhere.
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toContain('<!--</');

    const block = dataBlock(page);
    expect(block).not.toBeNull();
    expect(block).not.toContain('<');
    const data = JSON.parse(block!) as QuotationPageData;
    expect(data.quotation!.customer?.name).toBe(`Maria ${HOSTILE}`);
    expect(data.quotation!.description).toBe(`Portão ${HOSTILE}`);
    // The same data the page would have fetched (read after, so the first view is written: compare the rest).
    const company = await api<PublicCompany>(server, '/api/public/company');
    const view = await api<PublicQuotation>(server, `/api/public/quotations/${q.code}${withKey(q)}`);
    expect(data.company).toEqual(company.body);
    expect({ ...data.quotation, viewed_at: null }).toEqual({ ...view.body, viewed_at: null });

    // Its CSS is linked (the drawn screen must not paint unstyled); its data is not preloaded again.
    expect(page).toContain('<link rel="stylesheet" href="/assets/quotation-1.css">');
    expect(page).toContain('<link rel="modulepreload" href="/assets/pq-1.js">');
    expect(page).not.toContain('as="fetch"');
  });

  test('drawing the page does not mark the quotation viewed; the page asking the API does', async () => {
    const q = await insertQuotation(server.db);
    const first = JSON.parse(dataBlock(await html(server, `/quotation/${q.code}${withKey(q)}`))!) as QuotationPageData;
    expect(first.quotation!.viewed_at).toBeNull();
    expect(await viewedAt(server, q.code)).toBeNull();

    expect((await api(server, `/api/public/quotations/${q.code}${withKey(q)}`)).status).toBe(200);
    const viewed = await viewedAt(server, q.code);
    expect(viewed).not.toBeNull();
    const again = JSON.parse(dataBlock(await html(server, `/quotation/${q.code}${withKey(q)}`))!) as QuotationPageData;
    expect(again.quotation!.viewed_at).not.toBeNull();
  });

  test('the drawn page carries exactly the public view: before the first view, from the kept answer, after a staff edit', async () => {
    const staff = await signIn(server);
    const customer = await insertCustomer(server.db);
    const q = await insertQuotation(server.db, { customer_id: customer.id });
    const secrets = [customer.phone, customer.whatsapp, customer.description, customer.id, q.id, 'staff-1', staff.user.id];
    const drawn = async (where: string) => {
      const page = await html(server, `/quotation/${q.code}${withKey(q)}`);
      const block = dataBlock(page);
      expect(block, where).not.toBeNull();
      const data = JSON.parse(block!) as QuotationPageData;
      expectPublicQuotation(data.quotation, secrets, where);
      // Nor anywhere else in the page (the drawn screen, the head).
      for (const secret of secrets) expect(page, `${where}: ${secret}`).not.toContain(secret);
      return data.quotation!;
    };

    expect((await drawn('not viewed yet (read as it stands)')).viewed_at).toBeNull();
    await api(server, `/api/public/quotations/${q.code}${withKey(q)}`); // first view
    await api(server, `/api/public/quotations/${q.code}${withKey(q)}`); // kept from here
    expect((await drawn('the kept answer')).viewed_at).not.toBeNull();
    await editStored(server, staff.accessToken, 'quotations', q.id, { description: 'Portão com fechadura' });
    expect((await drawn('after a staff edit')).description).toBe('Portão com fechadura');
  });

  test('issue 30: a bare code is drawn as the question for the phone digits — the same for an existing, an unknown and a deleted quotation; nothing of it in the page', async () => {
    const customer = await insertCustomer(server.db, { name: 'Cliente Sigilosa', phone: '(35) 99876-7319' });
    const q = await insertQuotation(server.db, { customer_id: customer.id, description: 'Descrição sigilosa' });
    const deleted = await insertQuotation(server.db, { deleted: true });
    const drawnRoot = async (code: string, query = '') => {
      const page = await html(server, `/quotation/${code}${query}`);
      const data = JSON.parse(dataBlock(page)!) as QuotationPageData;
      expect(data.quotation, code).toBeNull();
      for (const secret of [q.link_secret!, 'Cliente Sigilosa', 'Descrição sigilosa', '7319', q.id]) expect(page, `${code}: ${secret}`).not.toContain(secret);
      expect(page, code).not.toContain('as="fetch"');
      const root = page.slice(page.indexOf('<div id="root">'), page.indexOf('<script type="application/json"'));
      expect(root, code).toContain('Para sua segurança, informe os 4 últimos dígitos do telefone cadastrado.');
      expect(root, code).toContain(`action="/quotation/${code}"`);
      expect(root, code).toContain('name="tel"');
      expect(root, code).not.toContain('Aceitar');
      return { locked: data.locked, root: root.split(code).join('CODE') };
    };
    const existing = await drawnRoot(q.code);
    expect(existing.locked).toBe('quotation_phone_required');
    expect(await drawnRoot('ORC-NAOEXISTE')).toEqual(existing);
    expect(await drawnRoot(deleted.code)).toEqual(existing);
    // A wrong secret is no secret.
    expect(await drawnRoot(q.code, `?k=${'A'.repeat(22)}`)).toEqual(existing);

    // Wrong digits: the question again, saying they do not match — as for an unknown code.
    const wrong = await drawnRoot(q.code, '?tel=1234');
    expect(wrong.locked).toBe('quotation_phone_mismatch');
    expect(wrong.root).toContain('O código ou os dígitos do telefone não conferem');
    expect(await drawnRoot('ORC-NAOEXISTE', '?tel=1234')).toEqual(wrong);

    // The right digits: the quotation, drawn; the decision forms carry them, never the secret.
    const right = await html(server, `/quotation/${q.code}?tel=7319`);
    expect((JSON.parse(dataBlock(right)!) as QuotationPageData).quotation!.description).toBe('Descrição sigilosa');
    expect(right).toContain('<input type="hidden" name="tel" value="7319"/>');
    expect(right).not.toContain(q.link_secret!);
    // The link staff send: the quotation at once, with the secret in its forms.
    const linked = await html(server, `/quotation/${q.code}${withKey(q)}`);
    expect(linked).toContain(`<input type="hidden" name="k" value="${q.link_secret}"/>`);
    expect(linked).toContain('Descrição sigilosa');
  });

  test('an impossible code gets the page as before: nothing drawn, nothing hostile', async () => {
    const hostile = await html(server, `/quotation/${encodeURIComponent(HOSTILE)}`);
    expect(hostile).toContain('<div id="root"></div>');
    expect(hostile).not.toContain(PAGE_DATA_ELEMENT_ID);
    expect(hostile).not.toContain('<script>alert(1)');
  });
});

describe('without the renderer build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { FORJA_WEB_DIR: webDir, FORJA_SSR_DIR: path.join(webDir, 'no-such-build') } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('an existing quotation gets the page as before, for the browser to draw', async () => {
    const q = await insertQuotation(server.db);
    const page = await html(server, `/quotation/${q.code}${withKey(q)}`);
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain(PAGE_DATA_ELEMENT_ID);
    expect(page).toContain('<link rel="preload" as="style" href="/assets/quotation-1.css" crossorigin>');
    expect(page).toContain(`<link rel="preload" as="fetch" href="/api/public/quotations/${q.code}${withKey(q)}" crossorigin="anonymous">`);
    // A bare code: the request the page will make, without access (issue 30).
    expect(await html(server, `/quotation/${q.code}`)).toContain(`<link rel="preload" as="fetch" href="/api/public/quotations/${q.code}" crossorigin="anonymous">`);
  });
});

describe('a client opening many quotation pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { FORJA_WEB_DIR: webDir, FORJA_SSR_DIR: ssrDir, FORJA_PUBLIC_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('past the public limit per minute, pages still load, undrawn (no database read for them)', async () => {
    const q = await insertQuotation(server.db);
    const pages = [];
    for (let i = 0; i < 5; i++) pages.push(await html(server, `/quotation/${q.code}${withKey(q)}`));
    expect(pages.map((p) => p.includes(PAGE_DATA_ELEMENT_ID))).toEqual([true, true, true, false, false]);
    // The browser draws the undrawn ones through /api/public, which has the same limit.
    expect(pages[4]).toContain('<div id="root"></div>');
    expect(pages[4]).toContain(`<link rel="preload" as="fetch" href="/api/public/quotations/${q.code}${withKey(q)}" crossorigin="anonymous">`);
  });

  test('issue 30: drawn pages and the API take from one budget per address', async () => {
    // A fresh budget (the test above spent this server's minute; X-Forwarded-For is not believed here).
    const other = await startTestServer({ env: { FORJA_WEB_DIR: webDir, FORJA_SSR_DIR: ssrDir, FORJA_PUBLIC_RATE_LIMIT: '3' } });
    try {
      const q2 = await insertQuotation(other.db, { customer_id: (await insertCustomer(other.db, { phone: '(35) 99876-5432' })).id });
      const drawn = [];
      for (let i = 0; i < 2; i++) drawn.push((await html(other, `/quotation/${q2.code}${withKey(q2)}`)).includes(PAGE_DATA_ELEMENT_ID));
      expect(drawn).toEqual([true, true]);
      expect((await api(other, `/api/public/quotations/${q2.code}${withKey(q2)}`)).status).toBe(200);
      expect((await api(other, `/api/public/quotations/${q2.code}${withKey(q2)}`)).status).toBe(429);
    } finally {
      await other.stop();
    }
  });
});
