/**
 * Lightweight instrumentation installed before the app's code runs, to split an initial pull
 * into wall-clock shares without changing the app:
 * - pull requests in flight (fetch of /api/sync/…/pull until its body has been read),
 * - IndexedDB read-write transactions open (created → complete/abort/error),
 * - the rest is JavaScript on the main thread between them (RxDB replication, validation,
 *   change events, the app's status bookkeeping).
 * Intervals overlap (8 collections replicate at once), so shares are unions of intervals.
 */
type Interval = [number, number];

const now = () => performance.now();
const pulls: Interval[] = [];
const idbWrites: Interval[] = [];
let recording = false;
let pullRequests = 0;
let pullBytes = 0;
let idbTransactions = 0;

/**
 * Live-path trace: when on, every push/pull request (start, end) and every stream event's
 * arrival, on the shared clock (timeOrigin + now), so Node can line up A's and B's events.
 */
export type TraceKind = 'push-start' | 'push-end' | 'pull-start' | 'pull-end' | 'stream-event';
export type TraceEntry = { kind: TraceKind; t: number; status?: number; serverMs?: number };
const trace: TraceEntry[] = [];
let tracing = false;
const epoch = () => performance.timeOrigin + performance.now();

export function setTracing(on: boolean): void {
  tracing = on;
}
export function takeTrace(): TraceEntry[] {
  return trace.splice(0, trace.length);
}

async function traced(kind: 'push' | 'pull', run: () => Promise<Response>): Promise<Response> {
  trace.push({ kind: `${kind}-start`, t: epoch() });
  let res: Response;
  try {
    res = await run();
  } catch (e) {
    trace.push({ kind: `${kind}-end`, t: epoch(), status: 0 });
    throw e;
  }
  const text = await res.text();
  // The server's own time on it (routes.ts sends it for pushes).
  const server = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  trace.push({ kind: `${kind}-end`, t: epoch(), status: res.status, ...(server ? { serverMs: Number(server[1]) } : {}) });
  return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** The stream's body passed through untouched, noting when each chunk carrying an event arrives. */
function tracedStream(res: Response): Response {
  if (!res.body) return res;
  const mark = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (tracing && new TextDecoder().decode(chunk).includes('data:')) trace.push({ kind: 'stream-event', t: epoch() });
      controller.enqueue(chunk);
    },
  });
  return new Response(res.body.pipeThrough(mark), { status: res.status, statusText: res.statusText, headers: res.headers });
}

export function installInstrumentation(): void {
  const origFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/sync/stream')) return tracedStream(await origFetch(input, init));
    if (tracing && /\/api\/sync\/[^/]+\/push/.test(url)) return traced('push', () => origFetch(input, init));
    if (tracing && /\/api\/sync\/[^/]+\/pull/.test(url)) return traced('pull', () => origFetch(input, init));
    if (!recording || !/\/api\/sync\/[^/]+\/pull/.test(url)) return origFetch(input, init);
    const t0 = now();
    const res = await origFetch(input, init);
    // Read the body here so its download counts as network time, then hand back a copy.
    const text = await res.text();
    pulls.push([t0, now()]);
    pullRequests++;
    pullBytes += text.length;
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  const origTx = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const tx = origTx.apply(this, args);
    if (recording && args[1] === 'readwrite') {
      const t0 = now();
      idbTransactions++;
      const done = () => idbWrites.push([t0, now()]);
      tx.addEventListener('complete', done);
      tx.addEventListener('abort', done);
      tx.addEventListener('error', done);
    }
    return tx;
  } as IDBDatabase['transaction'];
}

export function startRecording(): void {
  pulls.length = 0;
  idbWrites.length = 0;
  pullRequests = 0;
  pullBytes = 0;
  idbTransactions = 0;
  recording = true;
}

export interface PullBreakdown {
  pullRequests: number;
  pullBytes: number;
  /** Wall-clock ms with at least one pull request in flight. */
  networkMs: number;
  /** Wall-clock ms with at least one IndexedDB read-write transaction open. */
  idbMs: number;
  /** Wall-clock ms with either. */
  eitherMs: number;
  idbTransactions: number;
}

export function stopRecording(): PullBreakdown {
  recording = false;
  return {
    pullRequests,
    pullBytes,
    networkMs: unionLength(pulls),
    idbMs: unionLength(idbWrites),
    eitherMs: unionLength([...pulls, ...idbWrites]),
    idbTransactions,
  };
}

function unionLength(intervals: Interval[]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let cur: Interval | null = null;
  for (const [s, e] of sorted) {
    if (!cur || s > cur[1]) {
      if (cur) total += cur[1] - cur[0];
      cur = [s, e];
    } else if (e > cur[1]) cur[1] = e;
  }
  if (cur) total += cur[1] - cur[0];
  return total;
}
