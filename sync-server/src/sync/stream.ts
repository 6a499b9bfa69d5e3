/**
 * Live change events. ONE `LISTEN forja_changes` for the whole server (db.listen), fanned out
 * to every connected device's event stream. The payload is what store.ts notified inside the
 * committed write transaction: {"collection", "seq"}.
 */
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/types';
import { CHANGES_CHANNEL } from '../db/sequence';

export const PING_INTERVAL_MS = 15_000;
/** Tunable for tests only (the server runs in-process there). */
export const streamSettings = { pingIntervalMs: PING_INTERVAL_MS };

export type ChangeListener = (payload: string) => void;

export class ChangeHub {
  private readonly listeners = new Set<ChangeListener>();
  private unlisten: Promise<() => Promise<void>> | null = null;

  constructor(private readonly db: Database) {}

  /** Starts the shared LISTEN on first use; resolves once it is active. */
  async subscribe(listener: ChangeListener): Promise<() => void> {
    if (!this.unlisten) {
      this.unlisten = this.db.listen(CHANGES_CHANNEL, (payload) => {
        for (const l of [...this.listeners]) l(payload);
      });
      this.unlisten.catch(() => {
        this.unlisten = null;
      });
    }
    await this.unlisten;
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    const u = this.unlisten;
    this.unlisten = null;
    if (u) await (await u.catch(() => async () => {}))().catch(() => {});
  }
}

/** One open `text/event-stream` response. */
export class EventStream {
  private closed = false;
  private opened = false;

  constructor(private readonly res: ServerResponse) {}

  open(): void {
    this.opened = true;
    this.res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'close',
      'X-Accel-Buffering': 'no',
    });
    // A first comment flushes the headers so the client's fetch() resolves at once.
    this.write(': connected\n\n');
  }

  write(chunk: string): void {
    if (!this.opened || this.closed || this.res.destroyed || this.res.writableEnded) return;
    this.res.write(chunk);
  }

  /** Forwards a NOTIFY payload as an SSE event, if it is one of ours. */
  sendChange(payload: string): void {
    let event: { collection?: unknown; seq?: unknown };
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof event.collection !== 'string' || typeof event.seq !== 'number') return;
    this.write(`data: ${JSON.stringify({ collection: event.collection, seq: event.seq })}\n\n`);
  }

  ping(): void {
    this.write(': ping\n\n');
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.res.writableEnded) this.res.end();
  }
}
