/**
 * Issue 29: Firefox ESR (Android's other engine) end to end over WebDriver BiDi, over HTTPS on
 * forja.test with the LAN CA installed in its profile (tests/support/engines.ts), at a phone's
 * width and at 1280×800. Offline is the server stopped, as for WebKit.
 */
import { expect } from 'vitest';
import { launchFirefox } from '../support/engines';
import { engineSuite } from './phone-flow';

engineSuite({
  engine: 'firefox',
  customer: 'Maria Raposa',
  offlineCustomer: 'José Sem Sinal',
  phoneWidth: (width) => expect(width).toBe(390),
  async open(flow, certs) {
    const firefox = await launchFirefox({ origin: flow.origin, caFile: `${certs.dir}/tls/ca.crt` });
    return { page: await firefox.newPage(), close: () => firefox.close() };
  },
});
