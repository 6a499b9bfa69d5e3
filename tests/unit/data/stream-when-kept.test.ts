/**
 * A page WebKit keeps in its back/forward cache (plain http, issue 39 §1) closes its change
 * stream: left open, each page left holds one of the origin's six connections, frozen, and the
 * live page's pulls queue behind them until they time out ('Sem conexão' with the server up).
 * Brought back, the page opens its stream again.
 */
import { afterEach, expect, test } from 'vitest';
import { SyncEngine } from '../../../src/data/db/sync-engine';

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await (e as unknown as { stream: { stop(): void } }).stream.stop();
});

/** A server whose change stream never ends; remembers each stream request's signal. */
function streamingServer() {
  const signals: AbortSignal[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    if (String(url).includes('/stream')) {
      signals.push(init.signal!);
      const body = new ReadableStream({
        start(controller) {
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify({ documents: [], checkpoint: null }), { status: 200 });
  };
  return { signals, fetch };
}

function engineOn(fetch: unknown) {
  const engine = new SyncEngine({} as never, {
    baseUrl: 'http://forja.test',
    getToken: () => 'token',
    fetch,
    collections: [],
    watchBrowserOnline: true,
  } as never);
  engines.push(engine);
  const stream = (engine as unknown as { stream: { start(): void; running: boolean } }).stream;
  stream.start();
  return stream;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

test('kept in the back/forward cache, the page closes its stream; brought back, it opens it again', async () => {
  const server = streamingServer();
  const stream = engineOn(server.fetch);
  await until(() => server.signals.length === 1);

  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
  expect(server.signals[0].aborted).toBe(true);
  expect(stream.running).toBe(false);

  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  await until(() => server.signals.length === 2);
  expect(server.signals[1].aborted).toBe(false);
});

test('a page that is not kept (closed, or reloaded) keeps its stream until it goes', async () => {
  const server = streamingServer();
  engineOn(server.fetch);
  await until(() => server.signals.length === 1);
  window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
  expect(server.signals[0].aborted).toBe(false);
});
