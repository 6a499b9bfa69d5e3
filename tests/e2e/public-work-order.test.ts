/**
 * Issue 31 §6: the customer follows the job on the quotation's link. An accepted quotation whose
 * OS is Pronto para retirada shows, drawn by the server and then live: the ready notice above
 * everything with the shop's address and hours, the stages passed with their dates, the forecast
 * and the photo marked for the customer — not the unmarked one, no notes, no staff name.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { WorkOrderDoc, WorkOrderEventDoc } from '../../schemas/collections';
import {
  type ApiSession,
  artifactPath,
  closeSuite,
  companyDoc,
  customerDoc,
  docStamp,
  newContext,
  openSuite,
  PHONE,
  queryPglite,
  quotationDoc,
  seed,
  type RunningServer,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

const company = companyDoc({ name: 'Forja Soldas Campestre', address: 'Rua das Oficinas, 123 — Centro', city: 'Campestre - MG', opening_hours: 'Segunda a sexta, das 8h às 17h' });
const customer = customerDoc({ name: 'Maria Aparecida Souza', phone: '(35) 99700-1122' });
const q = quotationDoc({
  code: 'ORC-OSPUB1',
  customer_id: customer.id,
  description: 'Portão de correr em metalon com pintura eletrostática',
  status: 'accepted',
  decided_at: '2026-11-20T14:00:00.000Z',
  execution_deadline: '15 dias úteis',
});
const order: WorkOrderDoc = {
  id: `os-${q.id}`,
  code: q.code,
  quotation_id: q.id,
  customer_id: customer.id,
  description: q.description,
  total_amount: q.total_amount,
  execution_deadline: q.execution_deadline,
  responsible_id: null,
  forecast_date: '2026-12-10',
  warranty_until: null,
  ...docStamp(),
  created_at: '2026-11-21T12:00:00.000Z',
  updated_by: null,
};
const event = (fields: Partial<WorkOrderEventDoc>): WorkOrderEventDoc => ({
  id: randomUUID(),
  work_order_id: order.id,
  kind: 'move',
  from_stage: null,
  to_stage: null,
  text: null,
  server_seq: null,
  ...docStamp(),
  ...fields,
});
const NOTE = 'Nota interna: cliente pediu desconto na próxima';
const shownPhoto = { id: randomUUID(), token: randomBytes(16).toString('base64url') };
const hiddenPhoto = { id: randomUUID(), token: randomBytes(16).toString('base64url') };

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
  await seed(server, staff, 'company', [company]);
  await seed(server, staff, 'customers', [customer]);
  await seed(server, staff, 'quotations', [q]);
  await seed(server, staff, 'work_orders', [order]);
  // One event a push, so the server's order is the order written here.
  await seed(server, staff, 'work_order_events', [event({ from_stage: 'aguardando_inicio', to_stage: 'em_execucao', created_at: '2026-11-23T13:00:00.000Z' })]);
  await seed(server, staff, 'work_order_events', [event({ kind: 'note', text: NOTE, created_at: '2026-11-24T13:00:00.000Z' })]);
  await seed(server, staff, 'work_order_events', [event({ from_stage: 'em_execucao', to_stage: 'pronto_para_retirada', created_at: '2026-11-26T13:00:00.000Z' })]);

  // A photo as the upload route leaves it (row + bytes): a real JPEG, drawn by the browser.
  const page = await browser.newPage();
  const jpeg = Buffer.from(
    await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 800;
      c.height = 600;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, 800, 600);
      grad.addColorStop(0, '#334155');
      grad.addColorStop(1, '#f97316');
      g.fillStyle = grad;
      g.fillRect(0, 0, 800, 600);
      g.fillStyle = '#fff';
      g.font = 'bold 64px sans-serif';
      g.fillText('PORTÃO PRONTO', 120, 320);
      return c.toDataURL('image/jpeg', 0.8).split(',')[1];
    }),
    'base64',
  );
  await page.close();
  await server.stop();
  for (const [p, shown] of [[shownPhoto, true], [hiddenPhoto, false]] as const) {
    await queryPglite(
      server,
      `INSERT INTO work_order_photos (id, work_order_id, mime, width, height, size, show_to_customer, public_token, taken_at, created_at, updated_at, client_updated_at, _seq)
       VALUES ($1, $2, 'image/jpeg', 800, 600, $3, $4, $5, now(), now(), now(), now(), nextval('forja_seq'))`,
      [p.id, order.id, jpeg.length, shown, p.token],
    );
    await queryPglite(server, 'INSERT INTO work_order_photo_files (id, bytes) VALUES ($1, $2)', [p.id, jpeg]);
  }
  await server.restart();
}, 120_000);

afterAll(() => closeSuite({ server, browser }));

const link = () => `/quotation/${q.code}?k=${q.link_secret}`;

test('the drawn page already says the job is ready, with where and when to pick it up', async () => {
  const res = await fetch(server.url + link());
  expect(res.status).toBe(200);
  const html = await res.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain('Seu serviço está pronto para retirada!');
  expect(root).toContain('Segunda a sexta, das 8h às 17h');
  expect(root).toContain(`/api/public/photos/${shownPhoto.token}`);
  expect(html).not.toContain(hiddenPhoto.token);
  expect(html).not.toContain(NOTE);
});

test('on a phone: the ready notice above everything, the stages with their dates, the forecast and the marked photo only', async () => {
  const { page } = await newContext(browser, server, PHONE);
  await page.goto(link());
  const notice = page.getByRole('status').filter({ hasText: 'Seu serviço está pronto para retirada!' });
  await notice.waitFor({ state: 'visible', timeout: 20_000 });
  await expect.poll(() => notice.textContent()).toContain('Rua das Oficinas, 123 — Centro — Campestre - MG');
  expect(await notice.textContent()).toContain('Segunda a sexta, das 8h às 17h');
  // Above everything: nothing of the page comes before it.
  const first = await page.locator('.pq-container > *').first().getAttribute('class');
  expect(first).toContain('pq-ready');

  const job = page.getByRole('region', { name: 'Acompanhe seu serviço' });
  await job.waitFor({ state: 'visible' });
  expect(await job.getByText('Etapa atual: Pronto para retirada').count()).toBe(1);
  const steps = await job.getByRole('listitem').filter({ hasText: /^(Aguardando|Em execução|Pronto)/ }).allTextContents();
  expect(steps).toEqual(['Aguardando início em 21/11/2026', 'Em execução em 23/11/2026', 'Pronto para retirada (atual) em 26/11/2026']);
  expect(await job.getByText('Previsão de entrega').count()).toBe(1);
  expect(await job.getByText('10/12/2026').count()).toBe(1);
  expect(await job.getByText('15 dias úteis').count()).toBe(1);
  // The job's stage leads; the decision is a quiet line below it, not the page's first words (issue 39 §4).
  const decided = page.getByTestId('decided-note');
  expect(await decided.textContent()).toContain('Este orçamento já foi aceito.');
  const decisionAfterJob = await page.evaluate(() => {
    const section = document.querySelector('.pq-job');
    const note = document.querySelector('[data-testid=decided-note]');
    return section && note ? section.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
  });
  expect(decisionAfterJob).toBeGreaterThan(0);
  expect(await decided.getAttribute('class')).toContain('pq-notice--quiet');
  // The sticky Voltar / Atualizar / Imprimir bar is opaque: nothing scrolling under it shows through.
  expect(await page.locator('.pq-actions').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(241, 245, 249)');

  const img = job.getByRole('img', { name: 'Foto 1 do serviço' });
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(800);
  expect(await job.getByRole('img').count()).toBe(1);
  const body = (await page.locator('body').textContent()) ?? '';
  expect(body).not.toContain(NOTE);
  expect(body).not.toContain(order.id);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: artifactPath('public-work-order-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: artifactPath('public-work-order-1280.png'), fullPage: true });
});
