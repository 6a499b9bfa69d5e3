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
   * Follows the sync engine through its private parts (diagnostics only): the change-stream
   * events it is told of as its stream reader parsed them, the stream connecting and dropping,
   * and what it hands RxDB's downstream — events with their documents, and RESYNC (a pull asked for).
   */
  followEngine(engine: object): void {
    const e = engine as {
      streams?: Map<string, { next: (v: unknown) => void }>;
      onStreamEvent?: (name: string, ev: { seq?: number; prev?: number; documents?: Record<string, unknown>[] }) => void;
      stream?: { cb?: { onConnect: () => void; onDisconnect: (err: unknown) => void } };
    };
    const onEvent = e.onStreamEvent?.bind(engine);
    if (onEvent) {
      e.onStreamEvent = (name, ev) => {
        this.note(`event ${name} seq ${ev.prev ?? '?'}→${String(ev.seq)} [${(ev.documents ?? []).map(brief).join(' ')}]`);
        onEvent(name, ev);
      };
    }
    const cb = e.stream?.cb;
    if (cb) {
      const { onConnect, onDisconnect } = cb;
      cb.onConnect = () => {
        this.note('stream connected');
        onConnect();
      };
      cb.onDisconnect = (err) => {
        this.note('stream ended');
        onDisconnect(err);
      };
    }
    const streams = e.streams;
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

  /** Wraps a fetch: pushes and pulls are noted, with the documents they carried. */
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
      }
      return res;
    };
  }

  /**
   * The lines about one document (by its short id), with the connection changes around them and
   * the pulls sent of its collection (their answers name it when they carry it).
   */
  of(shortId: string): string[] {
    const collections = new Set<string>();
    for (const l of this.lines) {
      if (!l.includes(shortId)) continue;
      const c = /(?:push|pull|event|rxdb \w+|to rxdb) (customers|stock_items|stock_movements)\b/.exec(l)?.[1];
      if (c) collections.add(c);
    }
    return this.lines.filter((l) => {
      if (l.includes(shortId) || / (online|offline|stream (connected|ended))$/.test(l)) return true;
      const m = / (?:pull (\w+) .* sent|to rxdb (\w+) RESYNC)$/.exec(l);
      return Boolean(m && collections.has(m[1] ?? m[2]));
    });
  }
}

/** Several devices' lines about one document, by time (each trace counts from its own reset). */
export function traceOf(traces: SyncTrace[], shortId: string, max = 120): string[] {
  return traces
    .flatMap((t) => t.of(shortId))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
    .slice(-max);
}
