/**
 * Issue 38 in Chromium: Relatórios › Notas fiscais — the month's notes as the server's queue left
 * them (rows written into its database), the totals, Baixar XMLs do mês (the zip made on the
 * device, unzipped here) and Baixar DANFSe per note; a table at 1280×800, cards at 390×844.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { strFromU8, unzipSync } from 'fflate';
import { ADMIN_EMAIL, STAFF_PASSWORD, type ApiSession, closeSuite, companyDoc, newContext, openSuite, queryPglite, seed, signIn, type RunningServer } from '../support/e2e';
import { SAMPLE_CNPJ, SAMPLE_CPF, SAMPLE_NO_TOMADOR } from '../support/nfse-samples';
import { defaultNfseMonth } from '../../src/domain/nfse/month-report';
import { monthLabel } from '../../src/domain/reports';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

// The month the report opens on, today: notes authorised on its 5th and 6th (noon in São Paulo).
const month = defaultNfseMonth(new Date());
const day = (d: number) => `${month}-0${d}T15:00:00.000Z`;
const [mm, yyyy] = [month.slice(5, 7), month.slice(0, 4)];
const CANCEL_XML = '<?xml version="1.0" encoding="UTF-8"?><evento xmlns="http://www.sped.fazenda.gov.br/nfse"><infEvento Id="EVT"/></evento>';

const notes = [
  { id: 'nfse-a', number: '17', sample: SAMPLE_CPF, amount: 1234.5, status: 'authorized', tomador: { tax_id: '12345678909', name: 'MARIA DAS GRAÇAS OLIVEIRA' }, at: day(5) },
  { id: 'nfse-b', number: '18', sample: SAMPLE_CNPJ, amount: 8500, status: 'cancelled', tomador: { tax_id: '11444777000161', name: '=Metalúrgica Horizonte' }, at: day(6), cancelled: day(7) },
  { id: 'nfse-c', number: '3', sample: SAMPLE_NO_TOMADOR, amount: 45, status: 'authorized', tomador: null, at: day(6) },
];

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
  await seed(server, staff, 'company', [companyDoc()]);
  await server.stop();
  const now = new Date().toISOString();
  for (const n of notes) {
    await queryPglite(
      server,
      `INSERT INTO nfse (id, job_key, job_code, tomador, service_code, description, amount, status, attempt, requested_at, environment, serie,
         dps_number, number, chave, authorized_at, nfse_xml, cancelled_at, cancel_event_xml, created_at, updated_at, client_updated_at, _seq)
       VALUES ($1, $2, 'ORC-X', $3::jsonb, '140101', 'Solda', $4, $5, 1, $6, 2, 1, $13, $7, $8, $9, $10, $11, $12, $6, $6, $6, nextval('forja_seq'))`,
      [n.id, `job-${n.id}`, n.tomador ? JSON.stringify(n.tomador) : null, n.amount, n.status, now, n.number, n.sample.chave, n.at, n.sample.xml, n.cancelled ?? null, n.cancelled ? CANCEL_XML : null, Number(n.number)],
    );
  }
  // A refused one: not a fiscal document, never listed.
  await queryPglite(
    server,
    `INSERT INTO nfse (id, job_key, job_code, service_code, description, amount, status, attempt, requested_at, rejection_code, created_at, updated_at, client_updated_at, _seq)
     VALUES ('nfse-r', 'job-r', 'ORC-R', '140101', 'Solda', 99, 'rejected', 1, $1, 'E0014', $1, $1, $1, nextval('forja_seq'))`,
    [now],
  );
  await server.restart();
}, 120_000);

afterAll(() => closeSuite({ server, browser }));

test('the month’s notes, totals, the zip for the accountant and the DANFSe — table on a desk, cards on a phone', async () => {
  const { page } = await newContext(browser, server, { acceptDownloads: true });
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.goto('/adm/reports');
  await page.getByRole('tab', { name: 'Notas fiscais' }).click();
  const report = page.getByTestId('nfse-report');
  expect(await report.getByTestId('nfse-month').textContent()).toBe(monthLabel(month));
  const table = report.getByTestId('nfse-table');
  await expect.poll(() => table.getByTestId('nfse-row').count(), { timeout: 30_000 }).toBe(3);
  expect(await table.getByTestId('nfse-row').allTextContents()).toEqual([
    `306/${mm}/${yyyy}Consumidor não identificadoR$ 45,00Autorizada Baixar DANFSe`,
    `1705/${mm}/${yyyy}MARIA DAS GRAÇAS OLIVEIRAR$ 1.234,50Autorizada Baixar DANFSe`,
    `1806/${mm}/${yyyy}=Metalúrgica HorizonteR$ 8.500,00Canceladacancelada em 07/${mm}/${yyyy} Baixar DANFSe`,
  ]);
  expect(await report.getByTestId('nfse-authorized-count').locator('[data-value]').textContent()).toBe('2');
  expect(await report.getByTestId('nfse-authorized-value').locator('[data-value]').textContent()).toBe('R$ 1.279,50');
  expect(await report.getByTestId('nfse-cancelled-value').locator('[data-value]').textContent()).toBe('R$ 8.500,00');
  await page.screenshot({ path: '/tmp/nfse-report-1280.png', fullPage: true });

  const [zip] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Baixar XMLs do mês' }).click()]);
  expect(zip.suggestedFilename()).toBe(`notas-fiscais-${month}.zip`);
  await zip.saveAs('/tmp/nfse-report.zip');
  const files = unzipSync(new Uint8Array(readFileSync('/tmp/nfse-report.zip')));
  expect(Object.keys(files).sort()).toEqual(
    [
      `Cancelamentos/18-${SAMPLE_CNPJ.chave}-cancelamento.xml`,
      `NFS-e/17-${SAMPLE_CPF.chave}.xml`,
      `NFS-e/18-${SAMPLE_CNPJ.chave}.xml`,
      `NFS-e/3-${SAMPLE_NO_TOMADOR.chave}.xml`,
      `resumo-${month}.csv`,
    ].sort(),
  );
  expect(strFromU8(files[`NFS-e/17-${SAMPLE_CPF.chave}.xml`])).toBe(SAMPLE_CPF.xml);
  const csv = strFromU8(files[`resumo-${month}.csv`]).split('\r\n');
  expect(csv[3]).toBe(`18;${SAMPLE_CNPJ.chave};06/${mm}/${yyyy};'=Metalúrgica Horizonte;11.444.777/0001-61;8500,00;Cancelada;07/${mm}/${yyyy}`);

  const [pdf] = await Promise.all([page.waitForEvent('download'), table.getByRole('button', { name: 'Baixar DANFSe da NFS-e nº 17' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`DANFSe-17-${SAMPLE_CPF.chave}.pdf`);

  await page.setViewportSize({ width: 390, height: 844 });
  // The phone's shell draws the page anew (its tabs start on Financeiro again).
  await page.getByRole('tab', { name: 'Notas fiscais' }).click();
  const cards = report.getByTestId('nfse-cards').getByTestId('nfse-card');
  await cards.first().waitFor();
  expect(await cards.count()).toBe(3);
  expect(await cards.nth(2).textContent()).toContain('Cancelada');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/nfse-report-390.png', fullPage: true });
});
