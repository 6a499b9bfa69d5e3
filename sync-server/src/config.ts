/**
 * Server configuration from the environment, checked once at start so a typo fails loudly
 * with a message that names the variable instead of surfacing later as a strange error.
 */
import net from 'node:net';
import path from 'node:path';
import { backupSettings, type BackupSettings } from './backup/settings';

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
  /** FORJA_TLS_CERT / FORJA_TLS_KEY: serve HTTPS (HTTP/2 with HTTP/1.1) with these PEM files. */
  tls: TlsFiles | null;
  /** FORJA_HTTP_REDIRECT_PORT: a plain-http port that redirects to the https one (needs tls). */
  httpRedirectPort: number | null;
  /**
   * FORJA_TRUST_PROXY, as Fastify's `trustProxy`: which peers' X-Forwarded-For/-Proto are believed.
   * false (the default) believes no one: a client cannot pick its own IP for the rate limits.
   */
  trustProxy: TrustProxy;
  /** LAN mode (npm run lan): the certificate authority phones install, served at /forja-ca.crt. */
  lanCaCertFile: string | null;
  /**
   * FORJA_NFSE_URL: the national NFS-e API's base (ending in /SefinNacional) instead of the one the
   * ambiente in Configurações › Fiscal names — a município on its own host with the same contract,
   * or the tests' stand-in.
   */
  nfseUrl: string | null;
  /** Backups (issue 41): where, when and how they are written (backup/settings.ts). */
  backup: BackupSettings;
}

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** false | a hop count | addresses, CIDRs and proxy-addr's names (loopback, linklocal, uniquelocal). */
export type TrustProxy = false | number | string[];

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

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** FORJA_TRUST_PROXY: empty → false; "2" → 2 hops; "loopback, 10.0.0.0/8, 192.168.1.5" → a list. */
export function parseTrustProxy(raw: string | null): TrustProxy {
  if (raw === null) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10) throw new ConfigError(`FORJA_TRUST_PROXY: o número de proxies deve estar entre 1 e 10 (recebido: ${hops})`);
    return hops;
  }
  const items = raw.split(',').map((s) => s.trim());
  for (const item of items) {
    if (!isProxyAddress(item)) {
      throw new ConfigError(
        `FORJA_TRUST_PROXY: "${item}" não é um endereço IP, uma faixa CIDR (ex.: 10.0.0.0/8), loopback, linklocal, uniquelocal nem um número de proxies`,
      );
    }
  }
  return items;
}

function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [addr, prefix, ...rest] = item.split('/');
  if (rest.length > 0) return false;
  const family = net.isIP(addr);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

function nfseUrl(env: Env): string | null {
  const raw = nonEmpty(env, 'FORJA_NFSE_URL');
  if (raw === null) return null;
  if (!/^https:\/\/[^\s/]+(\/\S*)?$/.test(raw)) throw new ConfigError(`FORJA_NFSE_URL deve ser um endereço https:// (recebido: "${raw}")`);
  return raw.replace(/\/+$/, '');
}

function tlsFiles(env: Env, cwd: string): TlsFiles | null {
  const cert = nonEmpty(env, 'FORJA_TLS_CERT');
  const key = nonEmpty(env, 'FORJA_TLS_KEY');
  if (cert === null && key === null) return null;
  if (cert === null) throw new ConfigError('FORJA_TLS_CERT não definido: para HTTPS informe o certificado junto com FORJA_TLS_KEY');
  if (key === null) throw new ConfigError('FORJA_TLS_KEY não definido: para HTTPS informe a chave privada junto com FORJA_TLS_CERT');
  return { certFile: path.resolve(cwd, cert), keyFile: path.resolve(cwd, key) };
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
  const tls = tlsFiles(env, cwd);
  const httpRedirectPort = nonEmpty(env, 'FORJA_HTTP_REDIRECT_PORT') === null ? null : integer(env, 'FORJA_HTTP_REDIRECT_PORT', 0, 0, 65535);
  if (httpRedirectPort !== null && tls === null) {
    throw new ConfigError('FORJA_HTTP_REDIRECT_PORT só faz sentido com HTTPS: defina também FORJA_TLS_CERT e FORJA_TLS_KEY');
  }
  const dataDir = path.resolve(cwd, nonEmpty(env, 'FORJA_DATA_DIR') ?? './data');
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: nonEmpty(env, 'HOST') ?? '127.0.0.1',
    databaseUrl,
    dataDir,
    webDir,
    ssrDir: path.resolve(cwd, nonEmpty(env, 'FORJA_SSR_DIR') ?? `${webDir}-ssr`),
    adminEmail: adminEmail?.toLowerCase() ?? null,
    adminPassword,
    loginRateLimitPerMinute: integer(env, 'FORJA_LOGIN_RATE_LIMIT', 30, 1, 1_000_000),
    publicRateLimitPerMinute: integer(env, 'FORJA_PUBLIC_RATE_LIMIT', 120, 1, 1_000_000),
    tls,
    httpRedirectPort,
    trustProxy: parseTrustProxy(nonEmpty(env, 'FORJA_TRUST_PROXY')),
    lanCaCertFile: null,
    nfseUrl: nfseUrl(env),
    backup: backupSettings(env, cwd, dataDir),
  };
}
