/**
 * A staff page kept in the back/forward cache holds nothing another page waits for (issue 39 §1).
 *
 * WebKit (Safari, every iPhone browser) keeps a page it navigates away from in its back/forward
 * cache, frozen, with its IndexedDB connections and unfinished transactions as they were (its
 * IDBDatabase is not closed on suspension, only when the page is destroyed) and its Web Locks
 * held. Every later page of the shop then waits on them for good: RxDB's databases and their
 * local sync state behind the frozen page's connections ('Salvando...', 'Carregando
 * clientes...'), the leader lock that replicates behind its held lock ('Baixando dados da
 * oficina…'). Over https the staff shell's `Cache-Control: no-store` keeps WebKit from caching
 * the page (sync-server/src/http/static.ts, issue 29 §1), but WebKit honours no-store only for
 * https documents: `npm start`'s http://127.0.0.1:8080 hung like that in Safari on the office
 * computer, and the same flow passed with WebKit's page cache turned off.
 *
 * So a page told it is kept (`pagehide` with `persisted`) gives up at once what a page that is
 * closed gives up: its unfinished IndexedDB transactions are aborted and its connections closed
 * (what WebKit does when it destroys a page), and its Web Locks released. Nothing in it works
 * after that: brought back (`pageshow` with `persisted`) it reloads, as a page that was never
 * kept would load. Installed by the staff app's entry before anything opens a database; a page
 * that is not kept (every https page, and Chromium and Firefox whenever they would not keep it)
 * is not touched.
 */

type Listener = (event: Event & { persisted?: boolean }) => void;

export interface FrozenPageScope {
  /** Where pagehide and pageshow are heard (the window). */
  target: { addEventListener(type: 'pagehide' | 'pageshow', listener: Listener): void };
  /** The IndexedDB classes whose connections and transactions are followed (absent: none). */
  IDBFactory?: { prototype: IDBFactory };
  IDBDatabase?: { prototype: IDBDatabase };
  /** navigator.locks (absent: none). */
  locks?: LockManager;
  /** A kept page brought back (default: location.reload). */
  reload: () => void;
}

const installed = new WeakSet<object>();

/** Follows the page's IndexedDB connections, transactions and Web Locks; see the file's comment. */
export function releaseWhenFrozen(scope: FrozenPageScope): void {
  if (installed.has(scope.target)) return;
  installed.add(scope.target);
  const connections = new Set<IDBDatabase>();
  const transactions = new Set<IDBTransaction>();
  let frozen = false;
  let releaseLocks!: () => void;
  const locksReleased = new Promise<void>((r) => (releaseLocks = r));

  const follow = (tx: IDBTransaction) => {
    transactions.add(tx);
    const done = () => transactions.delete(tx);
    tx.addEventListener('complete', done);
    tx.addEventListener('abort', done);
  };

  const factory = scope.IDBFactory?.prototype;
  const database = scope.IDBDatabase?.prototype;
  if (factory && database) {
    const open = factory.open;
    factory.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
      const request = open.apply(this, args);
      const keep = () => {
        if (request.result) connections.add(request.result);
      };
      request.addEventListener('upgradeneeded', () => {
        keep();
        // The upgrade's own transaction: a page kept in the middle of creating its databases
        // (WebKit's hang of issue 29 §1) must not leave it open either.
        if (request.transaction) follow(request.transaction);
      });
      // (A kept page hears no more events: one that opens after it was kept is closed by the reload.)
      request.addEventListener('success', keep);
      return request;
    } as IDBFactory['open'];
    const close = database.close;
    database.close = function (this: IDBDatabase) {
      connections.delete(this);
      return close.call(this);
    };
    const transaction = database.transaction;
    database.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = transaction.apply(this, args);
      follow(tx);
      return tx;
    } as IDBDatabase['transaction'];
  }

  const locks = scope.locks;
  if (locks) {
    const request = locks.request;
    locks.request = function (this: LockManager, name: string, ...rest: unknown[]) {
      const callback = rest[rest.length - 1] as LockGrantedCallback<unknown>;
      const wrapped: LockGrantedCallback<unknown> = (lock: Lock | null) => {
        const held = callback(lock);
        // A lock granted is held until its callback's promise settles, or the page is kept.
        return lock ? Promise.race([Promise.resolve(held), locksReleased.then(() => undefined)]) : held;
      };
      return (request as (...a: unknown[]) => Promise<unknown>).call(this, name, ...rest.slice(0, -1), wrapped);
    } as LockManager['request'];
  }

  scope.target.addEventListener('pagehide', (event) => {
    if (!event.persisted) return;
    frozen = true;
    for (const tx of transactions) {
      try {
        tx.abort();
      } catch {
        // Committing or finished already: it ends by itself.
      }
    }
    transactions.clear();
    for (const db of [...connections]) db.close();
    connections.clear();
    releaseLocks();
  });
  scope.target.addEventListener('pageshow', (event) => {
    if (event.persisted && frozen) scope.reload();
  });
}

/** The staff app's page (src/main.tsx). */
export function releaseThisPageWhenFrozen(): void {
  if (typeof window === 'undefined') return;
  releaseWhenFrozen({
    target: window,
    IDBFactory: typeof IDBFactory === 'undefined' ? undefined : IDBFactory,
    IDBDatabase: typeof IDBDatabase === 'undefined' ? undefined : IDBDatabase,
    locks: (navigator as Navigator & { locks?: LockManager }).locks,
    reload: () => window.location.reload(),
  });
}
