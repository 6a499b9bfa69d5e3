/**
 * What the server keeps on disk is private to the user that runs it: directories 0700, files 0600.
 * The embedded database's files hold the token-signing secret, password hashes and session ids
 * (reading the WAL was enough to sign an owner's access token), tls/ holds the LAN CA's key, and a
 * backup is all of it in one file.
 *
 * Three layers, because no single one is enough:
 * - the process umask (usePrivateUmask), set first thing by the server and every CLI that writes:
 *   files created with a default mode — PostgreSQL's new relation files and WAL segments, made by
 *   PGlite's NODEFS with fs.writeFileSync(path, '', { mode }) — come out 0600;
 * - explicit modes where we create things (makePrivateDir, mode: 0o600);
 * - a walk that sets the modes (tightenTree), because PGlite also chmods files itself: the
 *   catalog it unpacks on a fresh start or a restore comes out 0666 whatever the umask, and
 *   pg_internal.init is rewritten 0644. The data directory itself is 0700 before any of that is
 *   written, so no other user can reach those files even for that moment.
 * Windows has no such modes (chmod only toggles read-only): everything here is a no-op there.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config';

export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const modesApply = process.platform !== 'win32';

/** chmod, or one line saying why the start stops: something there belongs to another user. */
function setMode(entry: string, mode: number): void {
  try {
    chmodSync(entry, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    throw new ConfigError(
      `FORJA_DATA_DIR: ${entry} pertence a outro usuário e não pode ficar restrito a este; rode o servidor como o dono da pasta de dados (ou corrija com chown -R).`,
    );
  }
}

/** For the server and each CLI that writes, before anything is written. */
export function usePrivateUmask(): void {
  if (modesApply) process.umask(PRIVATE_UMASK);
}

/** mkdir -p with 0700 for every directory it creates (one that exists is left to tightenTree). */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Sets `root` and everything under it to 0700 (directories) / 0600 (anything else), without
 * following symbolic links (they are left as they are, and so is what they point to).
 * Returns how many entries had another mode; a missing root is 0.
 */
export function tightenTree(root: string): number {
  if (!modesApply) return 0;
  let changed = 0;
  const visit = (entry: string) => {
    let st;
    try {
      st = lstatSync(entry);
    } catch (err) {
      // Gone meanwhile (a lock or socket file removed by its owner): nothing to protect.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    if (st.isSymbolicLink()) return;
    const wanted = st.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((st.mode & 0o7777) !== wanted) {
      setMode(entry, wanted);
      changed++;
    }
    if (st.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return changed;
}

/**
 * What the server itself writes directly under FORJA_DATA_DIR. Only these are walked: the
 * data directory may be the service user's home (deploy/: /var/lib/forja), where npm's cache
 * keeps executables that must stay executable.
 */
export const SERVER_ENTRIES = ['pglite', 'pglite.lock', 'tls', 'forja-admin.sock', 'backup-status.json'] as const;

/**
 * The data directory 0700 and what the server keeps in it private (a directory made by an older
 * version, by hand, or restored by other tools). Returns how many entries were repaired; callers
 * say so once when it is not 0. A data directory that does not exist yet is left alone (0).
 */
export function repairDataDirModes(dataDir: string): number {
  if (!modesApply || !existsSync(dataDir)) return 0;
  let changed = 0;
  // statSync: a data directory that is a symbolic link is still the data directory.
  if ((statSync(dataDir).mode & 0o7777) !== PRIVATE_DIR_MODE) {
    setMode(dataDir, PRIVATE_DIR_MODE);
    changed++;
  }
  for (const name of SERVER_ENTRIES) changed += tightenTree(path.join(dataDir, name));
  return changed;
}

/** The one line said when repairDataDirModes changed something. */
export function repairedModesMessage(dataDir: string, count: number): string {
  return `Permissões corrigidas em ${dataDir}: ${count} ${count === 1 ? 'arquivo ou pasta estava acessível' : 'arquivos ou pastas estavam acessíveis'} a outros usuários deste computador; agora só o usuário que roda o servidor pode lê-los.`;
}
