/**
 * Issue 29: WebKit — the engine of every iPhone browser — end to end over HTTPS on forja.test
 * (tests/support/engines.ts says how), at the smallest width WebKitGTK's window allows and at
 * 1280×800. Offline is the server stopped: WebKitGTK has no network emulation. Then the same
 * device on `npm start`'s plain http://127.0.0.1 (issue 39 §1).
 */
import { expect } from 'vitest';
import { openWebKit, startXvfb } from '../support/engines';
import { engineSuite } from './phone-flow';

engineSuite({
  engine: 'webkit',
  customer: 'Maria Safari',
  offlineCustomer: 'João Sem Sinal',
  // And plain http on the machine itself (issue 39 §1): WebKit's back/forward cache over http.
  plainHttpCustomer: 'Clara do Balcão',
  // GTK keeps the window at least 447 px wide: still a phone's layout.
  phoneWidth: (width) => expect(width).toBeLessThanOrEqual(480),
  async open(flow, certs) {
    const xvfb = await startXvfb();
    const page = await openWebKit({ origin: flow.origin, certFile: certs.certFile, display: xvfb.display });
    return {
      page,
      async close() {
        await page.close();
        await xvfb.stop();
      },
    };
  },
});
