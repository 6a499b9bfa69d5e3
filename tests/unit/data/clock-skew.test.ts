/**
 * The sync engine measures this device's clock against the server's from the Date header of the
 * server's answers (issue 17 §5); the sync centre shows it when it is off by over a minute.
 */
import { describe, expect, test } from 'vitest';
import { Subject } from 'rxjs';
import { SyncEngine } from '../../../src/data/db/sync-engine';

function serverWithClock(offsetMs: number) {
  return async () =>
    new Response(JSON.stringify({ documents: [], checkpoint: null }), {
      status: 200,
      // The server's clock is the device's minus the offset: the device is `offsetMs` ahead.
      headers: { 'content-type': 'application/json', date: new Date(Date.now() - offsetMs).toUTCString() },
    });
}

function engineAgainst(fetch: () => Promise<Response>) {
  const engine = new SyncEngine({} as never, {
    baseUrl: 'http://forja.test',
    getToken: () => 'token',
    fetch: fetch as unknown as typeof globalThis.fetch,
    collections: ['customers'],
  } as never);
  const internals = engine as unknown as {
    streams: Map<string, Subject<unknown>>;
    runtime$: { value: { clockSkewMs: number | null } };
    pull(name: string, checkpoint: unknown, limit: number): Promise<unknown>;
  };
  internals.streams.set('customers', new Subject());
  return internals;
}

describe('clock skew from the server’s answers', () => {
  test('a device 3 min ahead is measured within a second; unknown before any answer', async () => {
    const engine = engineAgainst(serverWithClock(180_000));
    expect(engine.runtime$.value.clockSkewMs).toBeNull();
    await engine.pull('customers', undefined, 10);
    expect(Math.abs(engine.runtime$.value.clockSkewMs! - 180_000)).toBeLessThanOrEqual(1_000);
  });

  test('a device 2 hours behind; an answer without a Date header changes nothing', async () => {
    const engine = engineAgainst(serverWithClock(-7_200_000));
    await engine.pull('customers', undefined, 10);
    expect(Math.abs(engine.runtime$.value.clockSkewMs! + 7_200_000)).toBeLessThanOrEqual(1_000);

    const noDate = engineAgainst(async () => new Response(JSON.stringify({ documents: [], checkpoint: null }), { status: 200 }));
    await noDate.pull('customers', undefined, 10);
    expect(noDate.runtime$.value.clockSkewMs).toBeNull();
  });
});
