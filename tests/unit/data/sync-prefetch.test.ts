/**
 * The pull page fetched ahead (sync-engine.ts) must never hide a change. RxDB drops a change it
 * was told of before a pull it starts later — it trusts that pull to include the change. If that
 * pull were answered by a page fetched before the change, the device would miss it until some
 * other change came (seen as a rare "deleted on the server, live on a device" in npm run soak).
 * This drives the engine's pull and stream handlers directly, with a scripted server.
 */
import { describe, expect, test } from 'vitest';
import { Subject } from 'rxjs';
import { SyncEngine } from '../../../src/data/db/sync-engine';

const customer = (id: string, seq: number) => ({ id, name: `Cliente ${id}`, phone: `31 9${seq}`, _deleted: false, seq });

function scriptedServer() {
  let seq = 0;
  const docs = new Map<string, ReturnType<typeof customer>>();
  const put = (id: string) => docs.set(id, customer(id, ++seq));
  const requests: string[] = [];
  const fetch = async (url: string | URL | Request) => {
    const u = new URL(String(url));
    requests.push(u.pathname + u.search);
    const limit = Number(u.searchParams.get('limit'));
    const cp = u.searchParams.get('checkpoint');
    const after = cp ? (JSON.parse(cp) as { seq: number }).seq : 0;
    const page = [...docs.values()].filter((d) => d.seq > after).sort((a, b) => a.seq - b.seq).slice(0, limit);
    const last = page[page.length - 1];
    const body = { documents: page.map(({ seq: _s, ...d }) => d), checkpoint: last ? { seq: last.seq } : cp ? JSON.parse(cp) : null };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { put, fetch, requests, seq: () => seq };
}

describe('the page fetched ahead during a pull', () => {
  test('is not used once a change event arrived after it was read: the next pull reads the server again', async () => {
    const server = scriptedServer();
    for (let i = 0; i < 4; i++) server.put(`c${i}`);
    const engine = new SyncEngine({} as never, {
      baseUrl: 'http://forja.test',
      getToken: () => 'token',
      fetch: server.fetch as typeof fetch,
      collections: ['customers'],
    } as never);
    const internals = engine as unknown as {
      streams: Map<string, Subject<unknown>>;
      pull(name: string, checkpoint: unknown, limit: number): Promise<{ documents: { id: string }[]; checkpoint: { seq: number } }>;
      onStreamEvent(name: string, ev: { seq: number; prev?: number }): void;
    };
    internals.streams.set('customers', new Subject());

    // A full page: the next one (empty now) is fetched ahead while RxDB stores this one.
    const first = await internals.pull('customers', undefined, 4);
    expect(first.documents).toHaveLength(4);
    await new Promise((r) => setTimeout(r, 10));
    expect(server.requests).toHaveLength(2);

    // Meanwhile another device writes, and its change event arrives.
    server.put('c-new');
    internals.onStreamEvent('customers', { seq: server.seq(), prev: server.seq() - 1 });

    // RxDB asks for the next page: it must contain the change, not the empty page read before it.
    const next = await internals.pull('customers', first.checkpoint, 4);
    expect(next.documents.map((d) => d.id)).toEqual(['c-new']);
  });
});
