/** Issue 16 point 6: a build knows the sources it was made from; npm start rebuilds when they changed. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { readStamp, sourceHash, staleBuildReason, writeStamp } from '../../scripts/build-stamp.mjs';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'forja-stamp-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', 'main.tsx'), 'export {}');
  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  mkdirSync(path.join(root, 'dist'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('a fresh build is current; a changed source or lockfile makes it stale; no stamp is stale', () => {
  const dist = path.join(root, 'dist');
  expect(staleBuildReason(root, [dist])).toMatch(/não tem build/);
  writeStamp(dist, root);
  expect(readStamp(dist)?.sources).toBe(sourceHash(root));
  expect(staleBuildReason(root, [dist])).toBeNull();

  writeFileSync(path.join(root, 'src', 'main.tsx'), 'export const changed = 1');
  expect(staleBuildReason(root, [dist])).toMatch(/outro código-fonte/);
  writeStamp(dist, root);
  expect(staleBuildReason(root, [dist])).toBeNull();

  writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
  expect(staleBuildReason(root, [dist])).toMatch(/outro código-fonte/);
  writeStamp(dist, root);
  writeFileSync(path.join(root, 'src', 'new-file.ts'), '');
  expect(staleBuildReason(root, [dist])).not.toBeNull();
});
