/**
 * Starts the server from the environment: database, migrations, first-start seed, listen.
 * `npm run server` runs this directly; `npm start` goes through start.ts (builds the web app
 * first when needed and prints the summary).
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirInUseError, createDatabase, pgliteDir } from './db';
import { startLocalAdmin } from './local-admin';
import type { Database } from './db/types';
import { runMigrations } from './migrations/runner';
import { repairDataDirModes, repairedModesMessage, usePrivateUmask } from './private-files';
import { seed, type AdminSeed } from './seed';
import { loadCertificateFiles } from './tls/certificate-files';
import { readTlsFiles } from './tls/files';
import { startRedirectServer } from './tls/redirect';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  config: Config;
  url: string;
  admin: AdminSeed;
  /** How many entries of the data directory were open to other users and made private at this start. */
  repairedModes: number;
  stop(): Promise<void>;
}

export async function startServer(config: Config, opts: { logger?: BuildAppOptions['logger'] } = {}): Promise<RunningServer> {
  // Before the database: a bad certificate stops the start with nothing in the data dir touched.
  const tls = config.tls ? readTlsFiles(config.tls) : null;
  // A data directory from an older version (or copied in by hand) is made private before it is opened.
  const repairedModes = repairDataDirModes(config.dataDir);
  const db = await createDatabase(config);
  let redirect: Server | null = null;
  try {
    await runMigrations(db);
    const { admin } = await seed(db, config);
    const app = await buildApp({ config, db, logger: opts.logger ?? false, tls, backup: { schedule: true } });
    await app.listen({ port: config.port, host: config.host });
    // The embedded database is this process's alone: user:add reaches it through this socket.
    const stopLocalAdmin = config.databaseUrl ? null : await startLocalAdmin(db, config.dataDir, app.backups).catch(async (err) => {
      await app.close();
      throw err;
    });
    const addr = app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    if (tls && config.httpRedirectPort !== null) {
      redirect = await startRedirectServer({
        host: config.host,
        port: config.httpRedirectPort,
        httpsPort: port,
        files: loadCertificateFiles(config.lanCaCertFile),
      }).catch(async (err) => {
        await app.close();
        throw err;
      });
    }
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    let stopped = false;
    return {
      app,
      db,
      config,
      url: `${tls ? 'https' : 'http'}://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
      admin,
      repairedModes,
      async stop() {
        if (stopped) return;
        stopped = true;
        redirect?.closeAllConnections();
        await new Promise((resolve) => (redirect ? redirect.close(resolve) : resolve(undefined)));
        await stopLocalAdmin?.();
        await app.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}

export function describeDatabase(config: Config): string {
  if (config.databaseUrl) {
    try {
      const u = new URL(config.databaseUrl);
      return `PostgreSQL (${u.hostname}:${u.port || 5432}${u.pathname})`;
    } catch {
      return 'PostgreSQL';
    }
  }
  const dir = pgliteDir(config.dataDir);
  const rel = path.relative(process.cwd(), dir);
  return `PGlite em ${rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? `./${rel}` : dir}`;
}

export function summary(server: RunningServer): string {
  const { admin, config } = server;
  const lines = [
    '',
    '──────────────── Forja ────────────────',
    `  Endereço:       ${server.url}`,
    `  Banco de dados: ${describeDatabase(config)}`,
    `  Administrador:  ${admin.email}`,
  ];
  if (admin.generatedPassword) {
    lines.push(`  Senha inicial:  ${admin.generatedPassword}`);
    lines.push('  (mostrada só agora; troque-a no primeiro acesso)');
  }
  lines.push('───────────────────────────────────────', '');
  return lines.join('\n');
}

/** Stops the server on SIGINT/SIGTERM, closing connections and the database cleanly. */
export function handleSignals(server: RunningServer): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nRecebido ${signal}, encerrando…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/**
 * The configuration from the environment — its certificate files read and checked too — or one
 * pt-BR line and exit code 1.
 */
export function loadConfigOrExit(): Config {
  try {
    const config = loadConfig();
    if (config.tls) readTlsFiles(config.tls);
    return config;
  } catch (err) {
    exitOnStartError(err);
  }
}

/** How `npm start` / `npm run server` / `npm run lan` end on a failed start: one line when we know why. */
export function exitOnStartError(err: unknown): never {
  if (err instanceof ConfigError) console.error(`Configuração inválida: ${err.message}`);
  else if (err instanceof DataDirInUseError) console.error(err.message);
  else if ((err as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    const e = err as NodeJS.ErrnoException & { port?: number };
    console.error(`A porta ${e.port ?? ''} já está em uso por outro programa. Escolha outra com PORT (ou FORJA_HTTP_REDIRECT_PORT).`);
  } else console.error(err);
  process.exit(1);
}

export async function main(config: Config = loadConfigOrExit()): Promise<RunningServer> {
  // Also set by start.ts and lan.ts before they write (builds, certificates); here for `npm run server`.
  usePrivateUmask();
  // Warnings and errors only by default: the start-up summary stays readable. LOG_LEVEL=info
  // logs every request.
  const level = process.env.LOG_LEVEL ?? 'warn';
  const server = await startServer(config, { logger: { level } });
  handleSignals(server);
  if (server.repairedModes > 0) console.warn(repairedModesMessage(config.dataDir, server.repairedModes));
  console.log(summary(server));
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch(exitOnStartError);
}
