/**
 * A Chrome CPU profile (DevTools protocol) of one phase, summarised by where the main thread's
 * time went: per module group (the bench page is built unminified, and the bundle keeps a
 * `// node_modules/…` comment before each module, so a sampled line maps back to its module)
 * and per function. "(idle)" is the main thread waiting — for the network or for IndexedDB.
 */
import type { Page } from 'playwright-core';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

export interface CpuSummary {
  totalMs: number;
  groups: { name: string; ms: number }[];
  functions: { name: string; ms: number }[];
}

export async function profileCpu<T>(page: Page, work: () => Promise<T>): Promise<{ result: T; summary: CpuSummary }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  let profile: Profile | null = null;
  try {
    const result = await work();
    profile = ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile;
    if (process.env.BENCH_PROFILE_OUT) (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
    return { result, summary: await summarise(profile) };
  } finally {
    if (!profile) await cdp.send('Profiler.stop').catch(() => {});
    await cdp.detach().catch(() => {});
  }
}

/** Per bundle URL: sorted [line, module path] from the `// path` comments the bundler leaves. */
async function moduleMap(url: string): Promise<[number, string][]> {
  const text = await fetch(url).then((r) => (r.ok ? r.text() : ''), () => '');
  const out: [number, string][] = [];
  text.split('\n').forEach((line, i) => {
    const m = /^\/\/ (\S+\.(?:js|mjs|ts|tsx|cjs))$/.exec(line);
    if (m) out.push([i, m[1]]);
  });
  return out;
}

function groupOf(path: string): string {
  const nm = /node_modules\/(@[^/]+\/[^/]+|[^/]+)\/(.*)$/.exec(path);
  if (!nm) return path.replace(/\/[^/]+$/, '/');
  const [, pkg, rest] = nm;
  if (pkg === 'rxdb') {
    const sub = /dist\/esm\/(plugins\/[^/]+|[^/]+\/)?/.exec(rest)?.[1] ?? '';
    return `rxdb ${sub.replace(/\/$/, '') || 'core'}`;
  }
  return pkg;
}

async function summarise(profile: Profile): Promise<CpuSummary> {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (deltas[i] ?? 0) / 1000);

  const maps = new Map<string, [number, string][]>();
  for (const n of profile.nodes) {
    const url = n.callFrame.url;
    if (url.includes('/assets/') && !maps.has(url)) maps.set(url, await moduleMap(url));
  }
  const moduleAt = (url: string, line: number): string | null => {
    const m = maps.get(url);
    if (!m || m.length === 0) return null;
    let lo = 0;
    let hi = m.length - 1;
    let found: string | null = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (m[mid][0] <= line) {
        found = m[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };

  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let totalMs = 0;
  for (const n of profile.nodes) {
    const ms = self.get(n.id) ?? 0;
    if (ms === 0) continue;
    totalMs += ms;
    const { functionName, url, lineNumber } = n.callFrame;
    const mod = url ? moduleAt(url, lineNumber) : null;
    let group: string;
    if (mod) group = groupOf(mod);
    else if (/^\(/.test(functionName)) group = functionName; // (idle) (program) (garbage collector)
    else group = url ? 'other script' : `native ${functionName || '(anonymous)'}`;
    groups.set(group, (groups.get(group) ?? 0) + ms);
    const fname = `${functionName || '(anonymous)'}${mod ? ` — ${mod.replace(/^.*node_modules\//, '').replace(/dist\/esm\//, '')}` : ''}`;
    functions.set(fname, (functions.get(fname) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, ms]) => ({ name, ms }));
  return { totalMs, groups: top(groups, 14), functions: top(functions, 15) };
}
