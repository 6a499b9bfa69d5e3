/**
 * The React glue in a (js)dom: DataProvider opens the user's database once even under
 * StrictMode, hooks show pulled and locally added customers, and the pending count drops
 * to 0 once the push is acknowledged.
 */
import 'fake-indexeddb/auto';
import { afterAll, expect, test, vi } from 'vitest';
import { StrictMode, act } from 'react';
import { createRoot } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false; // updates arrive asynchronously from RxDB; we wait with vi.waitFor

const userId = `u${Math.random().toString(16).slice(2, 10)}`;
const session = { access_token: 'tok', expires_in: 900, user: { id: userId, email: 'ana@forja.test', first_access: false } };
const serverCustomer = {
  id: 'c-server',
  name: 'Cliente do servidor',
  phone: '31 90000-0000',
  whatsapp: null,
  description: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  client_updated_at: '2026-01-01T00:00:00.000Z',
  created_by: null,
  _deleted: false,
};
const pushed: unknown[] = [];
const calls: string[] = [];

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  if (url.pathname === '/api/auth/refresh') return json(session);
  if (url.pathname === '/api/sync/stream') {
    // An open stream that never sends anything (aborted on close).
    return new Response(new ReadableStream({ start() {} }), { status: 200 });
  }
  const m = /^\/api\/sync\/(\w+)\/(pull|push)$/.exec(url.pathname);
  if (m && m[2] === 'pull') {
    const first = !url.searchParams.get('checkpoint');
    const docs = m[1] === 'customers' && first ? [serverCustomer] : [];
    return json({ documents: docs, checkpoint: first ? (docs.length ? { seq: 1 } : null) : JSON.parse(url.searchParams.get('checkpoint')!) });
  }
  if (m && m[2] === 'push') {
    pushed.push(...JSON.parse(String(init?.body)));
    return json([]);
  }
  return new Response(null, { status: 404 });
});
vi.stubGlobal('fetch', fetchMock);

const { DataProvider, useCustomers, usePendingCount, customerCommands, closeUserDatabase } = await import('../../../src/data/db');

function Probe() {
  const { customers, loading } = useCustomers();
  const pending = usePendingCount();
  return (
    <div>
      <p data-testid="state">{loading ? 'loading' : 'ready'}</p>
      <p data-testid="pending">{pending}</p>
      <ul>
        {customers.map((c) => (
          <li key={c.id}>{c.name}</li>
        ))}
      </ul>
    </div>
  );
}

afterAll(async () => {
  await closeUserDatabase();
  vi.unstubAllGlobals();
});

test('DataProvider opens the database once, hooks follow pulls and local writes, pending drops to 0', async () => {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <StrictMode>
        <DataProvider>
          <Probe />
        </DataProvider>
      </StrictMode>,
    );
  });
  // Children render at once, before the database is open.
  expect(container.querySelector('[data-testid=state]')).not.toBeNull();

  await vi.waitFor(() => expect(container.textContent).toContain('Cliente do servidor'), { timeout: 20_000 });

  await act(async () => {
    await customerCommands.add({ name: 'Cliente novo', phone: '31 91111-1111', whatsapp: '', description: '' });
  });
  await vi.waitFor(() => expect(container.textContent).toContain('Cliente novo'), { timeout: 10_000 });
  await vi.waitFor(() => expect(pushed.some((r) => (r as { newDocumentState: { name: string } }).newDocumentState.name === 'Cliente novo')).toBe(true), { timeout: 20_000 });
  await vi.waitFor(() => expect(container.querySelector('[data-testid=pending]')!.textContent).toBe('0'), { timeout: 10_000 });

  // One database: the first (checkpoint-less) pull of customers happened exactly once.
  expect(calls.filter((c) => /^GET \/api\/sync\/customers\/pull\?limit=\d+$/.test(c))).toHaveLength(1);
  expect(calls.filter((c) => c.startsWith('POST /api/auth/refresh'))).toHaveLength(1);
  await act(async () => root.unmount());
}, 60_000);
