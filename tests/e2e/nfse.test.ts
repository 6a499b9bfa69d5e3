/**
 * Issue 38 on a 390×844 phone: the shop is configured for the NFS-e (Fiscal settings and its A1
 * on the server), an accepted quotation's customer has no CPF/address yet. Offline, staff open
 * Emitir NFS-e, type what the note lacks, and ask; the request waits on the phone (Aguardando
 * envio) across an offline reload; back online the server emits it at the Sefin Nacional stand-in
 * (mutual TLS, trusted through NODE_EXTRA_CA_CERTS as production would) and the phone shows
 * `NFS-e nº N autorizada`. The DANFSe downloads (pdftotext: chave, tomador, valor, SEM VALIDADE
 * JURÍDICA); the owner cancels it. A first answer lost after the note was made still ends in
 * exactly one note.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { nfseIdFor, type CustomerDoc, type NfseDoc } from '../../schemas';
import { makeIcpTestCa } from '../support/icp-test-ca';
import { certificateUpload, SHOP_FISCAL } from '../support/nfse-shop';
import { startSefinStandin, type SefinStandin } from '../support/sefin-standin';
import {
  ADMIN_EMAIL,
  PHONE,
  STAFF_PASSWORD,
  artifactPath,
  companyDoc,
  customerDoc,
  launchBrowser,
  newContext,
  prepareStaff,
  pullAll,
  quotationDoc,
  seed,
  signIn,
  startServer,
  waitFor,
  waitForServiceWorkerControl,
  type ApiSession,
  type RunningServer,
} from '../support/e2e';

let standin: SefinStandin;
let server: RunningServer;
let browser: Browser;
let staff: ApiSession;
let work: string;
const maria = customerDoc({ name: 'Maria Aparecida Souza', phone: '(31) 99811-0042' });
const gate = quotationDoc({ description: 'Solda e reforço do portão da garagem', status: 'accepted', decided_at: new Date().toISOString(), total_amount: 350 });
const rail = quotationDoc({ description: 'Conserto do corrimão da escada', status: 'accepted', decided_at: new Date().toISOString(), total_amount: 180 });

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'forja-nfse-e2e-'));
  const ca = makeIcpTestCa('E2E');
  standin = await startSefinStandin({ ca });
  const caFile = path.join(work, 'icp-test-ca.pem');
  writeFileSync(caFile, ca.caPem);
  server = await startServer({ env: { FORJA_NFSE_URL: standin.baseUrl, NODE_EXTRA_CA_CERTS: caFile } });
  browser = await launchBrowser();
  staff = await prepareStaff(server);
  await seed(server, staff, 'company', [{ ...companyDoc(), fiscal: SHOP_FISCAL }]);
  const res = await fetch(`${server.url}/api/nfse/certificate`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${staff.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(certificateUpload(ca, undefined, 'rc2')),
  });
  expect(res.status).toBe(200);
  await seed(server, staff, 'customers', [maria]);
  Object.assign(gate, { customer_id: maria.id });
  Object.assign(rail, { customer_id: maria.id });
  await seed(server, staff, 'quotations', [gate, rail]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await standin?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Clicks into a field and types as a thumb does. */
async function typeInto(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.type(text);
}

async function noteOnServer(id: string): Promise<NfseDoc | undefined> {
  return (await pullAll<NfseDoc>(server, staff, 'nfse')).find((n) => n.id === id);
}

test('asked offline on a phone, emitted by the server once online, its DANFSe downloaded, then cancelled by the owner', async () => {
  const { page, context } = await newContext(browser, server, PHONE);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await waitForServiceWorkerControl(page);
  await page.goto(`${server.url}/adm/quotation/${gate.code}`);
  const section = page.getByTestId('nfse-section');
  await section.getByText('Nenhuma nota fiscal emitida para este serviço.').waitFor({ timeout: 30_000 });

  // The shop's settings are on the phone (the button shows) before the signal goes.
  await section.getByRole('button', { name: 'Emitir NFS-e' }).waitFor();
  await context.setOffline(true);
  await section.getByRole('button', { name: 'Emitir NFS-e' }).click();
  const dialog = page.getByTestId('emit-nfse');
  await dialog.waitFor();
  expect(await dialog.locator('input[name=tomador_name]').inputValue()).toBe('Maria Aparecida Souza');
  // Asking without what the note lacks: said next to the fields, nothing stored.
  await dialog.getByRole('button', { name: 'Emitir', exact: true }).click();
  await dialog.getByText('Informe o CPF ou CNPJ do cliente.').waitFor();
  await typeInto(page, '[data-testid=emit-nfse] input[name=tax_id]', '52998224725');
  expect(await dialog.locator('input[name=tax_id]').inputValue()).toBe('529.982.247-25');
  // The message goes as soon as the field is right.
  await dialog.getByText('Informe o CPF ou CNPJ do cliente.').waitFor({ state: 'detached' });
  await typeInto(page, '[data-testid=emit-nfse] input[name=cep]', '30130000');
  await typeInto(page, '[data-testid=emit-nfse] input[name=street]', 'Rua da Bahia');
  await typeInto(page, '[data-testid=emit-nfse] input[name=number]', '1000');
  await typeInto(page, '[data-testid=emit-nfse] input[name=district]', 'Centro');
  await dialog.getByLabel('Município').click();
  await page.keyboard.type('Belo Horizonte');
  await page.getByRole('option', { name: /Belo Horizonte — MG/ }).click();
  await page.screenshot({ path: artifactPath('nfse-emit-390.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Emitir', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });

  const note = section.getByTestId('nfse-note');
  await note.getByText('Aguardando envio').waitFor();
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await page.getByTestId('nfse-section').getByText('Aguardando envio').waitFor({ timeout: 30_000 });
  expect(standin.notes()).toHaveLength(0);
  // The sync centre lists it among what waits on this phone.
  await page.goto(`${server.url}/adm/settings?tab=sincronizacao`);
  await page.getByTestId('sync-pending-notes').getByText(`${gate.code} · Maria Aparecida Souza · R$ 350,00`).waitFor({ timeout: 30_000 });
  await page.goBack();

  await context.setOffline(false);
  await page.getByTestId('nfse-section').getByText(/NFS-e nº \d+ autorizada/).first().waitFor({ timeout: 60_000 });
  const authorised = await noteOnServer(nfseIdFor(gate.id));
  expect(authorised?.status).toBe('authorized');
  expect(standin.notes().filter((n) => n.dpsId === authorised!.dps_id)).toHaveLength(1);
  // What the note lacked is now the customer's.
  const saved = (await pullAll<CustomerDoc>(server, staff, 'customers')).find((c) => c.id === maria.id);
  expect(saved).toMatchObject({ tax_id: '52998224725', address_cep: '30130000', address_city_code: '3106200' });
  await page.screenshot({ path: artifactPath('nfse-authorized-390.png'), fullPage: true });

  // The customer's page of the quotation shows the note: number, chave, the national consulta.
  const customerPage = await context.newPage();
  await customerPage.goto(`${server.url}/quotation/${gate.code}?k=${gate.link_secret}`);
  await customerPage.getByText(`NFS-e nº ${authorised!.number}`).waitFor({ timeout: 30_000 });
  expect((await customerPage.locator('.pq-nfse').innerText()).replace(/\s/g, '')).toContain(authorised!.chave!);
  await customerPage.getByRole('link', { name: 'Consultar no portal nacional' }).waitFor();
  await customerPage.close();

  // The DANFSe, drawn on the phone from the XML it holds: without signal too.
  await context.setOffline(true);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('nfse-section').getByRole('button', { name: 'Baixar DANFSe' }).first().click()]);
  const pdf = path.join(work, 'danfse.pdf');
  await download.saveAs(pdf);
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text.replace(/\s/g, '')).toContain(authorised!.chave!);
  expect(text).toContain('Maria Aparecida Souza');
  expect(text).toContain('R$ 350,00');
  expect(text).toContain('SEM VALIDADE JURÍDICA');
  expect(download.suggestedFilename()).toBe(`DANFSe-${authorised!.number}-${authorised!.chave}.pdf`);

  await context.setOffline(false);

  // The owner cancels it: the reason is checked, the event goes the same safe way.
  await page.getByTestId('nfse-section').getByRole('button', { name: 'Cancelar NFS-e' }).click();
  const cancel = page.getByTestId('cancel-nfse');
  await cancel.locator('select[name=cancel_reason_code]').selectOption('1');
  await typeInto(page, '[data-testid=cancel-nfse] textarea[name=cancel_reason]', 'curto');
  await cancel.getByRole('button', { name: 'Pedir cancelamento' }).click();
  await cancel.getByText('O motivo precisa ter de 15 a 255 caracteres.').waitFor();
  await typeInto(page, '[data-testid=cancel-nfse] textarea[name=cancel_reason]', ' — valor digitado errado');
  await cancel.getByRole('button', { name: 'Pedir cancelamento' }).click();
  await page.getByTestId('nfse-section').getByText(/NFS-e nº \d+ cancelada/).first().waitFor({ timeout: 60_000 });
  expect((await noteOnServer(nfseIdFor(gate.id)))?.status).toBe('cancelled');
  // A cancelled note leaves room for a new one.
  await page.getByTestId('nfse-section').getByRole('button', { name: 'Emitir nova NFS-e' }).waitFor();
});

test('a first answer lost after the note was made still ends in exactly one note', async () => {
  const { page } = await newContext(browser, server, PHONE);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.goto(`${server.url}/adm/quotation/${rail.code}`);
  const section = page.getByTestId('nfse-section');
  await section.getByRole('button', { name: 'Emitir NFS-e' }).click({ timeout: 30_000 });
  const dialog = page.getByTestId('emit-nfse');
  // Maria's CPF and address came from the first note: nothing to type but Emitir.
  await expect.poll(() => dialog.locator('input[name=tax_id]').inputValue(), { timeout: 20_000 }).toBe('529.982.247-25');
  standin.failNext({ kind: 'drop_after_commit', on: 'POST /nfse' });
  await dialog.getByRole('button', { name: 'Emitir', exact: true }).click();
  await section.getByText(/NFS-e nº \d+ autorizada/).first().waitFor({ timeout: 60_000 });
  const note = await waitFor(async () => {
    const n = await noteOnServer(nfseIdFor(rail.id));
    return n?.status === 'authorized' ? n : null;
  }, { timeout: 30_000, message: 'the note authorised on the server' });
  expect(standin.notes().filter((n) => n.dpsId === note.dps_id)).toHaveLength(1);
  expect(standin.requests().some((r) => r.status === 'dropped')).toBe(true);
});
