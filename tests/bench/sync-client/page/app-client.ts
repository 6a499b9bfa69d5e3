// Placeholder until src/data lands: see minimal-client.ts.
export { openAppClient } from './minimal-client';
export type { AppClient } from './client-types';
