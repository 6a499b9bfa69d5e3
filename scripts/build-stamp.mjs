/**
 * A build's stamp: one hash of everything a `vite build` is made from (the app's sources, the
 * shared schemas, static files, the build config and the exact packages), written into the build's
 * folder when it is made. `npm start` rebuilds when the stamp no longer matches (after `git pull
 * && npm install` the new version is served, not the old build); `npm test`'s e2e checks it too.
 * Plain JavaScript: the server start (tsx), the vite config and tests/run.mjs all load it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = '.forja-build.json';

/** What a build is made from, relative to the project root: folders are walked, files read. */
const INPUTS = ['src', 'schemas', 'public', 'index.html', 'public.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

function walk(root, rel, out) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return;
  if (statSync(abs).isDirectory()) {
    for (const name of readdirSync(abs).sort()) walk(root, path.posix.join(rel, name), out);
  } else {
    out.push(rel);
  }
}

/** SHA-256 over every input file's path and content, in a fixed order. */
export function sourceHash(root) {
  const files = [];
  for (const input of INPUTS) walk(root, input, files);
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(rel);
    hash.update('\0');
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function writeStamp(outDir, root) {
  writeFileSync(path.join(outDir, STAMP_FILE), JSON.stringify({ sources: sourceHash(root), builtAt: new Date().toISOString() }) + '\n');
}

/** The stamp of the build in outDir, or null when there is none (an old build, or none at all). */
export function readStamp(outDir) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), 'utf8'));
    return typeof stamp?.sources === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

/** Why the builds in these folders cannot be used as they are, or null when they are current. */
export function staleBuildReason(root, outDirs) {
  const current = sourceHash(root);
  for (const dir of outDirs) {
    const stamp = readStamp(dir);
    if (!stamp) return `${dir} não tem build (ou é de uma versão sem carimbo)`;
    if (stamp.sources !== current) return `${dir} foi gerada com outro código-fonte (${stamp.builtAt})`;
  }
  return null;
}
