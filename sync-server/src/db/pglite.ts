/**
 * Embedded PostgreSQL (PGlite, WASM) persisted on disk. PGlite runs every query and
 * transaction under one mutex, so concurrent transactions are serialised for us.
 * Caveat: calling `db.query` (not `tx.query`) inside a `db.transaction` callback deadlocks.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, QueryResult, Queryable } from './types';
import { TYPE_PARSERS } from './types-parsers';
import { CommitSignal } from './committed';
import { DataDirInUseError } from './errors';
import { PRIVATE_FILE_MODE, makePrivateDir, tightenTree } from '../private-files';


function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite's files must never be opened by two processes at once (it would corrupt them):
 * a lock file with the owner's pid guards the directory; a stale one (dead pid) is replaced.
 */
function acquireLock(dir: string): () => void {
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  const token = `${process.pid}:${Math.random().toString(36).slice(2)}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, token, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return () => {
        try {
          if (readFileSync(lockFile, 'utf8') === token) rmSync(lockFile, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8').split(':')[0]);
      if (pid && pid !== process.pid && pidAlive(pid)) {
        throw new DataDirInUseError(
          `O banco embutido em ${dir} está em uso pelo processo ${pid} (servidor em execução?). Pare-o antes e tente de novo.`,
        );
      }
      if (pid === process.pid) {
        throw new DataDirInUseError(`O banco embutido em ${dir} já está aberto neste processo.`);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Não foi possível travar ${dir}.`);
}

export async function createPgliteDatabase(dir: string): Promise<Database> {
  makePrivateDir(dir);
  const release = acquireLock(dir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir, { parsers: TYPE_PARSERS });
  } catch (err) {
    release();
    throw err;
  }
  try {
    // PGlite chmods the catalog it unpacks (0666) and its relcache file (0644) itself: see private-files.ts.
    tightenTree(dir);
  } catch (err) {
    await pg.close().catch(() => {});
    release();
    throw err;
  }

  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const res = await q.query<R>(sql, params as unknown[] | undefined);
      // SELECTs report affectedRows 0; pg's rowCount counts returned rows there.
      return { rows: res.rows, rowCount: res.rows.length || res.affectedRows || 0 };
    },
  });
  const root = wrap(pg);
  const committed = new CommitSignal();
  let closed = false;

  return {
    kind: 'pglite',
    query: root.query,
    transaction: (fn) => committed.track((track) => pg.transaction((tx) => fn(track(wrap(tx as unknown as { query: PGlite['query'] }))))),
    onCommitted: (listener) => committed.subscribe(listener),
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return async () => {
        if (!closed) await unlisten();
      };
    },
    async copyFiles(dest, inspect) {
      // pg.transaction holds PGlite's transaction mutex, which every query of this process takes
      // (pg.query too): nothing writes until it returns. CHECKPOINT first, so the copy needs
      // little WAL replay when opened; it opens as after a crash (PGlite recovers such copies).
      return pg.transaction(async (tx) => {
        const q = wrap(tx as unknown as { query: PGlite['query'] });
        await q.query('CHECKPOINT');
        const inspected = await inspect(q);
        cpSync(dir, dest, { recursive: true });
        return inspected;
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pg.close();
        tightenTree(dir);
      } finally {
        release();
      }
    },
  };
}

/**
 * A complete copy of an embedded database (every table, sequences, users and sessions) as a
 * gzipped tarball of its data directory. Takes the directory's lock: the server must be stopped.
 */
export async function dumpPgliteDir(dir: string): Promise<Uint8Array> {
  const release = acquireLock(dir);
  try {
    const pg = await PGlite.create(dir);
    try {
      const blob = await pg.dumpDataDir('gzip');
      return new Uint8Array(await blob.arrayBuffer());
    } finally {
      await pg.close();
      tightenTree(dir);
    }
  } finally {
    release();
  }
}

/**
 * Creates an embedded database in `dir` (which must not hold one) from a dumpPgliteDir copy.
 * PGlite unpacks the copy with the modes it recorded (0666): they are set private afterwards.
 */
export async function restorePgliteDir(dir: string, dump: Uint8Array): Promise<void> {
  makePrivateDir(dir);
  const release = acquireLock(dir);
  try {
    const pg = await PGlite.create(dir, { loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>]) });
    try {
      await pg.query('SELECT 1');
    } finally {
      await pg.close();
      tightenTree(dir);
    }
  } finally {
    release();
  }
}
