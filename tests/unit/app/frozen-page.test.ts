/**
 * Issue 39 §1: a page WebKit keeps in its back/forward cache (over plain http it ignores the
 * shell's no-store) stayed frozen with its IndexedDB connections, transactions and Web Locks, and
 * every later page waited on them for good. src/app/frozen-page.ts gives them up when the page is
 * kept. Here with fake-indexeddb: the later page's open of the database, which waits behind the
 * kept page's connection, succeeds once the kept page was told (pagehide, persisted).
 */
import { describe, expect, test, vi } from 'vitest';
import { IDBDatabase as FakeIDBDatabase, IDBFactory as FakeIDBFactory } from 'fake-indexeddb';
import { releaseWhenFrozen } from '../../../src/app/frozen-page';

const pagehide = (persisted: boolean) => Object.assign(new Event('pagehide'), { persisted });
const pageshow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });

type Outcome = 'success' | 'still waiting';

function open(factory: IDBFactory, version: number, name = 'forja_test'): Promise<{ outcome: Outcome; db?: IDBDatabase }> {
  return new Promise((resolve) => {
    const request = factory.open(name, version);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains('docs')) request.result.createObjectStore('docs', { keyPath: 'id' });
    };
    request.onsuccess = () => resolve({ outcome: 'success', db: request.result });
    setTimeout(() => resolve({ outcome: 'still waiting' }), 300);
  });
}

function page() {
  const target = new EventTarget();
  const reload = vi.fn();
  releaseWhenFrozen({
    target: target as never,
    IDBFactory: FakeIDBFactory as never,
    IDBDatabase: FakeIDBDatabase as never,
    reload,
  });
  return { target, reload };
}

describe('a page kept in the back/forward cache', () => {
  test('closes its IndexedDB connections: another page opening the database is not left waiting', async () => {
    const { target } = page();
    const factory = new FakeIDBFactory();
    expect((await open(factory, 1, 'left')).outcome).toBe('success');
    expect((await open(factory, 1, 'kept')).outcome).toBe('success');

    // Left without being kept (a page destroyed closes its own): not touched, the next open waits.
    target.dispatchEvent(pagehide(false));
    expect((await open(factory, 2, 'left')).outcome).toBe('still waiting');

    // Kept: its connections are closed, and the open waiting behind one goes through.
    const later = open(factory, 2, 'kept');
    target.dispatchEvent(pagehide(true));
    expect((await later).outcome).toBe('success');
  });

  test('aborts the transaction it was in the middle of (as a page destroyed does)', async () => {
    const { target } = page();
    const factory = new FakeIDBFactory();
    const { db } = await open(factory, 1);
    const tx = db!.transaction('docs', 'readwrite');
    tx.objectStore('docs').put({ id: 'a' });
    const ended = new Promise<string>((resolve) => {
      tx.oncomplete = () => resolve('complete');
      tx.onabort = () => resolve('abort');
    });
    target.dispatchEvent(pagehide(true));
    expect(await ended).toBe('abort');
    const { outcome, db: other } = await open(factory, 2);
    expect(outcome).toBe('success');
    const count = await new Promise((resolve) => {
      const r = other!.transaction('docs').objectStore('docs').count();
      r.onsuccess = () => resolve(r.result);
    });
    expect(count).toBe(0);
  });

  test('releases its Web Locks (RxDB’s leader lock): another page gets them', async () => {
    const target = new EventTarget();
    const released: string[] = [];
    const locks = {
      request(name: string, ...rest: unknown[]) {
        const callback = rest[rest.length - 1] as (lock: { name: string }) => unknown;
        return Promise.resolve(callback({ name })).then(() => void released.push(name));
      },
    } as unknown as LockManager;
    releaseWhenFrozen({ target: target as never, locks, reload: () => undefined });
    void locks.request('leader', () => new Promise(() => undefined));
    void locks.request('short', async () => 'done');
    await new Promise((r) => setTimeout(r, 10));
    expect(released).toEqual(['short']);
    target.dispatchEvent(pagehide(true));
    await new Promise((r) => setTimeout(r, 10));
    expect(released).toEqual(['short', 'leader']);
  });

  test('reloads when brought back; a page shown from the network does not', () => {
    const { target, reload } = page();
    target.dispatchEvent(pageshow(false));
    target.dispatchEvent(pagehide(false));
    target.dispatchEvent(pageshow(true));
    expect(reload).not.toHaveBeenCalled();
    target.dispatchEvent(pagehide(true));
    target.dispatchEvent(pageshow(true));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
