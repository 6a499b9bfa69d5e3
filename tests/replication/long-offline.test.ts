/**
 * A device away for a long time, with queued writes of EVERY collection:
 * - 30 days offline: its session expired meanwhile; after signing in again everything it wrote
 *   (inserts, edits, deletions) lands;
 * - longer than the tombstone window: it must download everything again (full resync), and its
 *   unsynced writes of every collection survive that and land.
 * One client per test: a device opens all 8 collections (the free RxDB allows 13 per process).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { COMPANY_DOC_ID, type CollectionName } from '@shared';
import { api, backends, login, signIn, startTestServer, type TestServer } from '../support/server';
import { insertDocument, patchDocument, removeDocument } from '../../src/data/db/writes';
import type { ForjaDatabase } from '../../src/data/db/create-database';
import { purgeTombstones } from '../../sync-server/src/sync/tombstones';
import { converged, makeClient, serverDocs, stopServer, type Client } from './clients';

const ALL: CollectionName[] = ['customers', 'quotations', 'transactions', 'stock_items', 'stock_movements', 'catalog_items', 'company', 'staff'];
const WRITABLE = ALL.filter((c) => c !== 'staff') as Exclude<CollectionName, 'staff'>[];
const phone = () => `31 9${Math.floor(Math.random() * 1e8).toString().padStart(8, '0')}`;
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** One new document of every collection (the company profile is edited: there is only one). */
async function writeOneOfEach(fdb: ForjaDatabase, label: string): Promise<Record<string, string>> {
  const customer = await insertDocument(fdb, 'customers', { name: `Cliente ${label}`, phone: phone(), whatsapp: null, description: null, created_by: null });
  const quotation = await insertDocument(fdb, 'quotations', {
    code: `ORC-${tag()}${tag()}`, customer_id: customer.id, description: `Portão ${label}`, status: 'pending', total_amount: 1234.5,
    discounts: 0, taxes: 0, payment_method: 'PIX', validity_date: '2026-12-31', execution_deadline: '10 dias', materials: [],
    viewed_at: null, decided_at: null, decision_reason: null, created_by: null,
  });
  const transaction = await insertDocument(fdb, 'transactions', {
    type: 'entrada', customer_id: customer.id, name: null, category: null, description: `Entrada ${label}`, amount: 99.9,
    payment_method: 'pix', payment_status: 'pendente', due_date: null, created_by: null,
  });
  const material = await insertDocument(fdb, 'catalog_items', { kind: 'material', name: `Material ${label} ${tag()}`, value: null, unit: null, parent_id: null, created_by: null });
  const item = await insertDocument(fdb, 'stock_items', {
    category_id: 'cat', type_id: 'typ', material_id: material.id, thickness_id: 'th', dimension_id: 'dim', minimum_quantity: 5, description: label, created_by: null,
  });
  const movement = await insertDocument(fdb, 'stock_movements', { stock_item_id: item.id, delta: 7, reason: label, created_by: null });
  // The material is in use by the item (the server refuses deleting it); this entry is free.
  const dimension = await insertDocument(fdb, 'catalog_items', { kind: 'dimension', name: `Medida ${label} ${tag()}`, value: null, unit: null, parent_id: null, created_by: null });
  const company = await patchDocument(fdb, 'company', COMPANY_DOC_ID, { tagline: `Editado ${label}` });
  expect(company).not.toBeNull();
  return { customers: customer.id, quotations: quotation.id, transactions: transaction.id, catalog_items: dimension.id, stock_items: item.id, stock_movements: movement.id, company: COMPANY_DOC_ID };
}

describe.each(backends())('a device away for a long time (%s)', (backend) => {
  let server: TestServer;
  let client: Client | null = null;

  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterEach(async () => {
    await client?.close().catch(() => undefined);
    client = null;
  });
  afterAll(async () => {
    await stopServer(server);
  });

  async function expectOnServer(ids: Record<string, string>, token: string, gone: Record<string, string> = {}) {
    for (const c of WRITABLE) {
      const docs = await serverDocs(server, token, c);
      expect(docs.some((d) => d.id === ids[c]), `${c} ${ids[c]} on the server`).toBe(true);
      if (gone[c]) expect(docs.some((d) => d.id === gone[c]), `${c} ${gone[c]} deleted on the server`).toBe(false);
    }
  }

  test('30 days offline with queued writes of every collection: after signing in again, everything lands', async () => {
    // The owner's device: it edits the company profile too (owner-only since issue 17).
    client = await makeClient(server, { label: 'away', collections: ALL, session: await signIn(server, { deviceName: 'away', role: 'owner' }) });
    const a = client;
    await converged(server, a.session.accessToken, [a], ALL);
    const before = await writeOneOfEach(a.fdb, 'antes');
    await converged(server, a.session.accessToken, [a], ALL);

    a.setOnline(false);
    const during = await writeOneOfEach(a.fdb, 'ausente');
    // …plus edits and deletions of documents the server already has.
    await patchDocument(a.fdb, 'customers', before.customers, { description: 'editado offline' });
    await patchDocument(a.fdb, 'quotations', before.quotations, { status: 'accepted' });
    await removeDocument(a.fdb, 'transactions', before.transactions);
    await removeDocument(a.fdb, 'catalog_items', before.catalog_items);
    expect(a.fdb.sync.status$.value.pending).toBeGreaterThanOrEqual(11);

    // 30 days pass: the device's session expired on the server.
    await server.db.query(`UPDATE sessions SET last_seen_at = now() - interval '31 days' WHERE id = $1`, [a.session.sessionId]);
    a.setOnline(true);
    // The user signs in again on this device; the queue goes out with the new session.
    const again = await login(server, { email: a.session.user.email, password: a.session.user.password });
    expect(again.status).toBe(200);
    a.session.accessToken = again.accessToken!;
    a.fdb.sync.reconnect();

    await converged(server, again.accessToken!, [a], ALL);
    await expectOnServer(during, again.accessToken!, { transactions: before.transactions, catalog_items: before.catalog_items });
    const customer = (await serverDocs(server, again.accessToken!, 'customers')).find((d) => d.id === before.customers);
    expect(customer?.description).toBe('editado offline');
    const q = (await serverDocs(server, again.accessToken!, 'quotations')).find((d) => d.id === before.quotations);
    expect(q?.status).toBe('accepted');
    expect((await serverDocs(server, again.accessToken!, 'company'))[0].tagline).toBe('Editado ausente');
  });

  test('offline longer than the tombstone window: full resync of every collection, unsynced writes of every collection kept', async () => {
    client = await makeClient(server, { label: 'very-far', collections: ALL, session: await signIn(server, { deviceName: 'very-far', role: 'owner' }) });
    const a = client;
    await converged(server, a.session.accessToken, [a], ALL);
    const doomed = await writeOneOfEach(a.fdb, 'a excluir');
    await converged(server, a.session.accessToken, [a], ALL);

    a.setOnline(false);
    // Meanwhile another device deletes things (through the server) …
    const other = await login(server, { email: a.session.user.email, password: a.session.user.password, deviceId: 'other' });
    for (const c of ['customers', 'quotations', 'catalog_items'] as const) {
      const doc = (await serverDocs(server, other.accessToken!, c)).find((d) => d.id === doomed[c])!;
      const res = await api(server, `/api/sync/${c}/push`, {
        token: other.accessToken!,
        body: [{ assumedMasterState: { ...doc, _deleted: false }, newDocumentState: { ...doc, _deleted: true, client_updated_at: new Date().toISOString() } }],
      });
      expect(res.status).toBe(200);
    }
    // … this device keeps working offline …
    const mine = await writeOneOfEach(a.fdb, 'longe');
    // … and 91 days later the server has forgotten those tombstones.
    const purge = await purgeTombstones(server.db, { now: new Date(Date.now() + 91 * 24 * 3600 * 1000) });
    expect(purge.purged).toBeGreaterThanOrEqual(3);

    a.setOnline(true);
    await converged(server, other.accessToken!, [a], ALL);
    for (const c of ['customers', 'quotations', 'catalog_items'] as const) {
      expect((await a.docs(c)).some((d) => (d as { id: string }).id === doomed[c]), `${c} deletion applied on the device`).toBe(false);
    }
    await expectOnServer(mine, other.accessToken!);
  });
});
