/**
 * Issue 29: Firefox ESR (Android's other engine) end to end over WebDriver BiDi, over HTTPS on
 * forja.test with the LAN CA installed in its profile (tests/support/engines.ts), at a phone's
 * width and at 1280×800. Offline is the server stopped, as for WebKit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, onTestFailed, test } from 'vitest';
import { artifactPath, startServer, type RunningServer } from '../support/e2e';
import { makeTestCertificates, type TestCertificates } from '../support/tls';
import { ENGINE_HOST, launchFirefox, type EnginePage, type FirefoxEngine } from '../support/engines';
import { acceptAsCustomer, addCustomer, addIncome, addQuotation, incomeOnServer, offlineCustomer, openEveryScreen, screenshots, signInFirstTime, waitForServiceWorker, type FlowServer } from './phone-flow';

let certs: TestCertificates;
let server: RunningServer;
let firefox: FirefoxEngine;
let page: EnginePage;
let flow: FlowServer;
const ENGINE = 'firefox';

beforeAll(async () => {
  certs = makeTestCertificates([ENGINE_HOST, 'localhost'], ['127.0.0.1']);
  server = await startServer({ env: { FORJA_TLS_CERT: certs.certFile, FORJA_TLS_KEY: certs.keyFile }, https: { ca: certs.caPem } });
  flow = { server, origin: `https://${ENGINE_HOST}:${server.port}`, ca: certs.caPem };
  firefox = await launchFirefox({ origin: flow.origin, caFile: `${certs.dir}/tls/ca.crt` });
  page = await firefox.newPage();
});

afterAll(async () => {
  await firefox?.close();
  await server?.dispose();
  certs?.dispose();
});

// A failed step leaves what the engine showed: a screenshot, the page's text and the server's log.
beforeEach(() => {
  onTestFailed(async () => {
    await page?.screenshot(artifactPath(`engines-${ENGINE}-failure.png`)).catch(() => undefined);
    console.log(`[${ENGINE}] at ${await page?.url().catch(() => '?')}:\n${(await page?.text().catch(() => '')) ?? ''}\n--- server ---\n${server?.logs() ?? ''}`);
  });
});

describe('Firefox', () => {
  let code = '';

  test('a phone: sign in, customer, quotation, cash flow, every screen, offline customer, Aceitar', async () => {
    expect(await page.setWidth(390, 844)).toBe(390);
    await signInFirstTime(page);
    await waitForServiceWorker(page);
    await addCustomer(page, 'Maria Raposa', '(35) 99123-7654');
    code = await addQuotation(page, 'Maria Raposa', 'Grade de proteção soldada');
    await addIncome(page, 'Maria Raposa', 'Sinal da grade');
    expect((await incomeOnServer(flow, 'Sinal da grade')).amount).toBe(1250.75);
    await openEveryScreen(page);
    await offlineCustomer(page, flow, 'José Sem Sinal', '(35) 98888-4321');
    await screenshots(page, 'phone', code);
    await acceptAsCustomer(page, flow, code);
  });

  test('a desktop at 1280×800: every screen, screenshots', async () => {
    expect(code).not.toBe('');
    expect(await page.setWidth(1280, 800)).toBe(1280);
    await openEveryScreen(page);
    await screenshots(page, 'desktop', code);
  });
});
