/**
 * describe() for a suite that only PostgreSQL can run: concurrency (PGlite serialises every
 * transaction, so a race cannot happen there) or two servers on one database. Without
 * DATABASE_URL the suite is skipped — and listed at the end of the run by the postgres-banner
 * reporter (vitest.config.ts), so nobody takes a green PGlite-only run for the whole suite.
 */
import { describe } from 'vitest';
import { backends } from './db';
import { POSTGRES_ONLY_TAG } from './postgres-tag';

export function describePostgresOnly(name: string, fn: () => void): void {
  describe.runIf(backends().includes('postgres'))(`${name} ${POSTGRES_ONLY_TAG}`, fn);
}
