/**
 * bench:ui — stock. A shop with many items and a long movement ledger (quantities are sums of
 * movements, computed on the device): time until the list shows them after sign-in, time for a
 * +1 click to show the new quantity, and time to open the overview with its chart.
 * Prints numbers, asserts nothing. STOCK_BENCH_ITEMS / STOCK_BENCH_MOVES override the sizes.
 */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import {
  ADMIN_EMAIL,
  CHROMIUM_PATH,
  STAFF_PASSWORD,
  login,
  logout,
  prepareStaff,
  seed,
  signIn,
  startServer,
} from '../../support/e2e';

const ITEMS = Number(process.env.STOCK_BENCH_ITEMS ?? 300);
const MOVES_PER_ITEM = Number(process.env.STOCK_BENCH_MOVES ?? 20);

function stamps(daysAgo = 0) {
  const t = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  return { created_at: t, updated_at: t, client_updated_at: t, created_by: null };
}

export default async function run(): Promise<void> {
  const server = await startServer();
  try {
    await prepareStaff(server, ADMIN_EMAIL, undefined, { keepSession: false });
    const session = await login(server, ADMIN_EMAIL, STAFF_PASSWORD);
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      id: randomUUID(),
      category_id: 'default-category-barras-metalicas',
      type_id: i % 2 ? 'default-type-metalon' : 'default-type-barra-chata',
      material_id: i % 3 ? 'default-material-aco-carbono' : 'default-material-aco-inox',
      thickness_id: 'default-thickness-2',
      dimension_id: 'default-dimension-6000mm',
      minimum_quantity: 10,
      description: `Item ${i}`,
      ...stamps(),
    }));
    for (let i = 0; i < items.length; i += 500) await seed(server, session, 'stock_items', items.slice(i, i + 500));
    const movements = items.flatMap((item) =>
      Array.from({ length: MOVES_PER_ITEM }, (_, k) => ({
        id: randomUUID(),
        stock_item_id: item.id,
        delta: k === 0 ? 50 : k % 2 ? 1 : -1,
        reason: null,
        ...stamps(k * 9),
      })),
    );
    for (let i = 0; i < movements.length; i += 1000) await seed(server, session, 'stock_movements', movements.slice(i, i + 1000));
    await logout(server, session);

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
    const rows: [string, string][] = [];
    try {
      const ctx = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
      const page = await ctx.newPage();
      await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
      let t = performance.now();
      await page.goto('/adm/stock');
      await page.locator('[data-item]').nth(Math.min(ITEMS, 20) - 1).waitFor({ state: 'visible', timeout: 120_000 });
      rows.push([`list shown after first sign-in (${ITEMS} items, ${movements.length} movements, includes initial download)`, `${Math.round(performance.now() - t)} ms`]);

      t = performance.now();
      await page.reload();
      await page.locator('[data-item]').first().waitFor({ state: 'visible', timeout: 60_000 });
      rows.push(['list shown after a reload (local database)', `${Math.round(performance.now() - t)} ms`]);

      const before = await page.locator('[data-testid=stock-quantity]:visible').first().textContent();
      t = performance.now();
      await page.getByRole('button', { name: /^Adicionar 1:/ }).first().click();
      await page.waitForFunction(
        (b) => document.querySelector('[data-testid=stock-quantity]')?.textContent !== b,
        before,
        { timeout: 30_000 },
      );
      rows.push(['+1 click → new quantity on screen', `${Math.round(performance.now() - t)} ms`]);

      t = performance.now();
      await page.getByRole('tab', { name: 'Visão geral' }).click();
      await page.locator('[data-testid=movement-chart] canvas').waitFor({ state: 'visible', timeout: 60_000 });
      rows.push(['overview with chart (chart.js loaded lazily)', `${Math.round(performance.now() - t)} ms`]);
      await ctx.close();
    } finally {
      await browser.close();
    }
    console.table(Object.fromEntries(rows.map(([k, v]) => [k, { value: v }])));
  } finally {
    await server.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
