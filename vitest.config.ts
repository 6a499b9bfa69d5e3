import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const shared = fileURLToPath(new URL('./schemas', import.meta.url));
const alias = { '@shared': shared };

/**
 * Four separate projects (README "Tests"):
 * - unit: pure domain rules and React pieces (jsdom)
 * - server: the sync-server against PGlite, and PostgreSQL when DATABASE_URL is set
 * - replication: real RxDB clients (fake-indexeddb) against a real running server
 * - e2e: Chromium via playwright-core against the built app and a running server
 * - engines: WebKit (WebKitWebDriver) and Firefox (WebDriver BiDi) through the phone flow (issue 29)
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Both cores for unit, server and replication files (each server/replication file has its own
    // server and database). The e2e files run after them, one at a time (groupOrder 1), then the
    // engines (groupOrder 2): a project's fileParallelism:false is maxWorkers 1, and vitest runs a
    // whole group with one worker count. Two e2e files at a time were tried: the e2e part took as
    // long (1,275 s against ~1,300 s one by one — a file keeps both cores busy: its server, Chromium
    // and the runner), each file twice as slow.
    maxWorkers: 2,
    // Without DATABASE_URL, say loudly which PostgreSQL-only tests were left out (tests/support/postgres-banner.ts).
    reporters: ['default', './tests/support/postgres-banner.ts'],
    projects: [
      {
        resolve: { alias },
        // Each file in its own jsdom and module graph (vitest's default): shared ones (isolate:false)
        // saved ~75 s but let one file's vi.resetModules/mocks reach another's — decisions.test.tsx
        // failed 1 run in 4 next to the page-data tests.
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/support/unit-setup.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'replication',
          include: ['tests/replication/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A worker runs its files in turn; sharing its module graph spares each file importing
          // playwright-core and the support modules again (no file mocks a module or keeps state in one).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // One long flow per engine; each step waits for what a person would see.
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
