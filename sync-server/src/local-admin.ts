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

export function localAdminSocketPath(dataDir: string): string {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\forja-admin-${id}`;
  const inData = path.join(dataDir, 'forja-admin.sock');
  // Unix socket paths are limited to ~107 bytes; a deep data dir uses the temp dir instead.
  return Buffer.byteLength(inData) < 100 ? inData : path.join(os.tmpdir(), `forja-admin-${id}.sock`);
}

const MAX_BODY = 4096;

export async function startLocalAdmin(db: Database, dataDir: string): Promise<() => Promise<void>> {
  const socketPath = localAdminSocketPath(dataDir);
  // A socket file left by a server that was killed: nobody answers on it (this process holds ./data).
  if (process.platform !== 'win32' && existsSync(socketPath)) unlinkSync(socketPath);
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/user-add') return send(404, { message: 'Não encontrado.' });
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
      if (raw.length > MAX_BODY) req.destroy();
    });
    req.on('end', () => {
      let input: UserAddInput;
      try {
        const body = JSON.parse(raw) as Partial<UserAddInput>;
        if (typeof body.email !== 'string') throw new Error('email');
        input = { email: body.email, owner: body.owner === true, name: typeof body.name === 'string' ? body.name : undefined };
      } catch {
        return send(400, { message: 'Pedido inválido.' });
      }
      addOrRescueUser(db, input)
        .then((result: UserAddResult) => {
          announceRevokedSessions(result.endedSessions);
          send(200, result);
        })
        .catch((err: unknown) => send(500, { message: err instanceof Error ? err.message : String(err) }));
    });
  });
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

/** The CLI's side: asks the running server. Rejects with ENOENT/ECONNREFUSED when none answers. */
export function requestUserAdd(dataDir: string, input: UserAddInput): Promise<UserAddResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: localAdminSocketPath(dataDir), path: '/user-add', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let raw = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (raw += c));
        res.on('end', () => {
          try {
            const body = JSON.parse(raw);
            if (res.statusCode === 200) resolve(body as UserAddResult);
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
