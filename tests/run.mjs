#!/usr/bin/env node
/**
 * `npm test`: build the web app first (the e2e project drives the built `dist/` — and the server's
 * renderer of the quotation page, `dist-ssr/` — through the real server, so it must test the
 * current code), then run every vitest project
 * (unit, server, replication, e2e). Extra arguments go to vitest, e.g.
 *   npm test -- --project e2e tests/e2e/landing.test.ts
 * Exits with vitest's exit code. Set FORJA_SKIP_BUILD=1 to reuse an existing build: it is then
 * checked against the sources (scripts/build-stamp.mjs) and the e2e tests refuse a stale one.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { staleBuildReason } from '../scripts/build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(cmd, args) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.error) throw r.error;
  return { code: r.status ?? (r.signal ? 1 : 0), seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

if (process.env.FORJA_SKIP_BUILD !== '1') {
  for (const args of [[], ['--ssr', 'src/ssr/entry-server.tsx', '--outDir', 'dist-ssr']]) {
    const what = ['vite build', ...args].join(' ');
    console.log(`▶ ${what}`);
    const build = run(bin('vite'), ['build', ...args, '--logLevel', 'warn']);
    if (build.code !== 0) {
      console.error(`✖ ${what} failed (exit ${build.code}); not running the tests.`);
      process.exit(build.code);
    }
    console.log(`✔ ${what} (${build.seconds}s)`);
  }
}

if (process.env.FORJA_SKIP_BUILD === '1') {
  const stale = staleBuildReason(root, [path.join(root, 'dist'), path.join(root, 'dist-ssr')]);
  console.log(
    stale
      ? `⚠ FORJA_SKIP_BUILD=1 and the build is stale (${stale}): the e2e tests will refuse to run on it.`
      : '✔ FORJA_SKIP_BUILD=1: reusing dist/ and dist-ssr/, built from the current sources.',
  );
}

const extra = process.argv.slice(2);
console.log(`▶ vitest run ${extra.join(' ')}`.trimEnd());
const tests = run(bin('vitest'), ['run', ...extra]);
console.log(`vitest exited with ${tests.code} after ${tests.seconds}s`);
process.exit(tests.code);
