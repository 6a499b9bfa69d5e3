/**
 * Every unit file: a test that shows a message starts loading the toaster (src/ui/notify.ts loads
 * the kit's toaster on first use, without awaiting it). Left running when the file ends, that import
 * lands after jsdom is torn down and vitest reports it as an unhandled error (CI went red on
 * phone-gate.test.tsx once). Each test waits for the imports it started.
 */
import { afterEach, vi } from 'vitest';

afterEach(async () => {
  await vi.dynamicImportSettled();
});
