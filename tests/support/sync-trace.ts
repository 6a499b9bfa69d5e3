/**
 * A trace of what one test device's sync did: its pushes and pulls (the documents' short ids
 * and versions), the change-stream events it received, what RxDB received and sent, and going
 * on/offline — one line each. The soak and the replication tests print the lines about the
 * document a failed check names: those races do not show in the steps alone.
 */
import type { Observable } from 'rxjs';

/** A document in one word: short id, † when deleted, the seconds of its updated_at (its version). */
export function brief(d: Record<string, unknown>): string {
  return `${String(d.id).slice(0, 8)}${d._deleted ? '†' : ''}@${String(d.updated_at ?? '').slice(17, 23)}`;
}

/** A push or pull request in a few words: the collection, the checkpoint or the rows sent. */
function what(url: string, init?: RequestInit): string {
  const u = new URL(url);
  const name = u.pathname.split('/').filter(Boolean).at(-2) ?? '';
  if (u.pathname.endsWith('/pull')) {
    const cp = u.searchParams.get('checkpoint');
    return `pull ${name} from seq ${cp ? String((JSON.parse(cp) as { seq?: unknown }).seq) : '-'}`;
  }
  let rows = '';
  try {
    rows = (JSON.parse(String(init?.body)) as { assumedMasterState: Record<string, unknown> | null; newDocumentState: Record<string, unknown> }[])
      .map((r) => `${brief(r.newDocumentState)}${r.assumedMasterState ? ` on ${brief(r.assumedMasterState)}` : ' on nothing'}`)
      .join(' ');
  } catch {
    rows = '?';
  }
  return `push ${name} [${rows}]`;
}

export class SyncTrace {
  lines: string[] = [];
  private start = performance.now();

  constructor(private readonly label: string) {}

  /** Starts a new trace (a new run). */
  reset(): void {
    this.lines = [];
    this.start = performance.now();
  }

  note(line: string): void {
    this.lines.push(`${String(Math.round(performance.now() - this.start)).padStart(5)}ms ${this.label} ${line}`);
    if (this.lines.length > 2_000) this.lines.shift();
  }

  /** Follows what RxDB's replications receive and send. */
  follow(replications: ReadonlyMap<string, { received$: Observable<unknown>; sent$: Observable<unknown> }>): void {
    for (const [name, r] of replications) {
      r.received$.subscribe((d: unknown) => this.note(`rxdb received ${name} ${brief(d as Record<string, unknown>)}`));
      r.sent$.subscribe((d: unknown) => this.note(`rxdb sent ${name} ${brief(d as Record<string, unknown>)}`));
    }
  }

  /**
   * Follows what the sync engine hands RxDB's downstream (its private `streams`: diagnostics
   * only): change events with their documents, and RESYNC (a pull asked for).
   */
  followEngine(engine: object): void {
    const streams = (engine as { streams?: Map<string, { next: (v: unknown) => void }> }).streams;
    if (!streams) return;
    for (const [name, subject] of streams) {
      const next = subject.next.bind(subject);
      subject.next = (v: unknown) => {
        if (v === 'RESYNC') this.note(`to rxdb ${name} RESYNC`);
        else {
          const item = v as { documents?: Record<string, unknown>[]; checkpoint?: { seq?: unknown } };
          this.note(`to rxdb ${name} event [${(item.documents ?? []).map(brief).join(' ')}] → seq ${String(item.checkpoint?.seq)}`);
        }
        next(v);
      };
    }
  }

  /** Wraps a fetch: pushes, pulls and the change stream's events are noted. */
  fetch(inner: (url: string, init?: RequestInit) => Promise<Response>): (url: string, init?: RequestInit) => Promise<Response> {
    return async (url, init) => {
      const sync = /\/(push|pull)(\?|$)/.test(url);
      if (url.includes('/pull')) this.note(`${what(url, init)} sent`);
      const res = await inner(url, init).catch((e: Error) => {
        if (sync) this.note(`${what(url, init)} failed: ${e.message}`);
        throw e;
      });
      if (sync) {
        void res.clone().text().then((text) => {
          let body = '';
          try {
            const json = JSON.parse(text) as Record<string, unknown>[] | { documents?: Record<string, unknown>[]; checkpoint?: { seq?: unknown } };
            if (Array.isArray(json)) body = `masters [${json.map(brief).join(' ')}]`;
            else body = `docs [${(json.documents ?? []).map(brief).join(' ')}] → seq ${String(json.checkpoint?.seq)}`;
          } catch {
            body = text.slice(0, 80);
          }
          this.note(`${what(url, init)} answered ${res.status} ${body}`);
        }, () => undefined);
      } else if (url.includes('/api/sync/stream') && res.body) {
        this.note('stream connected');
        const [mine, traced] = res.body.tee();
        void this.stream(traced);
        return new Response(mine, { status: res.status, statusText: res.statusText, headers: res.headers });
      }
      return res;
    };
  }

  /** The lines about one document (by its short id), with the connection changes around them. */
  of(shortId: string): string[] {
    return this.lines.filter((l) => l.includes(shortId) || / (online|offline|stream (connected|ended)|RESYNC)$/.test(l) || / pull customers .* sent$/.test(l));
  }

  private async stream(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.startsWith('data:')) continue;
          try {
            const ev = JSON.parse(line.slice(5)) as { collection?: string; seq?: number; prev?: number; documents?: Record<string, unknown>[] };
            if (ev.collection) this.note(`event ${ev.collection} seq ${ev.prev ?? '?'}→${ev.seq} [${(ev.documents ?? []).map(brief).join(' ')}]`);
          } catch {
            /* not an event */
          }
        }
      }
    } catch {
      /* the stream ended */
    }
    this.note('stream ended');
  }
}

/** Several devices' lines about one document, by time (each trace counts from its own reset). */
export function traceOf(traces: SyncTrace[], shortId: string, max = 120): string[] {
  return traces
    .flatMap((t) => t.of(shortId))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
    .slice(-max);
}
