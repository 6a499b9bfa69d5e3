/**
 * Issue 40, "tests the suite lacks": a symbolic link inside the data directory — to a folder
 * shared with other users, or to one of their files — is not followed when the server makes the
 * directory private (sync-server/src/private-files.ts, repairDataDirModes at start-up): the
 * link's target keeps its modes, while what the server keeps there really is made private.
 * Pure filesystem, no server: repairDataDirModes is what the start runs.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { repairDataDirModes } from '../../sync-server/src/private-files';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-private-links-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const mode = (p: string) => lstatSync(p).mode & 0o7777;

describe.skipIf(process.platform === 'win32')('symbolic links in the data directory', () => {
  test('the folder and file they point to keep their modes; the server\'s own files become 0700/0600', () => {
    // A folder the office shares (e.g. the backups' destination) and a file in it.
    const shared = path.join(tmp, 'compartilhado');
    mkdirSync(path.join(shared, 'sub'), { recursive: true });
    writeFileSync(path.join(shared, 'planilha.csv'), 'a;b\n');
    writeFileSync(path.join(shared, 'sub', 'notas.txt'), 'x');
    chmodSync(shared, 0o775);
    chmodSync(path.join(shared, 'sub'), 0o755);
    chmodSync(path.join(shared, 'planilha.csv'), 0o664);
    chmodSync(path.join(shared, 'sub', 'notas.txt'), 0o644);

    // The data directory as an older version (or a hand) left it: open to others, with links in it.
    const data = path.join(tmp, 'data');
    mkdirSync(path.join(data, 'pglite', 'base'), { recursive: true });
    writeFileSync(path.join(data, 'pglite', 'base', '1'), 'rows');
    chmodSync(data, 0o755);
    chmodSync(path.join(data, 'pglite'), 0o755);
    chmodSync(path.join(data, 'pglite', 'base'), 0o755);
    chmodSync(path.join(data, 'pglite', 'base', '1'), 0o644);
    symlinkSync(shared, path.join(data, 'pglite', 'compartilhado'));
    symlinkSync(path.join(shared, 'planilha.csv'), path.join(data, 'pglite', 'planilha.csv'));
    // One of the server's own entries is itself a link to the shared folder.
    symlinkSync(shared, path.join(data, 'tls'));

    const changed = repairDataDirModes(data);

    // What the server keeps: private.
    expect(mode(data)).toBe(0o700);
    expect(mode(path.join(data, 'pglite'))).toBe(0o700);
    expect(mode(path.join(data, 'pglite', 'base'))).toBe(0o700);
    expect(mode(path.join(data, 'pglite', 'base', '1'))).toBe(0o600);
    // What the links point to: as the office left it.
    expect(mode(shared)).toBe(0o775);
    expect(mode(path.join(shared, 'sub'))).toBe(0o755);
    expect(mode(path.join(shared, 'planilha.csv'))).toBe(0o664);
    expect(mode(path.join(shared, 'sub', 'notas.txt'))).toBe(0o644);
    // Only the data directory, pglite, base and its file were repaired; the links are still links.
    expect(changed).toBe(4);
    expect(lstatSync(path.join(data, 'tls')).isSymbolicLink()).toBe(true);
    expect(lstatSync(path.join(data, 'pglite', 'compartilhado')).isSymbolicLink()).toBe(true);
  });
});
