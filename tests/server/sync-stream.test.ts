/** GET /api/sync/stream: one event stream per device, fed by the shared LISTEN. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { streamSettings } from '../../sync-server/src/sync/stream';
import { customer, push } from './sync-fixtures';

interface OpenStream {
  res: Response;
  /** Resolves with the first `data:` event matching `pred`. */
  next(pred: (e: { collection: string; seq: number }) => boolean, timeoutMs?: number): Promise<{ collection: string; seq: number }>;
  text(): string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(server: TestServer, token: string): Promise<OpenStream> {
  const ctrl = new AbortController();
  const res = await fetch(`${server.url}/api/sync/stream`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
  let buffer = '';
  const events: { collection: string; seq: number }[] = [];
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
