import { chromium } from 'playwright-core';
import { ADMIN_EMAIL, STAFF_PASSWORD, CHROMIUM_PATH, prepareStaff, signIn, startServer } from './tests/support/e2e';

const server = await startServer();
try {
  await prepareStaff(server, ADMIN_EMAIL, undefined, { keepSession: false });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    const ctx = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
    await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
    await page.goto('/adm/stock');
    if (w === 1280) {
      await page.getByRole('button', { name: 'Novo Item' }).click();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/stock-shots/form-${w}.png` });
      const sel = (name: string, label: string) => page.locator(`select[name=${name}]`).selectOption({ label });
      await sel('category_id', 'Barras Metálicas');
      await sel('type_id', 'Metalon');
      await sel('material_id', 'Aço Carbono');
      await sel('thickness_id', '2 mm');
      await page.locator('input[name=dimension]').fill('6000 mm');
      await page.locator('input[name=quantity]').fill('50');
      await page.locator('input[name=minimum_quantity]').fill('10');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.waitForTimeout(800);
    }
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/stock-shots/stock-${w}.png`, fullPage: true });
    await page.goto('/adm/stock?view=visao-geral');
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/stock-shots/overview-${w}.png`, fullPage: true });
    for (const tab of ['categorias', 'tipos', 'espessuras', 'empresa', 'conta', 'sincronizacao']) {
      await page.goto(`/adm/settings?tab=${tab}`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/stock-shots/settings-${tab}-${w}.png`, fullPage: tab !== 'empresa' || w === 1280 });
    }
    await ctx.close();
  }
  await browser.close();
} finally {
  await server.dispose();
}
