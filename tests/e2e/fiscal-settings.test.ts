/**
 * Issue 38 §2 in Chromium on a 390×844 phone: the owner opens Configurações › Fiscal, types the
 * shop's fiscal data, saves it (it reaches the server as company.fiscal), then sends an A1 made
 * for the test — first with a wrong password (refused next to the field), then the right one —
 * and sees Titular, CNPJ and Válido até; a reload keeps them (they come back from the server in
 * the company document).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { CompanyDoc } from '../../schemas/collections';
import type { FiscalSettings } from '../../schemas/nfse';
import { makeIcpTestCa, packPfx } from '../support/icp-test-ca';
import {
  ADMIN_EMAIL,
  PHONE,
  STAFF_PASSWORD,
  artifactPath,
  closeSuite,
  newContext,
  openSuite,
  pullAll,
  signIn,
  waitFor,
  type ApiSession,
  type RunningServer,
} from '../support/e2e';

const CNPJ = '11222333000181';
const HOLDER = 'SERRALHERIA SAO JOSE LTDA';
const PASSWORD = 'Senh@ da Empresa 1';

let server: RunningServer;
let browser: Browser;
let staff: ApiSession;

beforeAll(async () => {
  ({ server, browser, staff } = await openSuite());
}, 120_000);
afterAll(() => closeSuite({ server, browser }));

/** Clicks a field and types into it key by key, as a thumb would. */
async function typeInto(page: Page, selector: string, text: string) {
  await page.locator(selector).click();
  await page.keyboard.type(text);
}

/** dd/MM/yyyy in São Paulo, as the screen shows dates. */
function brDate(d: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

test('the owner fills Configurações › Fiscal on a phone, saves, and sends the A1 (a wrong password first); a reload keeps it', async () => {
  const notAfter = new Date(Date.now() + 300 * 86_400_000);
  const identity = makeIcpTestCa().issueECnpj({ cnpj: CNPJ, name: HOLDER, notAfter });
  const pfx = packPfx(identity, PASSWORD, 'rc2');

  const { page } = await newContext(browser, server, PHONE);
  await signIn(page, ADMIN_EMAIL, STAFF_PASSWORD);
  await page.goto('/adm/settings?tab=fiscal');
  await page.getByRole('tab', { name: 'Fiscal', selected: true }).waitFor();
  await page.locator('input[name=fiscal-cnpj]').waitFor();

  await typeInto(page, 'input[name=fiscal-cnpj]', CNPJ);
  expect(await page.locator('input[name=fiscal-cnpj]').inputValue()).toBe('11.222.333/0001-81');
  await typeInto(page, 'input[name=fiscal-legal-name]', 'Serralheria São José Ltda');
  await page.getByLabel('Município').click();
  await page.keyboard.type('Piranguinho');
  await page.getByRole('option', { name: 'Piranguinho — MG' }).click();
  await page.getByText('Simples Nacional (ME/EPP)', { exact: true }).click();
  await typeInto(page, 'input[name=fiscal-approx-tax]', '6,00');
  // The numbering continues another emissor's.
  await page.locator('input[name=fiscal-next-number]').click();
  await page.keyboard.press('Backspace');
  await page.keyboard.type('120');
  await typeInto(page, 'input[name=fiscal-phone]', '(35) 3644-1234');
  await page.getByRole('button', { name: 'Salvar dados fiscais' }).click();
  await page.getByText('Dados fiscais salvos.').first().waitFor();

  const fiscal = await waitFor(
    async () => {
      const [company] = await pullAll<CompanyDoc>(server, staff, 'company');
      return (company?.fiscal as FiscalSettings | null) ?? undefined;
    },
    { timeout: 30_000, message: 'company.fiscal on the server' },
  );
  expect(fiscal).toMatchObject({ cnpj: CNPJ, legal_name: 'Serralheria São José Ltda', regime: 'simples', sn_apuracao: 1, approx_tax_percent: 6, serie: 1, first_number: 120, environment: 2 });
  expect(fiscal.services.map((s) => s.code)).toEqual(['140101', '140501', '141302', '140601']);

  // The A1: a wrong password is refused next to its field, which is empty again.
  const card = page.getByTestId('fiscal-certificate');
  await card.getByText('Nenhum certificado enviado.').waitFor();
  await card.locator('input[name=certificate-file]').setInputFiles({ name: 'serralheria.pfx', mimeType: 'application/x-pkcs12', buffer: pfx });
  await card.getByText('serralheria.pfx').waitFor();
  await typeInto(page, 'input[name=certificate-password]', 'senha errada');
  // 'Dados fiscais salvos.' sits above the tab bar for 2 s, over the bottom of the page where this
  // button is: a person waits for it to go. A phone has no pointer resting on the screen; the
  // emulated mouse does, and a toast that comes (or scrolls) under it holds still while hovered.
  await page.mouse.move(0, 0);
  await page.getByText('Dados fiscais salvos.').first().waitFor({ state: 'hidden' });
  await card.getByRole('button', { name: 'Enviar certificado' }).click();
  await card.getByText('Senha do certificado incorreta.').waitFor();
  expect(await card.locator('input[name=certificate-password]').inputValue()).toBe('');

  await typeInto(page, 'input[name=certificate-password]', PASSWORD);
  await page.keyboard.press('Enter');
  await card.getByText(HOLDER, { exact: true }).waitFor();
  const until = brDate(identity.cert.validity.notAfter);
  const shown = async () => (await card.locator('dl').innerText()).replace(/\s+/g, ' ');
  expect(await shown()).toContain(`Titular ${HOLDER}`);
  expect(await shown()).toContain('CNPJ 11.222.333/0001-81');
  expect(await shown()).toContain(`Válido até ${until}`);
  expect(await card.getByText('Senha do certificado incorreta.').count()).toBe(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifactPath('fiscal-certificate-390.png') });

  // Reloaded, the certificate is what the server's company document says.
  await page.reload();
  await card.getByText(HOLDER, { exact: true }).waitFor({ timeout: 30_000 });
  expect(await shown()).toContain(`Válido até ${until}`);
  expect(await page.locator('input[name=fiscal-cnpj]').inputValue()).toBe('11.222.333/0001-81');
  expect(await page.locator('input[name=fiscal-next-number]').inputValue()).toBe('120');
}, 120_000);
