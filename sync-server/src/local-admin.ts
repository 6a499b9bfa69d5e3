/**
 * The local admin socket: with the embedded database only one process may open ./data, so
 * while the server runs `npm run user:add` asks the server to do it instead. The channel is a
 * Unix socket (a named pipe on Windows) readable only by the user who runs the server — the
 * same person who could open ./data directly — never a network port.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Database } from './db/types';
import { addOrRescueUser, type UserAddInput, type UserAddResult } from './team/accounts-cli';
import { announceRevokedSessions } from './auth/session-events';
import { LegacyFileError, LegacyImportError, importLegacy, type LegacyExport, type LegacyImportReport } from './legacy/import';
import type { BackupOutcome, BackupService } from './backup/service';

export function localAdminSocketPath(dataDir: string): string {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\forja-admin-${id}`;
  const inData = path.join(dataDir, 'forja-admin.sock');
  // Unix socket paths are limited to ~107 bytes; a deep data dir uses the temp dir instead.
  return Buffer.byteLength(inData) < 100 ? inData : path.join(os.tmpdir(), `forja-admin-${id}.sock`);
}

const MAX_BODY = 4096;
/** An import's body: the export's files as text (at most 50 MB each, legacy/csv.ts), JSON-escaped. */
const MAX_IMPORT_BODY = 512 * 1024 * 1024;

/** The body of POST /import-legacy: the files the CLI read, and its options. */
export interface ImportLegacyRequest {
  files: LegacyExport;
  onlyNew: boolean;
  dryRun: boolean;
}

/** The body of POST /backup: `npm run backup [-- FILE]` (issue 41). */
export interface BackupRequest {
  file: string | null;
}

export async function startLocalAdmin(db: Database, dataDir: string, backups?: BackupService): Promise<() => Promise<void>> {
  const socketPath = localAdminSocketPath(dataDir);
  // A socket file left by a server that was killed: nobody answers on it (this process holds ./data).
  if (process.platform !== 'win32' && existsSync(socketPath)) unlinkSync(socketPath);
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const routes: Record<string, { max: number; handle: (body: unknown) => Promise<unknown> }> = {
      '/user-add': { max: MAX_BODY, handle: (body) => userAdd(db, body) },
      '/import-legacy': { max: MAX_IMPORT_BODY, handle: (body) => importLegacyFor(db, body) },
      // The embedded database is this process's: the running server makes the copy (backup/service.ts).
      '/backup': { max: MAX_BODY, handle: (body) => backupFor(backups, body) },
    };
    const route = req.method === 'POST' ? routes[req.url ?? ''] : undefined;
    if (!route) return send(404, { message: 'Não encontrado.' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > route.max) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(400, { message: 'Pedido inválido.' });
      }
      route
        .handle(body)
        .then((result) => send(200, result))
        .catch((err: unknown) => {
          if (err instanceof BadRequest) return send(400, { message: err.message });
          if (err instanceof LegacyFileError || err instanceof LegacyImportError) return send(422, { message: err.message });
          send(500, { message: err instanceof Error ? err.message : String(err) });
        });
    });
  });
  // A backup of a large database (copy, then a test restore) may take longer than Node's 5 minutes.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  if (process.platform !== 'win32') chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

class BadRequest extends Error {}

async function userAdd(db: Database, raw: unknown): Promise<UserAddResult> {
  const body = (raw ?? {}) as Partial<UserAddInput>;
  if (typeof body.email !== 'string') throw new BadRequest('Pedido inválido.');
  const result = await addOrRescueUser(db, { email: body.email, owner: body.owner === true, name: typeof body.name === 'string' ? body.name : undefined });
  announceRevokedSessions(result.endedSessions);
  return result;
}

async function importLegacyFor(db: Database, raw: unknown): Promise<LegacyImportReport> {
  const body = (raw ?? {}) as Partial<ImportLegacyRequest>;
  if (!body.files || typeof body.files !== 'object') throw new BadRequest('Pedido inválido.');
  const files: LegacyExport = {};
  for (const [table, f] of Object.entries(body.files)) {
    if (!['customers', 'quotations', 'transactions', 'users'].includes(table)) continue;
    if (!f || typeof f.fileName !== 'string' || typeof f.text !== 'string') throw new BadRequest('Pedido inválido.');
    files[table as keyof LegacyExport] = { fileName: f.fileName, text: f.text };
  }
  return importLegacy(db, files, { onlyNew: body.onlyNew === true, dryRun: body.dryRun === true });
}

async function backupFor(backups: BackupService | undefined, raw: unknown): Promise<BackupOutcome> {
  if (!backups) throw new BadRequest('Este servidor não faz backups.');
  const body = (raw ?? {}) as Partial<BackupRequest>;
  if (body.file !== null && body.file !== undefined && typeof body.file !== 'string') throw new BadRequest('Pedido inválido.');
  return backups.run(body.file ?? undefined);
}

/** backup's side: the running server copies its database (the CLI gives an absolute path, if any). */
export function requestBackup(dataDir: string, input: BackupRequest): Promise<BackupOutcome> {
  return request<BackupOutcome>(dataDir, '/backup', input);
}

/** The CLI's side: asks the running server. Rejects with ENOENT/ECONNREFUSED when none answers. */
export function requestUserAdd(dataDir: string, input: UserAddInput): Promise<UserAddResult> {
  return request<UserAddResult>(dataDir, '/user-add', input);
}

/** import:legacy's side: the running server imports the files the CLI read (legacy/import.ts). */
export function requestImportLegacy(dataDir: string, input: ImportLegacyRequest): Promise<LegacyImportReport> {
  return request<LegacyImportReport>(dataDir, '/import-legacy', input);
}

/** An error the server answered: its message is for the person (a refusal, nothing changed). */
export class LocalAdminRefusal extends Error {}

function request<T>(dataDir: string, route: string, input: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: localAdminSocketPath(dataDir), path: route, method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (raw += c));
        res.on('end', () => {
          try {
            const body = JSON.parse(raw);
            if (res.statusCode === 200) resolve(body as T);
            else if (res.statusCode === 422) reject(new LocalAdminRefusal(body.message));
            else reject(new Error(body.message ?? `HTTP ${res.statusCode}`));
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(input));
  });
}
