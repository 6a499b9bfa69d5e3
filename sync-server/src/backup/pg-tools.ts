/**
 * PostgreSQL backups go through pg_dump / pg_restore (the only tools that copy a PostgreSQL
 * database faithfully). They must be on the PATH and not older than the server: a clear pt-BR
 * message says what to install otherwise.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { Queryable } from '../db/types';

export class PgToolError extends Error {}

function installHint(major: number): string {
  return `Instale o cliente do PostgreSQL ${major} (no Debian/Ubuntu: sudo apt install postgresql-client-${major}; no Windows: o instalador do PostgreSQL ${major}, com "Command Line Tools") e deixe-o no PATH.`;
}

/** The server's major version (15 for 15.20). */
export async function serverMajor(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
  return Math.floor(Number(rows[0].v) / 10000);
}

/** Checks the tool is there and new enough for the server; returns its major version. */
export function checkTool(tool: 'pg_dump' | 'pg_restore', major: number): void {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new PgToolError(`O ${tool} não foi encontrado neste computador: sem ele não há backup do PostgreSQL. ${installHint(major)}`);
  }
  const m = /(\d+)(?:\.\d+)?/.exec(r.stdout.replace(/^[^\d]*/, ''));
  const toolMajor = m ? Number(m[1]) : 0;
  if (toolMajor < major) {
    throw new PgToolError(`O ${tool} deste computador é da versão ${toolMajor}, mais antiga que o servidor PostgreSQL (${major}). ${installHint(major)}`);
  }
}

/** Runs a pg tool; rejects with its stderr (trimmed) when it fails. */
export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => (err += c));
    child.on('error', (e) => reject(new PgToolError(`${tool}: ${e.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new PgToolError(`${tool} falhou: ${err.trim().slice(0, 500)}`))));
  });
}

/** The same connection string on another database of the same server. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}
