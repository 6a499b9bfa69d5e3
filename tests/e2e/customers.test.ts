/**
 * Issue 2, the loop in a browser: staff sign in, add a customer on the minimal customers page,
 * and the customer reaches the server — through the sync API and in the SQL table.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import type { CustomerDoc } from '../../schemas/collections';
import {
  ADMIN_EMAIL,
  STAFF_PASSWORD,
  launchBrowser,
  newContext,
  prepareStaff,
  pullAll,
  queryPglite,
  signIn,
  startServer,
  waitFor,
  type ApiSession,
  type RunningServer,
} from '../support/e2e';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  staff = await prepareStaff(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

test('a customer added in the browser is stored in the database', async () => {
  const { page } = await newContext(browser, server);
  const name = `Serralheria Boa Vista ${Date.now() % 100000}`;
  const phone = '(35) 99811-2233';

  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.goto('/adm/customers');
  await page.getByRole('button', { name: 'Novo Cliente' }).click();
  await page.getByLabel(/^Nome/).fill(name);
  await page.getByLabel(/^Telefone/).fill(phone);
  await page.getByRole('button', { name: 'Salvar Cliente' }).click();

  // The user sees it in the list…
  await page.getByText(name).first().waitFor({ state: 'visible' });

  // …and replication delivers it to the server without any further action.
  const onServer = await waitFor(
    async () => (await pullAll<CustomerDoc>(server, staff, 'customers')).find((c) => c.name === name),
    { timeout: 20_000, message: `customer "${name}" on the server` },
  );
  expect(onServer.phone).toBe(phone);

  // Plain SQL over the shop's data sees the same row.
  await server.stop();
  const rows = await queryPglite<{ name: string; phone: string }>(
    server,
    'SELECT name, phone FROM customers WHERE name = $1 AND NOT _deleted',
    [name],
  );
  expect(rows).toEqual([{ name, phone }]);
});
