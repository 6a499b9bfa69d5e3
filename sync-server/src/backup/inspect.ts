/**
 * What a backup holds, counted on the database being copied (in the same snapshot as the copy)
 * and again on the restored one: every table of the public schema with its rows, and the photos'
 * bytes (count, total size and a digest of them all — they live in work_order_photo_files).
 */
import type { Queryable } from '../db/types';
import type { BackupManifest } from './file-format';

export type Inspection = Pick<BackupManifest, 'tables' | 'photos'>;

export async function inspectDatabase(q: Queryable): Promise<Inspection> {
  const { rows } = await q.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  const tables: Record<string, number> = {};
  for (const { tablename } of rows) {
    const r = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${tablename.replace(/"/g, '""')}"`);
    tables[tablename] = Number(r.rows[0].n);
  }
  let photos = { count: 0, bytes: 0, digest: '' };
  if ('work_order_photo_files' in tables) {
    const r = await q.query<{ n: number; bytes: string; digest: string | null }>(
      `SELECT count(*)::int AS n, coalesce(sum(octet_length(bytes)), 0)::text AS bytes,
              md5(string_agg(md5(bytes), '' ORDER BY id)) AS digest
         FROM work_order_photo_files`,
    );
    photos = { count: Number(r.rows[0].n), bytes: Number(r.rows[0].bytes), digest: r.rows[0].digest ?? '' };
  }
  return { tables, photos };
}

/** What differs between what was copied and what the restored copy holds, in pt-BR; [] when equal. */
export function compareInspections(expected: Inspection, found: Inspection): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(expected.tables)) {
    const got = found.tables[table];
    if (got === undefined) problems.push(`a tabela ${table} não existe na cópia restaurada`);
    else if (got !== n) problems.push(`a tabela ${table} tem ${got} linhas na cópia restaurada, e não ${n}`);
  }
  const p = expected.photos;
  const g = found.photos;
  if (p.count !== g.count || p.bytes !== g.bytes || p.digest !== g.digest) {
    problems.push(`as fotos não conferem: ${g.count} fotos (${g.bytes} bytes) na cópia restaurada, e não ${p.count} (${p.bytes} bytes)`);
  }
  return problems;
}
