/**
 * Issue 29: WebKit — the engine of every iPhone browser — end to end over HTTPS on forja.test
 * (tests/support/engines.ts says how), at the smallest width WebKitGTK's window allows and at
 * 1280×800. Offline is the server stopped: WebKitGTK has no network emulation.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, onTestFailed, test } from 'vitest';
import { artifactPath, startServer, type RunningServer } from '../support/e2e';
import { makeTestCertificates, type TestCertificates } from '../support/tls';
import { ENGINE_HOST, openWebKit, startXvfb, type EnginePage, type RunningXvfb } from '../support/engines';
import { acceptAsCustomer, addCustomer, addIncome, addQuotation, incomeOnServer, offlineCustomer, openEveryScreen, screenshots, signInFirstTime, waitForServiceWorker, type FlowServer } from './phone-flow';

let certs: TestCertificates;
let server: RunningServer;
let xvfb: RunningXvfb;
let page: EnginePage;
let flow: FlowServer;
const ENGINE = 'webkit';

beforeAll(async () => {
  certs = makeTestCertificates([ENGINE_HOST, 'localhost'], ['127.0.0.1']);
  server = await startServer({ env: { FORJA_TLS_CERT: certs.certFile, FORJA_TLS_KEY: certs.keyFile }, https: { ca: certs.caPem } });
  flow = { server, origin: `https://${ENGINE_HOST}:${server.port}`, ca: certs.caPem };
  xvfb = await startXvfb();
  page = await openWebKit({ origin: flow.origin, certFile: certs.certFile, display: xvfb.display });
});

afterAll(async () => {
  await page?.close();
  await xvfb?.stop();
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

describe('WebKit', () => {
  let code = '';

  test('a phone: sign in, customer, quotation, cash flow, every screen, offline customer, Aceitar', async () => {
    const width = await page.setWidth(390, 844);
    expect(width).toBeLessThanOrEqual(480);
    console.log(`[webkit] smallest width the window allows: ${width}px`);

    await signInFirstTime(page);
    await waitForServiceWorker(page);
    await addCustomer(page, 'Maria Safari', '(35) 99123-4567');
    code = await addQuotation(page, 'Maria Safari', 'Portão de correr em metalon');
    await addIncome(page, 'Maria Safari', 'Sinal do portão');
    expect((await incomeOnServer(flow, 'Sinal do portão')).amount).toBe(1250.75);
    await openEveryScreen(page);
    await offlineCustomer(page, flow, 'João Sem Sinal', '(35) 98888-1234');
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
