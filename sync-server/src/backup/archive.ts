/**
 * A directory as one gzipped buffer and back: the embedded database's files, copied while the
 * server's writers wait (db/pglite.ts copyFiles). Our own tiny layout rather than PGlite's
 * dumpDataDir, which took ~9 s for a fresh 40 MB cluster — writers would wait that long.
 * Layout (before gzip): per entry a uint32 path length, the path (utf-8, '/'-separated, relative),
 * a uint8 kind (0 file, 1 directory), and for a file a float64 size and its bytes.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { mkdirSync, readFileSync, readdirSync, lstatSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';

export class ArchiveError extends Error {}

export function packDir(root: string): Buffer {
  const parts: Buffer[] = [];
  const visit = (rel: string) => {
    const abs = path.join(root, rel);
    for (const name of readdirSync(abs).sort()) {
      const childRel = rel ? `${rel}/${name}` : name;
      const st = lstatSync(path.join(abs, name));
      const p = Buffer.from(childRel, 'utf8');
      const head = Buffer.alloc(4);
      head.writeUInt32BE(p.length);
      if (st.isDirectory()) {
        parts.push(head, p, Buffer.from([1]));
        visit(childRel);
      } else if (st.isFile()) {
        const bytes = readFileSync(path.join(abs, name));
        const size = Buffer.alloc(8);
        size.writeDoubleBE(bytes.length);
        parts.push(head, p, Buffer.from([0]), size, bytes);
      }
    }
  };
  visit('');
  return gzipSync(Buffer.concat(parts), { level: 6 });
}

/** Writes the archive's entries under `dest` (which should be empty), files 0600, folders 0700. */
export function unpackDir(archive: Uint8Array, dest: string): number {
  let raw: Buffer;
  try {
    raw = gunzipSync(archive);
  } catch {
    throw new ArchiveError('o conteúdo do banco está corrompido (gzip ilegível)');
  }
  mkdirSync(dest, { recursive: true, mode: PRIVATE_DIR_MODE });
  let at = 0;
  let files = 0;
  const need = (n: number) => {
    if (at + n > raw.length) throw new ArchiveError('o conteúdo do banco está incompleto');
  };
  while (at < raw.length) {
    need(4);
    const len = raw.readUInt32BE(at);
    at += 4;
    need(len + 1);
    const rel = raw.subarray(at, at + len).toString('utf8');
    at += len;
    const kind = raw[at++];
    // Nothing may land outside dest (a hostile or damaged file).
    if (rel.split('/').some((s) => s === '..' || s === '') || path.isAbsolute(rel)) throw new ArchiveError('caminho inválido no conteúdo do banco');
    const target = path.join(dest, ...rel.split('/'));
    if (kind === 1) {
      mkdirSync(target, { recursive: true, mode: PRIVATE_DIR_MODE });
    } else if (kind === 0) {
      need(8);
      const size = raw.readDoubleBE(at);
      at += 8;
      need(size);
      writeFileSync(target, raw.subarray(at, at + size), { mode: PRIVATE_FILE_MODE });
      at += size;
      files++;
    } else {
      throw new ArchiveError('o conteúdo do banco está corrompido');
    }
  }
  return files;
}
