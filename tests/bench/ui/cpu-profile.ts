/**
 * Where a cold open's main-thread time goes, from Chromium's sampling profiler (CDP Profiler):
 * self time summed by function (name, script, line) and by script. Used by the cold-open bench
 * with BENCH_UI_PROFILE=1; readable names need a build without minification
 * (`npx vite build --minify false --outDir <dir>`, served with FORJA_BENCH_WEB_DIR=<dir>).
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
}

/** Stops the profiler; answers the summary's lines (self time of samples up to `untilMs` after start). */
export async function stopProfile(cdp: CDPSession, top = 30, saveTo?: string): Promise<string[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  // The whole profile, for DevTools (Performance → load profile) or a script: BENCH_UI_PROFILE_DIR.
  if (saveTo) writeFileSync(saveTo, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFn = new Map<string, number>();
  const byUrl = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const file = f.url ? f.url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '') : `(${f.functionName || 'native'})`;
    const key = `${f.functionName || '(anonymous)'}  ${file}:${f.lineNumber + 1}`;
    byFn.set(key, (byFn.get(key) ?? 0) + ms);
    byUrl.set(file, (byUrl.get(file) ?? 0) + ms);
    total += ms;
  }
  // Inclusive: each sample counts once for every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (n: ProfileNode) => {
    const f = n.callFrame;
    const file = f.url ? f.url.replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '') : `(${f.functionName || 'native'})`;
    return `${f.functionName || '(anonymous)'}  ${file}:${f.lineNumber + 1}`;
  };
  const incl = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (!node.callFrame.url) continue;
      const k = keyOf(node);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + ms);
    }
  });
  const lines = [`  sampled ${Math.round(total)} ms; by script:`];
  for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12)) lines.push(`    ${v.toFixed(0).padStart(6)} ms  ${k}`);
  lines.push('  by function (self time):');
  for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`    ${v.toFixed(0).padStart(6)} ms  ${k}`);
  lines.push('  by function (inclusive, app code and libraries):');
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top * 2)) lines.push(`    ${v.toFixed(0).padStart(6)} ms  ${k}`);
  return lines;
}
