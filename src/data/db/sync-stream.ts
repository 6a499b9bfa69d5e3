import type { CollectionName, SyncStreamEvent } from '@shared';
import { API_PATHS } from '@shared';
import type { Requester } from './transport';

export type StreamCallbacks = {
  /** The stream (re)connected: every collection may have missed changes. */
  onConnect: () => void;
  /** A change on the server; the event may carry the changed documents (SyncStreamEvent). */
  onEvent: (collection: CollectionName, event: SyncStreamEvent) => void;
  onDisconnect: (error: unknown) => void;
};

/**
 * ONE reader of GET /api/sync/stream for all collections (a stream per collection would
 * use up the browser's 6 connections per origin). Read with fetch because EventSource
 * cannot send the Authorization header. Reconnects with exponential backoff.
 */
export class SyncStreamReader {
  private abort: AbortController | null = null;
  private stopped = true;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly request: Requester,
    private readonly cb: StreamCallbacks,
    private readonly maxBackoffMs = 30_000,
  ) {}

  /** Started and not stopped since (connected, or waiting to reconnect). */
  get running(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.loop();
  }

  /** Drop the current connection and connect again now (e.g. the browser came online). */
  reconnectNow(): void {
    if (this.stopped) return;
    this.attempt = 0;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      void this.loop();
    } else {
      this.abort?.abort();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
  }

  private async loop(): Promise<void> {
    if (this.stopped) return;
    const abort = new AbortController();
    this.abort = abort;
    let error: unknown = null;
    try {
      const res = await this.request(API_PATHS.syncStream, {
        headers: { accept: 'text/event-stream' },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(`stream HTTP ${res.status}`);
      this.attempt = 0;
      this.cb.onConnect();
      await this.read(res.body, abort.signal);
    } catch (e) {
      error = e;
    } finally {
      if (this.abort === abort) this.abort = null;
    }
    if (this.stopped) return;
    this.cb.onDisconnect(error);
    const delay = Math.min(this.maxBackoffMs, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt = Math.min(this.attempt + 1, 10);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.loop();
    }, delay);
  }

  private async read(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const cancel = () => void reader.cancel().catch(() => undefined);
    // Aborted between the answer and this point: the listener below would never fire.
    if (signal.aborted) {
      cancel();
      return;
    }
    signal.addEventListener('abort', cancel, { once: true });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let sep: number;
      // Events are separated by a blank line; lines may end in \n or \r\n.
      while ((sep = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const raw = buffer.slice(0, sep);
        buffer = buffer.slice(sep).replace(/^\r?\n\r?\n/, '');
        this.dispatch(raw);
      }
    }
  }

  private dispatch(raw: string): void {
    const data = raw
      .split(/\r?\n/)
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (!data) return; // comment heartbeat
    try {
      const ev = JSON.parse(data) as SyncStreamEvent;
      if (ev && typeof ev.collection === 'string') this.cb.onEvent(ev.collection, ev);
    } catch {
      /* ignore malformed event */
    }
  }
}
