/**
 * Issue 31 §8–9 in Chromium: Relatórios › Serviços shows the jobs by stage, the late ones and the
 * median days from acceptance to delivery (data seeded through the sync API, as other devices
 * would send it); Configurações › Empresa edits the Garantia padrão (dias), refusing what is out
 * of range. Screenshots at 1280×800 and 390×844.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { generateWorkOrderCode } from '../../schemas/rules';
import type { CompanyDoc } from '../../schemas/collections';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  type ApiSession,
  artifactPath,
  closeSuite,
  companyDoc,
  customerDoc,
  docStamp,
  newContext,
  openSuite,
  PHONE,
  pullAll,
  quotationDoc,
  seed,
  signIn,
  type RunningServer,
  waitFor,
} from '../support/e2e';
import { shopDate } from '../../src/domain/transaction-status';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

const ago = (days: number, minutes = 0) => new Date(Date.now() - days * 86_400_000 - minutes * 60_000).toISOString();
const shopDay = (n: number) => shopDate(new Date(Date.now() + n * 86_400_000));
const ana = customerDoc({ name: 'Ana Serralheria' });
const bruno = customerDoc({ name: 'Bruno Metalúrgica' });

function order(fields: Record<string, unknown> & { id: string }): Record<string, unknown> & { id: string } {
  return { customer_id: null, description: 'Serviço', total_amount: 500, execution_deadline: null, responsible_id: null, forecast_date: null, warranty_until: null, updated_by: null, ...docStamp(), ...fields };
}
const move = (workOrderId: string, to: string, at: string) => ({
  id: randomUUID(), work_order_id: workOrderId, kind: 'move', from_stage: null, to_stage: to, text: null, server_seq: null, ...docStamp(), created_at: at,
});

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
  await seed(server, staff, 'company', [companyDoc()]);
  await seed(server, staff, 'customers', [ana, bruno]);
  // Accepted 4 and 8 days ago, both delivered today: median 6 days. One in execution, 3 days late. A counter job waiting.
  // Each accepted at the same time of day it is delivered: 4 and 8 of the shop's calendar days
  // whenever the test runs (delivered 30 min ago at 00:10 in São Paulo is yesterday — CI at 03:28
  // UTC read a median of 5,5).
  const qa = quotationDoc({ customer_id: ana.id, status: 'accepted', decided_at: ago(4, 30) });
  const qd = quotationDoc({ customer_id: bruno.id, status: 'accepted', decided_at: ago(8, 20) });
  const qb = quotationDoc({ customer_id: bruno.id, status: 'accepted', decided_at: ago(12) });
  await seed(server, staff, 'quotations', [qa, qd, qb]);
  // Each OS opened when its quotation was accepted: its history comes after (the server raises an
  // entry stamped before its OS to the opening).
  const fromQuotation = (q: typeof qa, extra: Record<string, unknown> = {}) =>
    order({ id: `os-${q.id}`, code: q.code, quotation_id: q.id, customer_id: q.customer_id, created_at: q.decided_at, ...extra });
  const counter = order({ id: randomUUID(), code: generateWorkOrderCode(), quotation_id: null, customer_id: ana.id, forecast_date: shopDay(5) });
  const osA = fromQuotation(qa);
  const osD = fromQuotation(qd);
  const osB = fromQuotation(qb, { forecast_date: shopDay(-3) });
  await seed(server, staff, 'work_orders', [osA, osD, osB, counter]);
  await seed(server, staff, 'work_order_events', [
    move(osA.id, 'em_execucao', ago(2)),
    move(osD.id, 'pronto_para_retirada', ago(1)),
    move(osB.id, 'em_execucao', ago(5)),
  ]);
  await seed(server, staff, 'work_order_events', [move(osA.id, 'entregue', ago(0, 30)), move(osD.id, 'entregue', ago(0, 20))]);
  (globalThis as { lateCode?: string }).lateCode = qb.code;
}, 120_000);

afterAll(() => closeSuite({ server, browser }));

const cardValue = (page: Page, testId: string) => page.getByTestId(testId).locator('[data-value]');

test('Relatórios › Serviços: by stage, Atrasadas and the median from acceptance to delivery', async () => {
  const lateCode = (globalThis as { lateCode?: string }).lateCode!;
  // One device (a user has at most 3 sessions): the desk's screen, then a phone-size one.
  const { page, context } = await newContext(browser, server);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  for (const size of ['1280', '390'] as const) {
    if (size === '390') await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/adm/reports');
    await page.getByRole('tab', { name: 'Relatório de Serviços' }).click();
    await expect.poll(() => cardValue(page, 'work-orders-total').textContent(), { timeout: 30_000 }).toBe('4');
    expect(await cardValue(page, 'work-orders-late').textContent()).toBe('1');
    expect(await cardValue(page, 'work-orders-median').textContent()).toBe('6 dias');
    expect(await page.getByTestId('work-orders-median').textContent()).toContain('2 entregas no período');
    const stages = page.getByTestId('work-orders-by-stage').getByRole('listitem');
    expect(await stages.allTextContents()).toEqual(['Aguardando início1', 'Aguardando material0', 'Em execução1', 'Pronto para retirada0', 'Entregue2', 'Cancelada0']);
    const late = page.getByTestId('work-orders-late-list');
    await late.getByText(lateCode).waitFor();
    expect(await late.getByRole('row').filter({ hasText: lateCode }).textContent()).toContain('3 dias');
    expect(await late.getByText('Bruno Metalúrgica').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: artifactPath(`work-order-reports-${size}.png`), fullPage: true });
  }
  await context.close();
});

test('Configurações › Empresa: Garantia padrão (dias) — out of range refused in pt-BR, 180 saved and reaches the server', async () => {
  const { page, context } = await newContext(browser, server, PHONE);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  // The form opens with the profile this device has: wait until it has arrived (first download).
  const field = page.getByRole('textbox', { name: 'Garantia padrão (dias)' });
  await waitFor(
    async () => {
      await page.goto('/adm/settings?tab=empresa');
      await field.waitFor({ timeout: 30_000 });
      return (await page.getByRole('textbox', { name: 'Nome da empresa' }).inputValue()) === 'Forja Soldas e Usinagem';
    },
    { timeout: 45_000, interval: 1000, message: 'the company profile on the device' },
  );
  expect(await field.getAttribute('placeholder')).toBe('90');
  await field.click();
  await page.keyboard.type('4000');
  await page.getByRole('button', { name: 'Salvar dados da empresa' }).click();
  await page.getByText('Garantia inválida: informe um número inteiro de dias, de 0 a 3650 (10 anos).').first().waitFor();
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifactPath('settings-warranty-error-390.png') });
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('180');
  await page.getByRole('button', { name: 'Salvar dados da empresa' }).click();
  await page.getByText('Dados da empresa atualizados com sucesso.').first().waitFor();
  await waitFor(async () => (await pullAll<CompanyDoc>(server, staff, 'company'))[0]?.warranty_days === 180, { timeout: 30_000, message: 'warranty_days 180 on the server' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await field.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifactPath('settings-warranty-1280.png') });
  await context.close();
});
