/** Small number helpers for the bench report. */

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const fmt = {
  int: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—'),
  ms: (n: number) => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms` : '—'),
  s: (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—'),
  rate: (docs: number, ms: number) => (ms > 0 ? `${fmt.int((docs * 1000) / ms)} docs/s` : '—'),
  mb: (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`,
};

/** A plain-text table: the first row is the header. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) => r.map((cell, c) => (cell ?? '').padEnd(widths[c])).join(' | ');
  const sep = widths.map((w) => '-'.repeat(w)).join('-|-');
  return [line(rows[0]), sep, ...rows.slice(1).map(line)].join('\n');
}

/** Rejects after ms with a message naming the phase, so one stuck phase cannot hang the bench. */
export async function withTimeout<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // After a timeout the work may still fail (cleanup closes its page): never an unhandled rejection.
  work.catch(() => {});
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result after ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}
