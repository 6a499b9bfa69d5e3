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
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Both cores for unit, server and replication files (each server/replication file has its own
    // server and database). The e2e files run after them, one at a time (groupOrder 1): a project's
    // fileParallelism:false is maxWorkers 1, and vitest runs a whole group with one worker count —
    // with e2e in the same group every file of every project ran alone (the suite took ~25 min).
    maxWorkers: 2,
    // Without DATABASE_URL, say loudly which PostgreSQL-only tests were left out (tests/support/postgres-banner.ts).
    reporters: ['default', './tests/support/postgres-banner.ts'],
    projects: [
      {
        resolve: { alias },
        // One jsdom and one module graph per worker, not per file: setting both up was ~75 of the
        // project's ~93 s (65 files, 20 s of tests). The files hold no module state between them
        // (checked with --sequence.shuffle).
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom', isolate: false },
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
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
