/**
 * Quotations in the local database: live lists for the staff screens, the form's commands
 * (with both duplicate guards checked against everything this device holds, other devices'
 * quotations included), the manual refresh, and the recovery of a code the server refused
 * because another device took it meanwhile.
 */
import { auditTime, concat, EMPTY, map, of, Subject, switchMap, type Subscription } from 'rxjs';
import { normalizeQuotationCode, generateLinkSecret, generateQuotationCode, type CustomerDoc, type QuotationDoc } from '@shared';
import { fromCents } from '../../domain/money';
import {
  decideCodeRetry,
  findIdenticalRecent,
  findSimilarRecent,
  meaningfulMaterials,
  QUOTATION_FORM_MESSAGES,
  resetDecision,
  searchCustomersByName,
  validateQuotationDraft,
  IDENTICAL_WINDOW_MS,
  SIMILAR_WINDOW_MS,
  type QuotationDraft,
  type StoredQuotationLike,
} from '../../domain/quotation-form';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import { toPlain, useLiveQuery } from './live-query';
import { findNewest } from './newest';
import { database$, requireDatabase } from './session';
import { syncNow } from './sync-status';
import { insertDocument, patchDocument, putDocument, removeDocument } from './writes';
import { comparePtBr } from '../../domain/order';

export type { QuotationDraft } from '../../domain/quotation-form';

export const QUOTATION_DATA_MESSAGES = {
  notFound: 'Orçamento não encontrado',
} as const;

/**
 * RxDB hands out the same RxDocument object while a document's revision is unchanged, so its
 * plain copy is made once (a list of thousands re-emitted after one change copies one doc).
 */
const plainCache = new WeakMap<object, QuotationDoc>();
function plainQuotations(docs: { toJSON(): unknown }[]): QuotationDoc[] {
  return docs.map((d) => {
    let p = plainCache.get(d);
    if (!p) {
      p = { ...(d.toJSON() as QuotationDoc) };
      plainCache.set(d, p);
    }
    return p;
  });
}

/**
 * Every quotation, newest first (read through the created_at index), live. `enabled: false`
 * defers the read (the list first paints its first page from useNewestQuotations).
 */
export function useQuotations(enabled = true): { quotations: QuotationDoc[]; loading: boolean; error: unknown } {
  const { data, loading, error } = useLiveQuery(
    (db) => (enabled ? db.quotations.find({ sort: [{ created_at: 'desc' }] }).$.pipe(map(plainQuotations)) : of(null)),
    [enabled],
  );
  return { quotations: data ?? [], loading: loading || data === null, error };
}

/**
 * The newest `limit` quotations with their customers, read through the created_at index: what
 * the first page needs while the full list (search, later pages) is still being read. `enabled:
 * false` once that list is ready: the head would otherwise read again after every write.
 */
export function useNewestQuotations(limit: number, enabled = true): { quotations: QuotationDoc[]; customers: ReadonlyMap<string, CustomerDoc>; total: number | null; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) =>
      // Read again on every local or replicated write (a status changed on another device too).
      (enabled ? concat(of(null), db.quotations.eventBulks$.pipe(auditTime(100))) : EMPTY).pipe(
        switchMap(async () => {
          const [docs, total] = await Promise.all([findNewest(db.quotations, limit), db.quotations.count().exec()]);
          const quotations = plainQuotations(docs);
          const ids = [...new Set(quotations.map((q) => q.customer_id).filter((id): id is string => Boolean(id)))];
          const found = ids.length ? await db.customers.findByIds(ids).exec() : new Map();
          const customers = new Map<string, CustomerDoc>();
          for (const [id, d] of found) customers.set(id, toPlain<CustomerDoc>([d])[0]);
          return { quotations, customers, total };
        }),
      ),
    [limit, enabled],
  );
  return { quotations: data?.quotations ?? [], customers: data?.customers ?? EMPTY_INDEX, total: data?.total ?? null, loading };
}

/** One quotation by code (as typed or upper-cased), live; null when this device does not have it. */
export function useQuotationByCode(code: string | undefined): { quotation: QuotationDoc | null; loading: boolean } {
  const c = (code ?? '').trim();
  const { data, loading } = useLiveQuery(
    (db) =>
      db.quotations
        .findOne({ selector: { code: { $in: [c, c.toUpperCase(), c.toLowerCase()] } } })
        .$.pipe(map((d) => (d ? toPlain<QuotationDoc>([d])[0] : null))),
    [c],
  );
  return { quotation: data ?? null, loading };
}

/** Customers by id (the list shows names; share needs phones), live. */
export function useCustomerIndex(enabled = true): { byId: ReadonlyMap<string, CustomerDoc>; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) =>
      enabled ? db.customers.find().$.pipe(map((docs) => new Map(toPlain<CustomerDoc>(docs).map((c) => [c.id, c] as const)))) : of(null),
    [enabled],
  );
  return { byId: data ?? EMPTY_INDEX, loading: loading || data === null };
}
const EMPTY_INDEX: ReadonlyMap<string, CustomerDoc> = new Map();

function draftToFields(d: QuotationDraft) {
  return {
    customer_id: d.customerId,
    description: d.description.trim(),
    materials: meaningfulMaterials(d.materials).map((m) => ({
      name: m.name.trim(),
      quantity: Math.max(0, Math.round(m.quantity)),
      price: fromCents(m.priceCents),
    })),
    discounts: fromCents(d.discountCents),
    taxes: fromCents(d.taxesCents),
    total_amount: fromCents(d.totalCents),
    payment_method: d.paymentMethod.trim(),
    validity_date: d.validityDate,
    execution_deadline: d.executionDeadline.trim(),
  };
}

async function recentQuotations(fdb: ForjaDatabase, now: number): Promise<StoredQuotationLike[]> {
  const since = new Date(now - Math.max(IDENTICAL_WINDOW_MS, SIMILAR_WINDOW_MS)).toISOString();
  const docs = await fdb.db.quotations
    .find({ selector: { $or: [{ created_at: { $gte: since } }, { client_updated_at: { $gte: since } }] } })
    .exec();
  return toPlain<QuotationDoc>(docs);
}

async function takenCodes(fdb: ForjaDatabase): Promise<Set<string>> {
  const docs = await fdb.db.quotations.find().exec();
  return new Set(docs.map((d) => normalizeQuotationCode(d.code)));
}

async function freshCode(fdb: ForjaDatabase): Promise<string> {
  const taken = await takenCodes(fdb);
  let code = generateQuotationCode();
  while (taken.has(normalizeQuotationCode(code))) code = generateQuotationCode();
  return code;
}

/** Quotation commands bound to one database (tests use this directly). */
export function createQuotationCommands(getDb: () => Promise<ForjaDatabase>) {
  return {
    /**
     * The duplicate guards for a draft about to be saved: `identical` (guard 1, refuse) and
     * `similar` (guard 2, creation only, ask). `now` is the clock (ms).
     */
    async checkDuplicates(draft: QuotationDraft, opts: { editingId?: string; now?: number } = {}) {
      const fdb = await getDb();
      const now = opts.now ?? Date.now();
      const recent = await recentQuotations(fdb, now);
      const identical = findIdenticalRecent(draft, recent, now, opts.editingId) !== null;
      const similar = !opts.editingId && !identical && findSimilarRecent(draft, recent, now) !== null;
      return { identical, similar };
    },

    /** Creates a pending quotation with a new code made here. Throws DataError when invalid. */
    async create(draft: QuotationDraft): Promise<QuotationDoc> {
      const errors = validateQuotationDraft(draft);
      const first = Object.entries(errors)[0];
      if (first) throw new DataError('required', first[1]!, first[0]);
      const fdb = await getDb();
      return insertDocument(fdb, 'quotations', {
        ...draftToFields(draft),
        code: await freshCode(fdb),
        // Made here, offline: the links staff send carry it (share-plan.ts).
        link_secret: generateLinkSecret(),
        status: 'pending',
        viewed_at: null,
        decided_at: null,
        decision_reason: null,
        decision_history: null,
      } as Parameters<typeof insertDocument<'quotations'>>[2]);
    },

    /** Saves an edit; an accepted/rejected quotation goes back to pending with its decision kept in the history. */
    async update(id: string, draft: QuotationDraft): Promise<QuotationDoc> {
      const errors = validateQuotationDraft(draft);
      const first = Object.entries(errors)[0];
      if (first) throw new DataError('required', first[1]!, first[0]);
      const fdb = await getDb();
      const current = await fdb.db.quotations.findOne(id).exec();
      if (!current) throw new DataError('not_found', QUOTATION_DATA_MESSAGES.notFound);
      const reset = resetDecision(current.toJSON() as QuotationDoc, new Date().toISOString());
      const updated = await patchDocument(fdb, 'quotations', id, { ...draftToFields(draft), ...(reset ?? {}) });
      if (!updated) throw new DataError('not_found', QUOTATION_DATA_MESSAGES.notFound);
      return updated;
    },

    /** Deletes it everywhere (a tombstone the server keeps). */
    async remove(id: string): Promise<void> {
      const fdb = await getDb();
      if (!(await removeDocument(fdb, 'quotations', id))) throw new DataError('not_found', QUOTATION_DATA_MESSAGES.notFound);
    },

    /** The form's customer search over this device's customers (≥ 2 chars, contains, ≤ 5). */
    async searchCustomers(text: string): Promise<CustomerDoc[]> {
      const fdb = await getDb();
      const docs = await fdb.db.customers.find().exec();
      const all = toPlain<CustomerDoc>(docs).sort((a, b) => comparePtBr(a.name, b.name));
      return searchCustomersByName(all, text);
    },

    async count(): Promise<number> {
      const fdb = await getDb();
      return fdb.db.quotations.count().exec();
    },
  };
}

export const quotationCommands = createQuotationCommands(requireDatabase);
export { QUOTATION_FORM_MESSAGES };

/**
 * 'Atualizar': asks the replication to pull and push now and waits (≤ 15 s) until it is in
 * sync. Offline it resolves at once with `offline: true` (the list shows this device's copy).
 */
export async function refreshQuotations(timeoutMs = 15_000): Promise<{ offline: boolean; count: number }> {
  const fdb = await requireDatabase();
  const online = fdb.sync.status$.value.online && (typeof navigator === 'undefined' || navigator.onLine !== false);
  if (online) {
    await syncNow();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const result = await Promise.race([fdb.sync.awaitInSync().then(() => 'ok' as const), timeout]);
    clearTimeout(timer);
    if (result === 'timeout') throw new Error('timeout');
  }
  const count = await fdb.db.quotations.count().exec();
  return { offline: !online || !fdb.sync.status$.value.online, count };
}

/** A quotation whose code the server refused got a new code on this device. */
export type CodeRecovery = { id: string; oldCode: string; newCode: string };
export const codeRecoveries$ = new Subject<CodeRecovery>();

/** Watches one database's refused documents and re-codes quotations refused for a taken code. */
export function watchCodeCollisions(fdb: ForjaDatabase, onRecovered: (r: CodeRecovery) => void): Subscription {
  const busy = new Set<string>();
  return fdb.sync.store.state$.subscribe((s) => {
    for (const r of s.refused) {
      if (r.collection !== 'quotations' || r.error !== 'duplicate_code' || busy.has(r.id)) continue;
      busy.add(r.id);
      void (async () => {
        try {
          const decision = decideCodeRetry(r, await takenCodes(fdb));
          if (decision.action !== 'recode') return;
          // Let the replication apply the server's answer (the refused row comes back deleted)
          // before writing the new version, so that answer cannot overwrite it.
          await settled(fdb, r.id);
          await fdb.sync.store.removeRefused('quotations', r.id);
          await putDocument(fdb, 'quotations', decision.document);
          onRecovered({ id: r.id, oldCode: decision.oldCode, newCode: decision.newCode });
        } finally {
          busy.delete(r.id);
        }
      })();
    }
  });
}

/** Resolves once the local copy of a refused quotation is gone and replication is idle (≤ 10 s). */
async function settled(fdb: ForjaDatabase, id: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const local = await fdb.db.quotations.findOne(id).exec();
    if (!local && !fdb.sync.status$.value.syncing) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const unannounced: CodeRecovery[] = [];
/** Recoveries that happened while no quotations screen was open (each returned once). */
export function takeUnannouncedRecoveries(): CodeRecovery[] {
  return unannounced.splice(0, unannounced.length);
}

let recoverySub: Subscription | null = null;
/** Starts (once per app) the code-collision recovery for whichever database is open. */
export function startQuotationCodeRecovery(): void {
  if (recoverySub) return;
  let inner: Subscription | null = null;
  recoverySub = database$.subscribe((fdb) => {
    inner?.unsubscribe();
    inner = fdb
      ? watchCodeCollisions(fdb, (r) => {
          // Nobody on screen to tell: keep it until a quotations screen asks (takeUnannouncedRecoveries).
          if (codeRecoveries$.observed) codeRecoveries$.next(r);
          else unannounced.push(r);
        })
      : null;
  });
}

export { DataError };
