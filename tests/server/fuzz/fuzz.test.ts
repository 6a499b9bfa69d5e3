/**
 * Property-based fuzzing of every route against the real server on PGlite (issue 11). Bodies,
 * params and query strings are generated from the collections' shapes and mutated (wrong types,
 * missing and extra fields, huge values, deep nesting, prototype keys, NUL and lone surrogates,
 * dates out of range, unknown collections, lying assumedMasterState). Properties:
 *   - never a 5xx;
 *   - a valid document pushed next to invalid ones always lands;
 *   - the server still answers afterwards, and every stored row still validates.
 * The seed is fixed and printed on failure (fast-check); FORJA_FUZZ_SEED replays another one,
 * FORJA_FUZZ_RUNS sets the runs per property (`npm run fuzz` runs a long version).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { signIn, startTestServer, type TestServer } from '../../support/server';
import { TABLES } from '../../../sync-server/src/collections/tables';
import { rowToDoc } from '../../../sync-server/src/collections/convert';
import { validateDocument } from '../../../sync-server/src/sync/validate';
import { CLEAN_JPEG, cleanWebp, jpegWithMetadata, png, pngWithMetadata, webpWithMetadata } from '../photo-fixtures';
import { SYNCED, assumed, hostileText, hostileValue, mutate, pathSegment, validDoc, type Synced } from './arbitraries';

const SEED = Number(process.env.FORJA_FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FORJA_FUZZ_RUNS ?? 400);
const params = (runs = RUNS) => ({ seed: SEED, numRuns: runs, endOnFailure: true });

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ backend: 'pglite' });
  token = (await signIn(server, { deviceName: 'fuzz' })).accessToken;
});
afterAll(async () => {
  await server?.stop();
});

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${token}`, ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const res = await fetch(server.url + path, init);
  await res.arrayBuffer();
  return res;
}

function assertNot5xx(res: Response, what: string) {
  if (res.status >= 500) throw new Error(`${what} → ${res.status}`);
}

test('push: any batch of mutated rows never answers 5xx, and the valid row in it always lands', async () => {
  const batch = fc.constantFrom(...SYNCED).chain((c: Synced) =>
    fc.tuple(
      fc.constant(c),
      fc.array(
        fc.constant(null).chain(() => {
          const doc = validDoc(c);
          return fc.record({ assumedMasterState: assumed(doc), newDocumentState: mutate(doc, c) });
        }),
        { minLength: 1, maxLength: 6 },
      ),
      fc.nat(),
    ),
  );
  await fc.assert(
    fc.asyncProperty(batch, async ([c, rows, at]) => {
      const good = validDoc('customers');
      const target = c === 'customers' ? rows : [];
      const all = [...target];
      all.splice(at % (all.length + 1), 0, { assumedMasterState: null, newDocumentState: good });
      const res = await send('POST', `/api/sync/${c === 'customers' ? 'customers' : c}/push`, c === 'customers' ? all : rows);
      assertNot5xx(res, `push ${c}`);
      if (c === 'customers') {
        const { rows: found } = await server.db.query('SELECT id FROM customers WHERE id = $1 AND NOT _deleted', [good.id]);
        if (found.length !== 1) throw new Error('the valid customer next to invalid rows did not land');
      }
    }),
    params(),
  );
});

test('push: whole bodies and collection names of any shape never answer 5xx', async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.constantFrom(...SYNCED, 'staff'), hostileText), fc.oneof(hostileValue, fc.array(hostileValue, { maxLength: 5 })), async (c, body) => {
      const res = await send('POST', `/api/sync/${pathSegment(c)}/push`, body === undefined ? 'null' : body);
      assertNot5xx(res, `push body to ${JSON.stringify(c)}`);
    }),
    params(),
  );
});

test('pull, conflicts, sessions and password: any params and query never answer 5xx', async () => {
  const q = (k: string) => fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v))).map((v) => `${k}=${pathSegment(v)}`);
  const request = fc.oneof(
    fc.tuple(fc.oneof(fc.constantFrom(...SYNCED), hostileText), q('checkpoint'), q('limit')).map(
      ([c, a, b]) => ['GET', `/api/sync/${pathSegment(c)}/pull?${a}&${b}`] as const,
    ),
    fc.tuple(q('limit'), q('collection'), q('doc_id')).map(([a, b, d]) => ['GET', `/api/sync/conflicts?${a}&${b}&${d}`] as const),
    hostileText.map((id) => ['DELETE', `/api/auth/sessions/${pathSegment(id)}`] as const),
    fc.constant(['GET', '/api/auth/sessions'] as const),
  );
  await fc.assert(
    fc.asyncProperty(request, async ([method, path]) => assertNot5xx(await send(method, path), `${method} ${path}`)),
    params(),
  );
  await fc.assert(
    fc.asyncProperty(fc.oneof(hostileValue, fc.record({ new_password: hostileValue })), async (body) => {
      assertNot5xx(await send('POST', '/api/auth/password', body ?? null), 'POST /api/auth/password');
    }),
    params(Math.ceil(RUNS / 3)),
  );
});

test('sign-in, refresh, logout and the public API: any input never answers 5xx', async () => {
  const publicRequest = fc.oneof(
    hostileText.map((code) => ['GET', `/api/public/quotations/${pathSegment(code)}`, undefined] as const),
    fc.tuple(hostileText, fc.constantFrom('accept', 'reject'), fc.oneof(hostileValue, fc.record({ reason: hostileValue }))).map(
      ([code, action, body]) => ['POST', `/api/public/quotations/${pathSegment(code)}/${action}`, body ?? null] as const,
    ),
    fc.constant(['GET', '/api/public/company', undefined] as const),
    fc.oneof(hostileValue, fc.record({ email: hostileValue, password: hostileValue, device_id: hostileValue, device_name: hostileValue })).map(
      (body) => ['POST', '/api/auth/login', body ?? null] as const,
    ),
  );
  await fc.assert(
    fc.asyncProperty(publicRequest, async ([method, path, body]) => assertNot5xx(await send(method, path, body), `${method} ${path}`)),
    params(),
  );
  // Cookies of any shape (no bearer: logout would end the fuzz session otherwise).
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('/api/auth/refresh', '/api/auth/logout'), fc.string({ unit: 'grapheme-ascii', maxLength: 200 }), async (path, cookie) => {
      const res = await fetch(server.url + path, { method: 'POST', headers: { cookie: `forja_refresh=${cookie}` } });
      await res.arrayBuffer();
      assertNot5xx(res, `POST ${path}`);
    }),
    params(Math.ceil(RUNS / 3)),
  );
});

test('photos: uploads of any bytes, declared type, id and parameters, and reads of any id or token, never answer 5xx', async () => {
  const os = validDoc('work_orders');
  expect((await send('POST', '/api/sync/work_orders/push', [{ assumedMasterState: null, newDocumentState: os }])).status).toBe(200);
  const images = [CLEAN_JPEG, jpegWithMetadata(), png(), pngWithMetadata(), cleanWebp(), webpWithMetadata()];
  // Real images cut short, with a byte changed or junk put in: the metadata stripper's hard cases.
  const broken = fc
    .tuple(fc.constantFrom(...images), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 40 }), fc.constantFrom('cut', 'flip', 'insert'))
    .map(([img, n, byte, junk, how]) => {
      const at = n % img.length;
      if (how === 'cut') return img.subarray(0, at);
      if (how === 'flip') return Uint8Array.from(img, (b, i) => (i === at ? byte : b));
      return Buffer.concat([img.subarray(0, at), junk, img.subarray(at)]);
    });
  const body = fc.oneof(broken, fc.constantFrom(...images), fc.uint8Array({ maxLength: 300 }));
  const param = (k: string, good: string) => fc.option(fc.oneof(fc.constant(good), hostileText), { nil: undefined }).map((v) => (v === undefined ? '' : `&${k}=${pathSegment(v)}`));
  const query = fc
    .tuple(param('work_order_id', os.id as string), param('width', '800'), param('height', '600'), param('taken_at', new Date().toISOString()))
    .map((parts) => parts.join(''));
  const type = fc.constantFrom('image/jpeg', 'image/gif', 'image/png', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream');
  const id = fc.oneof(fc.uuid(), hostileText);
  await fc.assert(
    fc.asyncProperty(id, query, type, body, async (photoId, q, contentType, bytes) => {
      const path = `/api/photos/${pathSegment(photoId)}?x=1${q}`;
      const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body: Buffer.from(bytes) });
      await res.arrayBuffer();
      assertNot5xx(res, `POST ${path} (${contentType}, ${bytes.length} bytes)`);
    }),
    params(),
  );
  await fc.assert(
    fc.asyncProperty(fc.oneof(id.map((v) => `/api/photos/${pathSegment(v)}`), hostileText.map((v) => `/api/public/photos/${pathSegment(v)}`)), async (path) => {
      assertNot5xx(await send('GET', path), `GET ${path}`);
    }),
    params(Math.ceil(RUNS / 2)),
  );
}, 180_000);

test('afterwards the server still answers and every stored row validates against its schema', async () => {
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  expect((await send('GET', '/api/auth/me')).status).toBe(200);
  let rows = 0;
  for (const c of SYNCED) {
    const def = TABLES[c];
    const { rows: stored } = await server.db.query(`SELECT * FROM ${def.table}`);
    for (const row of stored) {
      const v = validateDocument(c, rowToDoc(def, row as Record<string, unknown>));
      expect(v.ok, `${c} ${JSON.stringify(row).slice(0, 300)}`).toBe(true);
      rows++;
    }
  }
  expect(rows).toBeGreaterThan(0);
});
