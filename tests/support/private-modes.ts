/**
 * Reading file modes for the tests of issue 30 (what the server keeps is private to its user):
 * the whole tree under a directory, symbolic links not followed.
 */
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface ModeEntry {
  path: string;
  mode: number;
  dir: boolean;
  symlink: boolean;
}

/** `root` and everything under it, with the permission bits (mode & 0o7777). */
export function modesUnder(root: string): ModeEntry[] {
  const out: ModeEntry[] = [];
  const visit = (p: string) => {
    const st = lstatSync(p);
    out.push({ path: p, mode: st.mode & 0o7777, dir: st.isDirectory(), symlink: st.isSymbolicLink() });
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return out;
}

/** Every entry that is not private (directories 0700, anything else 0600), as "0644 path". */
export function privateModeOffenders(root: string): string[] {
  return modesUnder(root)
    .filter((e) => !e.symlink && e.mode !== (e.dir ? 0o700 : 0o600))
    .map((e) => `${e.mode.toString(8).padStart(4, '0')} ${e.path}`);
}

/** The start of the one line the server and `npm run restore` say when they repaired modes. */
export const REPAIR_MESSAGE_START = 'Permissões corrigidas em ';
