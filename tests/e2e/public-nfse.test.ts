/**
 * Issue 38 in Chromium on a phone (390×844): an accepted quotation whose job has an authorised
 * NFS-e (the row the server's queue leaves, written into its database) shows, on the customer's
 * link, the Nota fiscal section — NFS-e nº, emitida em dd/MM/yyyy, the chave grouped for reading,
 * Consultar no portal nacional — and Baixar DANFSe downloads the PDF drawn on the phone from the
 * note's XML (read back with pdftotext: the chave is in it).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { nfseConsultaUrl } from '../../schemas/nfse';
import { type ApiSession, closeSuite, companyDoc, customerDoc, newContext, openSuite, PHONE, queryPglite, quotationDoc, seed, type RunningServer } from '../support/e2e';
import { SAMPLE_CPF } from '../support/nfse-samples';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

const customer = customerDoc({ name: 'Maria das Graças Oliveira', phone: '(31) 98888-7777' });
const q = quotationDoc({ code: 'ORC-NFSE01', customer_id: customer.id, status: 'accepted', decided_at: '2026-03-01T14:00:00.000Z' });

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
  await seed(server, staff, 'company', [companyDoc({ name: 'Serralheria Forja' })]);
  await seed(server, staff, 'customers', [customer]);
  await seed(server, staff, 'quotations', [q]);
  // The note as the server's queue leaves it once the national API authorised it.
  await server.stop();
  const now = new Date().toISOString();
  await queryPglite(
    server,
    `INSERT INTO nfse (id, job_key, quotation_id, customer_id, job_code, tomador, service_code, description, amount, status, attempt,
       requested_at, environment, serie, dps_number, number, chave, authorized_at, nfse_xml, created_at, updated_at, client_updated_at, _seq)
     VALUES ($1, $2, $2, $3, $4, $5::jsonb, '140101', 'Solda do portão', 1234.5, 'authorized', 1,
       $6, 2, 1, 17, '17', $7, '2026-03-10T17:05:31.000Z', $8, $6, $6, $6, nextval('forja_seq'))`,
    [`nfse-${q.id}`, q.id, customer.id, q.code, JSON.stringify({ tax_id: '12345678909', name: 'MARIA DAS GRAÇAS OLIVEIRA' }), now, SAMPLE_CPF.chave, SAMPLE_CPF.xml],
  );
  await server.restart();
}, 120_000);

afterAll(() => closeSuite({ server, browser }));

const link = () => `/quotation/${q.code}?k=${q.link_secret}`;

test('the drawn page already has the note', async () => {
  const html = await (await fetch(server.url + link())).text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain('NFS-e nº 17');
  expect(root).toContain('Consultar no portal nacional');
});

test('on a phone: NFS-e nº, date, chave, consulta link, and Baixar DANFSe downloads the PDF with the chave', async () => {
  const { page } = await newContext(browser, server, { ...PHONE, acceptDownloads: true });
  await page.goto(link());
  const section = page.getByRole('region', { name: 'Nota fiscal' });
  await section.waitFor({ state: 'visible', timeout: 20_000 });
  expect(await section.getByText('NFS-e nº 17').count()).toBe(1);
  expect(await section.getByText('emitida em 10/03/2026').count()).toBe(1);
  expect((await section.locator('[data-chave]').textContent())!.replace(/\s/g, '')).toBe(SAMPLE_CPF.chave);
  expect(await section.getByText('3106 2002').count()).toBe(1);
  const consulta = section.getByRole('link', { name: 'Consultar no portal nacional' });
  expect(await consulta.getAttribute('href')).toBe(nfseConsultaUrl(SAMPLE_CPF.chave));
  expect(await consulta.getAttribute('target')).toBe('_blank');
  // Nothing sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/public-nfse-390.png', fullPage: true });
  await section.screenshot({ path: '/tmp/public-nfse-section-390.png' });

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Baixar DANFSe' }).click()]);
  expect(download.suggestedFilename()).toBe(`DANFSe-17-${SAMPLE_CPF.chave}.pdf`);
  const file = '/tmp/public-nfse-danfse.pdf';
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(SAMPLE_CPF.chave);
  expect(text).toContain('MARIA DAS GRAÇAS OLIVEIRA');

  await page.setViewportSize({ width: 1280, height: 800 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/public-nfse-1280.png', fullPage: true });
  await section.screenshot({ path: '/tmp/public-nfse-section-1280.png' });
});
