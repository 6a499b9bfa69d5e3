/**
 * Live change events. ONE `LISTEN forja_changes` for the whole server (db.listen), fanned out
 * to every connected device's event stream. The payload is what store.ts notified inside the
 * committed write transaction: {"collection", "seq"}.
 *
 * Events also carry the changed documents, so a device stores them without a pull round trip:
 * the hub remembers the last sequence it announced per collection (`prev`) and reads the rows
 * in (prev, seq] once for all devices. Writers hold one lock until commit, so a collection's
 * sequence numbers commit — and are notified — in order; a device whose checkpoint is exactly
 * `prev` has missed nothing and may take the documents as they are, any other pulls as before.
 * The first event of a collection after the hub starts has no `prev` (nothing announced yet).
 * A notification that brings its rows (one written by a single statement, store.ts) needs no read.
 */
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/types';
import { CHANGES_CHANNEL } from '../db/sequence';
import { rowSeq, rowToDoc, selectList } from '../collections/convert';
import { TABLES, type SyncedCollection } from '../collections/tables';

/** At most this many documents ride on one event; a larger change is pulled. */
export const EVENT_MAX_DOCUMENTS = 50;

export const PING_INTERVAL_MS = 15_000;
/** Tunable for tests only (the server runs in-process there). */
export const streamSettings = { pingIntervalMs: PING_INTERVAL_MS };

export type ChangeListener = (payload: string) => void;

export class ChangeHub {
  private readonly listeners = new Set<ChangeListener>();
  private unlisten: Promise<() => Promise<void>> | null = null;

  constructor(private readonly db: Database) {}

  /** Starts the shared LISTEN on first use; resolves once it is active. */
  private readonly announced = new Map<string, number>();
  /** Events leave in NOTIFY order even though reading their documents is async. */
  private queue: Promise<void> = Promise.resolve();

  async subscribe(listener: ChangeListener): Promise<() => void> {
    if (!this.unlisten) {
      this.unlisten = this.db.listen(CHANGES_CHANNEL, (payload) => {
        this.queue = this.queue
          .then(() => this.withDocuments(payload))
          .then((out) => {
            for (const l of [...this.listeners]) l(out);
          })
          .catch(() => undefined);
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

  private async withDocuments(payload: string): Promise<string> {
    let event: { collection?: unknown; seq?: unknown };
    try {
      event = JSON.parse(payload);
    } catch {
      return payload;
    }
    const { collection, seq } = event;
    if (typeof collection !== 'string' || typeof seq !== 'number' || !(collection in TABLES)) return payload;
    const prev = this.announced.get(collection);
    this.announced.set(collection, Math.max(prev ?? seq, seq));
    const plain = JSON.stringify({ collection, seq });
    if (prev === undefined || seq <= prev || this.listeners.size === 0) return plain;
    try {
      const def = TABLES[collection as SyncedCollection];
      // The writing statement sent its rows along (store.ts): no need to read them back.
      const sent = (event as { rows?: unknown }).rows;
      if (Array.isArray(sent) && sent.length > 0 && rowSeq(sent[sent.length - 1]) === seq) {
        return JSON.stringify({ collection, seq, prev, documents: sent.map((r) => rowToDoc(def, r)) });
      }
      const { rows } = await this.db.query(
        `SELECT ${selectList(def)} FROM ${def.table} WHERE _seq > $1 AND _seq <= $2 ORDER BY _seq LIMIT ${EVENT_MAX_DOCUMENTS + 1}`,
        [prev, seq],
      );
      // Too many, or the announced row is not there (purged meanwhile): devices pull instead.
      if (rows.length === 0 || rows.length > EVENT_MAX_DOCUMENTS || rowSeq(rows[rows.length - 1]) !== seq) return plain;
      return JSON.stringify({ collection, seq, prev, documents: rows.map((r) => rowToDoc(def, r)) });
    } catch {
      return plain;
    }
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
      // HTTP/2 forbids connection headers (the stream is one of many on the connection).
      ...(this.res.req?.httpVersionMajor === 2 ? {} : { Connection: 'close' }),
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
    let event: { collection?: unknown; seq?: unknown; prev?: unknown; documents?: unknown };
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof event.collection !== 'string' || typeof event.seq !== 'number') return;
    const out: Record<string, unknown> = { collection: event.collection, seq: event.seq };
    if (typeof event.prev === 'number' && Array.isArray(event.documents)) {
      out.prev = event.prev;
      out.documents = event.documents;
    }
    this.write(`data: ${JSON.stringify(out)}\n\n`);
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
