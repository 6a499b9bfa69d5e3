/** What routes and guards need from the running app, decorated on the Fastify instance as `forja`. */
import type { Role } from '@shared';
import type { Config } from './config';
import type { Database } from './db/types';

export interface ForjaContext {
  config: Config;
  db: Database;
  /** HMAC key for access tokens (kept in `meta`). */
  secret: Buffer;
}

export interface AuthSession {
  sessionId: string;
  userId: string;
  email: string;
  firstAccess: boolean;
  role: Role;
}

declare module 'fastify' {
  interface FastifyInstance {
    forja: ForjaContext;
  }
  interface FastifyRequest {
    /** Set by requireSession; null on routes without it. */
    session: AuthSession | null;
  }
}
