/**
 * bench:ui — the storage floor under Importar planilha (issue 39 §2): what storing 5,000
 * customer-shaped documents costs a Chromium tab with no app at all — per batch of 500 one
 * IndexedDB transaction with a `get` and a `put` per document (what RxDB's Dexie storage does for
 * an insert) into a store with two compound indexes, and the batch posted once on a
 * BroadcastChannel (what RxDB tells the other tabs) — at 1× and 4× CPU. The import's own rate
 * (import.bench.ts) cannot beat this; the gap between the two is RxDB, the app and the parse + plan.
 * Printed, never asserted. BENCH_IMPORT_ROWS overrides the size.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBrowser } from '../../support/e2e';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const BATCH = 500;
const RATES = (process.env.BENCH_IMPORT_RATES ?? '1,4').split(',').map(Number);
const RUNS = 3;

/** Runs in the page: stores `rows` documents in batches, returns the milliseconds it took. */
async function storeInPage({ rows, batch }: { rows: number; batch: number }): Promise<number> {
  const at = new Date().toISOString();
  const docs = Array.from({ length: rows }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Cliente ${i}`,
    phone: `(31) 9${20_000_000 + i}`,
    whatsapp: null,
    notes: `Observação ${i}`,
    cpf_cnpj: null,
    cep: '37500-000',
    street: 'Rua das Flores',
    number: String(i),
    complement: null,
    district: 'Centro',
    municipio_code: 3131703,
    uf: 'MG',
    created_at: at,
    updated_at: at,
    client_updated_at: at,
    created_by: 'u',
    updated_by: 'u',
    _deleted: false,
    _rev: '1-abc',
    _meta: { lwt: Date.now() },
    _attachments: {},
  }));
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(`floor-${Math.random()}`, 1);
    open.onupgradeneeded = () => {
      const store = open.result.createObjectStore('docs', { keyPath: 'id' });
      store.createIndex('deleted', ['_deleted', 'id']);
      store.createIndex('lwt', ['_meta.lwt', 'id']);
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const channel = new BroadcastChannel('floor');
  const started = performance.now();
  for (let i = 0; i < rows; i += batch) {
    const part = docs.slice(i, i + batch);
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('docs', 'readwrite');
      const store = tx.objectStore('docs');
      for (const d of part) store.get(d.id);
      for (const d of part) store.put(d);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    channel.postMessage(part);
    await new Promise((r) => setTimeout(r, 0));
  }
  const ms = performance.now() - started;
  channel.close();
  db.close();
  return ms;
}

export default async function run(): Promise<void> {
  // An origin of its own (IndexedDB needs one), serving an empty page.
  const server = http.createServer((_req, res) => res.setHeader('content-type', 'text/html').end('<!doctype html><title>floor</title>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchBrowser();
  try {
    console.log(`${ROWS} customer-shaped documents stored in batches of ${BATCH} (get + put each, one broadcast per batch), no app\n`);
    console.log('| CPU | runs (ms) | median | rows/s |');
    console.log('|---|---|---|---|');
    for (const rate of RATES) {
      const times: number[] = [];
      for (let r = 0; r < RUNS; r++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(url);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        times.push(await page.evaluate(storeInPage, { rows: ROWS, batch: BATCH }));
        await context.close();
      }
      const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
      console.log(`| ${rate}× | ${times.map((t) => Math.round(t).toLocaleString('en')).join(' / ')} | ${Math.round(median).toLocaleString('en')} | **${Math.round(ROWS / (median / 1000)).toLocaleString('en')}** |`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}
