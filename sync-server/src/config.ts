/**
 * Server configuration from the environment, checked once at start so a typo fails loudly
 * with a message that names the variable instead of surfacing later as a strange error.
 */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl: string | null;
  /** Where PGlite keeps its files (FORJA_DATA_DIR/pglite). */
  dataDir: string;
  /** The built PWA (vite build output). */
  webDir: string;
  /**
   * The server's renderer of the public quotation page (`vite build --ssr`, npm run build);
   * FORJA_SSR_DIR, by default beside the web build (dist → dist-ssr). Without it that page is
   * drawn by the browser alone.
   */
  ssrDir: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Login attempts allowed per IP per minute (on top of the per-account limit). */
  loginRateLimitPerMinute: number;
  /** Requests to the public quotation/company routes allowed per IP per minute. */
  publicRateLimitPerMinute: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function nonEmpty(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} deve ser um número inteiro (recebido: "${raw}")`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} deve estar entre ${min} e ${max} (recebido: ${n})`);
  return n;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const databaseUrl = nonEmpty(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL deve começar com postgres:// ou postgresql://');
  }
  const adminEmail = nonEmpty(env, 'FORJA_ADMIN_EMAIL');
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`FORJA_ADMIN_EMAIL não é um email válido (recebido: "${adminEmail}")`);
  }
  const adminPassword = env.FORJA_ADMIN_PASSWORD ? env.FORJA_ADMIN_PASSWORD : null;
  const webDir = path.resolve(cwd, nonEmpty(env, 'FORJA_WEB_DIR') ?? './dist');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: nonEmpty(env, 'HOST') ?? '127.0.0.1',
    databaseUrl,
    dataDir: path.resolve(cwd, nonEmpty(env, 'FORJA_DATA_DIR') ?? './data'),
    webDir,
    ssrDir: path.resolve(cwd, nonEmpty(env, 'FORJA_SSR_DIR') ?? `${webDir}-ssr`),
    adminEmail: adminEmail?.toLowerCase() ?? null,
    adminPassword,
    loginRateLimitPerMinute: integer(env, 'FORJA_LOGIN_RATE_LIMIT', 30, 1, 1_000_000),
    publicRateLimitPerMinute: integer(env, 'FORJA_PUBLIC_RATE_LIMIT', 120, 1, 1_000_000),
  };
}
