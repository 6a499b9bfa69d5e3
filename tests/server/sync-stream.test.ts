/** GET /api/sync/stream: one event stream per device, fed by the shared LISTEN. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { streamSettings } from '../../sync-server/src/sync/stream';
import { customer, pull, push, quotation } from './sync-fixtures';

type StreamEvent = { collection: string; seq: number; prev?: number; documents?: Record<string, unknown>[] };

interface OpenStream {
  res: Response;
  /** Resolves with the first `data:` event matching `pred`. */
  next(pred: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  text(): string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(server: TestServer, token: string): Promise<OpenStream> {
  const ctrl = new AbortController();
  const res = await fetch(`${server.url}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
  let buffer = '';
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (const m of buffer.matchAll(/^data: (.*)$/gm)) {
          const e = JSON.parse(m[1]);
          if (!events.some((x) => x.seq === e.seq && x.collection === e.collection)) events.push(e);
        }
        for (const w of [...waiters]) w();
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    res,
    ended,
    text: () => buffer,
    close: () => ctrl.abort(),
    next(pred, timeoutMs = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const e = events.find(pred);
          if (e) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(e);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got: ${buffer}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

describe.each(backends())('sync stream (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a push from another session arrives as an event within a second', async () => {
    const alice = await signIn(server);
    const bob = await signIn(server);
    const stream = await openStream(server, alice.accessToken);
    const other = await openStream(server, bob.accessToken);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.res.headers.get('cache-control')).toBe('no-cache');
      expect(stream.res.headers.get('x-accel-buffering')).toBe('no');

      const started = Date.now();
      const res = await push(server, bob.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: customer() }]);
      expect(res.rejections).toEqual([]);
      const event = await stream.next((e) => e.collection === 'customers', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      const { rows } = await server.db.query<{ seq: string }>('SELECT max(_seq)::text AS seq FROM customers');
      expect(event.seq).toBe(Number(rows[0].seq));
      // Every connected device hears it, and other collections are named as such.
      await other.next((e) => e.collection === 'customers' && e.seq === event.seq, 1000);
      const now = new Date().toISOString();
      await push(server, alice.accessToken, 'stock_movements', [
        {
          assumedMasterState: null,
          newDocumentState: { id: crypto.randomUUID(), stock_item_id: 'i', delta: 1, reason: null, created_at: now, updated_at: now, client_updated_at: now, created_by: null, _deleted: false },
        },
      ]);
      const mv = await other.next((e) => e.collection === 'stock_movements', 1000);
      expect(mv.seq).toBeGreaterThan(event.seq);
    } finally {
      stream.close();
      other.close();
    }
  });

  test('an event carries the written documents exactly as a pull returns them, without reading them back', async () => {
    const alice = await signIn(server);
    const stream = await openStream(server, alice.accessToken);
    // Every read of rows by sequence range (the stream's way of finding an event's documents).
    const db = server.db;
    const query = db.query.bind(db);
    const rangeReads: string[] = [];
    db.query = ((sql: string, params?: unknown[]) => {
      if (/_seq > \$1 AND _seq <= \$2/.test(sql)) rangeReads.push(sql);
      return query(sql, params);
    }) as typeof db.query;
    try {
      // The stream announces a collection's first change without documents (nothing to vouch for).
      await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: quotation() }]);
      const first = await stream.next((e) => e.collection === 'quotations', 1000);
      const { body: before } = await pull(server, alice.accessToken, 'quotations', { seq: first.seq });
      expect(before.documents).toEqual([]);
      rangeReads.length = 0;

      // A create (money, instants, a date, a list) and then an edit of it.
      const doc = quotation({ discounts: 12.5, taxes: 0.1 });
      await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: null, newDocumentState: doc }]);
      const created = await stream.next((e) => e.collection === 'quotations' && e.seq > first.seq && !!e.documents, 1000);
      const { body: pulled } = await pull(server, alice.accessToken, 'quotations', { seq: first.seq });
      expect(created.documents).toEqual(pulled.documents);
      const stored = pulled.documents[0];
      await push(server, alice.accessToken, 'quotations', [{ assumedMasterState: stored, newDocumentState: { ...stored, description: 'Grade de proteção' } }]);
      const edited = await stream.next((e) => e.collection === 'quotations' && e.seq > created.seq && !!e.documents, 1000);
      const { body: pulledEdit } = await pull(server, alice.accessToken, 'quotations', { seq: created.seq });
      expect(edited.prev).toBe(created.seq);
      expect(edited.documents).toEqual(pulledEdit.documents);
      expect(rangeReads).toEqual([]);
    } finally {
      db.query = query;
      stream.close();
    }
  });

  test('a refused push notifies nobody', async () => {
    const alice = await signIn(server);
    const stream = await openStream(server, alice.accessToken);
    try {
      await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: customer({ name: '' }) }]);
      await expect(stream.next((e) => e.collection === 'customers', 500)).rejects.toThrow(/no matching event/);
    } finally {
      stream.close();
    }
  });

  test('heartbeats flow, and a logged-out session loses its stream at the next one', async () => {
    const before = streamSettings.pingIntervalMs;
    streamSettings.pingIntervalMs = 150;
    const alice = await signIn(server);
    const stream = await openStream(server, alice.accessToken);
    try {
      await new Promise((r) => setTimeout(r, 400));
      expect(stream.text()).toMatch(/^: ping$/m);
      const out = await api(server, '/api/auth/logout', { method: 'POST', token: alice.accessToken, cookie: alice.refreshCookie });
      expect(out.status).toBe(204);
      const ended = await Promise.race([stream.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), 2000))]);
      expect(ended).toBe(true);
    } finally {
      streamSettings.pingIntervalMs = before;
      stream.close();
    }
  });

  test('open streams do not keep the server from restarting', async () => {
    const alice = await signIn(server);
    const stream = await openStream(server, alice.accessToken);
    expect(stream.res.status).toBe(200);
    const started = Date.now();
    await server.restart();
    expect(Date.now() - started).toBeLessThan(10_000);
    stream.close();
    // And streaming works after the restart.
    const again = await openStream(server, alice.accessToken);
    try {
      await push(server, alice.accessToken, 'customers', [{ assumedMasterState: null, newDocumentState: customer() }]);
      await again.next((e) => e.collection === 'customers', 1000);
    } finally {
      again.close();
    }
  });
});
