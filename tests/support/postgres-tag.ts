/**
 * The mark in the name of a suite that needs a real PostgreSQL server (describePostgresOnly in
 * ./postgres-only.ts); the postgres-banner reporter lists the marked suites left out of a run.
 * No imports: the reporter loads it in vitest's main process.
 */
export const POSTGRES_ONLY_TAG = '[PostgreSQL only]';
