// @vitest-environment node
import { expect, test } from 'vitest';
import { SyncStreamReader } from '../../../src/data/db/sync-stream';
import { sameDocumentState } from '../../../src/data/db/equality';

test('the stream reader parses events split across chunks, skips heartbeats, and RESYNCs on connect', async () => {
  const chunks = [': connected\n\n', 'data: {"collection":"custo', 'mers","seq":3}\r\n\r\n: ping\n\n', 'data: {"collection":"stock_movements","seq":9}\n\n'];
  const events: string[] = [];
  let connects = 0;
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  const reader = new SyncStreamReader(
    async (path, init) => {
      expect(path).toBe('/api/sync/stream');
      expect(init?.signal).toBeTruthy();
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          for (const ch of chunks) c.enqueue(new TextEncoder().encode(ch));
          c.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
    {
      onConnect: () => connects++,
      onEvent: (c) => events.push(c),
      onDisconnect: () => {
        reader.stop();
        done();
      },
    },
  );
  reader.start();
  await finished;
  expect(connects).toBe(1);
  expect(events).toEqual(['customers', 'stock_movements']);
});

test('documents are equal ignoring the server-stamped updated_at, not other fields', () => {
  const a = { id: '1', name: 'A', updated_at: 'x', _deleted: false };
  expect(sameDocumentState(a, { ...a, updated_at: 'y' })).toBe(true);
  expect(sameDocumentState(a, { ...a, name: 'B' })).toBe(false);
  expect(sameDocumentState(a, { ...a, _deleted: true })).toBe(false);
  expect(sameDocumentState({ id: '1', m: [{ q: 1 }] }, { id: '1', m: [{ q: 2 }] })).toBe(false);
});
