/**
 * Ordens de serviço (issue 31): the floor's jobs. Read through hooks, written through commands,
 * like customers.ts. The stage is never a field: every move is an insert-only event
 * (work_order_events), so moves made offline on two devices both survive, and the current stage
 * is the latest in the server's order (src/domain/work-orders.ts). Materials used are stock
 * movements linked to the OS; photos are written by the server when their bytes arrive
 * (photo-queue.ts sends them), devices only toggle Mostrar ao cliente or (owner) delete.
 */
import { combineLatest, map, of } from 'rxjs';
import {
  DEFAULT_WARRANTY_DAYS,
  ERROR_MESSAGES,
  WORK_ORDER_NOTE_MAX,
  generateWorkOrderCode,
  isWorkOrderStage,
  normalizeQuotationCode,
  shopDate,
  warrantyEndDate,
  workOrderIdForQuotation,
  type QuotationDoc,
  type StockMovementDoc,
  type WorkOrderDoc,
  type WorkOrderEventDoc,
  type WorkOrderPhotoDoc,
  type WorkOrderStage,
} from '@shared';
import { isYmd } from '../../domain/dates';
import { materialsUsed, workOrderState, type MaterialUsed, type WorkOrderState } from '../../domain/work-orders';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import { toPlain, useLiveQuery } from './live-query';
import { requireDatabase } from './session';
import { insertDocument, patchDocument, removeDocument } from './writes';
import { compareCodeUnits, newestFirst } from '../../domain/order';

export const WORK_ORDER_MESSAGES = {
  notFound: ERROR_MESSAGES.work_order_not_found,
  alreadyOpen: ERROR_MESSAGES.duplicate_work_order,
  notAccepted: 'Só um orçamento aceito pelo cliente pode virar ordem de serviço.',
  descriptionRequired: 'Descreva o serviço.',
  amountInvalid: 'Informe um valor válido (zero ou mais).',
  invalidStage: ERROR_MESSAGES.invalid_stage,
  sameStage: 'A ordem de serviço já está nesta etapa.',
  noteRequired: 'Escreva a anotação.',
  noteTooLong: `A anotação pode ter no máximo ${WORK_ORDER_NOTE_MAX} caracteres.`,
  forecastInvalid: 'Informe uma data válida.',
  quantityInvalid: 'Informe uma quantidade maior que zero.',
  itemNotFound: 'Item não encontrado no estoque.',
  photoNotFound: ERROR_MESSAGES.photo_not_found,
  ownerOnly: ERROR_MESSAGES.owner_only,
  materialsFirst: 'Devolva ao estoque os materiais desta OS antes de excluí-la.',
  materialReason: (code: string) => `Usado na OS ${code}`,
  materialReturnReason: (code: string) => `Devolvido da OS ${code}`,
} as const;

/** An OS as lists read it: the document and its state (stage, Atrasada, history). */
export type WorkOrderView = WorkOrderDoc & WorkOrderState;

const today = () => shopDate(new Date());

function viewsOf(orders: WorkOrderDoc[], events: WorkOrderEventDoc[], day: string): WorkOrderView[] {
  const byOrder = new Map<string, WorkOrderEventDoc[]>();
  for (const e of events) {
    const list = byOrder.get(e.work_order_id);
    if (list) list.push(e);
    else byOrder.set(e.work_order_id, [e]);
  }
  return orders
    .map((o) => ({ ...o, ...workOrderState(o, byOrder.get(o.id) ?? [], day) }))
    .sort(newestFirst);
}

/** Every live OS with its state, newest first, live. */
export function useWorkOrders(): { orders: WorkOrderView[]; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) =>
      combineLatest([db.work_orders.find().$, db.work_order_events.find().$]).pipe(
        map(([orders, events]) => viewsOf(toPlain<WorkOrderDoc>(orders), toPlain<WorkOrderEventDoc>(events), today())),
      ),
    [],
  );
  return { orders: data ?? [], loading };
}

/** One OS with its state, photos (oldest first) and materials used, live; null when this device does not have it. */
export function useWorkOrder(id: string | null | undefined): {
  order: WorkOrderView | null;
  photos: WorkOrderPhotoDoc[];
  materials: MaterialUsed[];
  loading: boolean;
} {
  const key = id ?? '';
  const { data, loading } = useLiveQuery(
    (db) =>
      combineLatest([
        db.work_orders.findOne(key).$,
        db.work_order_events.find({ selector: { work_order_id: key } }).$,
        db.work_order_photos.find({ selector: { work_order_id: key } }).$,
        db.stock_movements.find({ selector: { work_order_id: key } }).$,
      ]).pipe(
        map(([order, events, photos, movements]) => ({
          order: order ? viewsOf([order.toJSON() as WorkOrderDoc], toPlain<WorkOrderEventDoc>(events), today())[0] : null,
          photos: toPlain<WorkOrderPhotoDoc>(photos).sort((a, b) => compareCodeUnits(a.taken_at, b.taken_at)),
          materials: materialsUsed(toPlain<StockMovementDoc>(movements)),
        })),
      ),
    [key],
  );
  return { order: data?.order ?? null, photos: data?.photos ?? [], materials: data?.materials ?? [], loading };
}

/** Ids of the quotations that have an OS (their card shows it instead of Abrir ordem de serviço), live. */
export function useWorkOrderQuotationIds(): ReadonlySet<string> {
  const { data } = useLiveQuery(
    (db) => db.work_orders.find({ selector: { quotation_id: { $ne: null } } }).$.pipe(map((docs) => new Set(docs.map((d) => d.quotation_id as string)) as ReadonlySet<string>)),
    [],
  );
  return data ?? EMPTY_IDS;
}
const EMPTY_IDS: ReadonlySet<string> = new Set();

/** The quotation an OS came from (its link and secret for Avisar cliente, its receivable), live; null for a counter job. */
export function useWorkOrderQuotation(quotationId: string | null | undefined): QuotationDoc | null {
  const { data } = useLiveQuery(
    (db) => (quotationId ? db.quotations.findOne(quotationId).$.pipe(map((d) => (d ? (d.toJSON() as QuotationDoc) : null))) : of(null)),
    [quotationId ?? ''],
  );
  return data ?? null;
}

/** Which stock items an OS used, for an item's view: OS code per item id, live. */
export function useWorkOrdersUsingItem(itemId: string | null): { id: string; code: string; quantity: number }[] {
  const { data } = useLiveQuery(
    (db) =>
      combineLatest([db.stock_movements.find({ selector: { stock_item_id: itemId ?? '' } }).$, db.work_orders.find().$]).pipe(
        map(([movements, orders]) => {
          const codes = new Map(orders.map((o) => [o.id, o.code]));
          const net = new Map<string, number>();
          for (const m of movements) if (m.work_order_id) net.set(m.work_order_id, (net.get(m.work_order_id) ?? 0) - m.delta);
          return [...net.entries()]
            .filter(([, q]) => q > 0)
            .map(([id, quantity]) => ({ id, code: codes.get(id) ?? '—', quantity }));
        }),
      ),
    [itemId],
  );
  return data ?? [];
}

export interface NewCounterWorkOrder {
  customer_id: string | null;
  description: string;
  /** Reais (2 decimals at most). */
  total_amount: number;
  forecast_date?: string | null;
  responsible_id?: string | null;
}

export interface WorkOrderPatch {
  responsible_id?: string | null;
  /** 'YYYY-MM-DD' or null. */
  forecast_date?: string | null;
  description?: string;
}


async function currentStageOf(fdb: ForjaDatabase, id: string): Promise<WorkOrderStage> {
  const [order, events] = await Promise.all([
    fdb.db.work_orders.findOne(id).exec(),
    fdb.db.work_order_events.find({ selector: { work_order_id: id } }).exec(),
  ]);
  if (!order) throw new DataError('not_found', WORK_ORDER_MESSAGES.notFound);
  return workOrderState(order.toJSON() as WorkOrderDoc, toPlain<WorkOrderEventDoc>(events), today()).stage;
}

async function requireOrder(fdb: ForjaDatabase, id: string): Promise<WorkOrderDoc> {
  const order = await fdb.db.work_orders.findOne(id).exec();
  if (!order) throw new DataError('not_found', WORK_ORDER_MESSAGES.notFound);
  return order.toJSON() as WorkOrderDoc;
}

async function freshWorkOrderCode(fdb: ForjaDatabase): Promise<string> {
  const taken = new Set((await fdb.db.work_orders.find().exec()).map((d) => normalizeQuotationCode(d.code)));
  let code = generateWorkOrderCode();
  while (taken.has(normalizeQuotationCode(code))) code = generateWorkOrderCode();
  return code;
}

/** Work-order commands bound to one database (tests use this directly). */
export function createWorkOrderCommands(getDb: () => Promise<ForjaDatabase>) {
  return {
    /**
     * Opens the OS of an accepted quotation: its code, customer, description, total and deadline.
     * The id is the quotation's (workOrderIdForQuotation), so an OS opened for it on another
     * device, offline too, is the same OS. Throws DataError when it exists or is not accepted.
     */
    async openFromQuotation(quotation: Pick<QuotationDoc, 'id' | 'code' | 'customer_id' | 'description' | 'total_amount' | 'execution_deadline' | 'status'>): Promise<WorkOrderDoc> {
      if (quotation.status !== 'accepted') throw new DataError('not_accepted', WORK_ORDER_MESSAGES.notAccepted);
      const fdb = await getDb();
      const id = workOrderIdForQuotation(quotation.id);
      if (await fdb.db.work_orders.findOne(id).exec()) throw new DataError('duplicate_work_order', WORK_ORDER_MESSAGES.alreadyOpen);
      return insertDocument(fdb, 'work_orders', {
        id,
        code: quotation.code,
        quotation_id: quotation.id,
        customer_id: quotation.customer_id ?? null,
        description: quotation.description,
        total_amount: quotation.total_amount,
        execution_deadline: quotation.execution_deadline?.trim() || null,
        responsible_id: null,
        forecast_date: null,
        warranty_until: null,
        created_by: fdb.userId,
        updated_by: fdb.userId,
      });
    },
    /** Nova OS without a quotation (a counter job), with a code made here (OS-XXXXXX). */
    async createCounter(input: NewCounterWorkOrder): Promise<WorkOrderDoc> {
      const description = input.description.trim();
      if (!description) throw new DataError('required', WORK_ORDER_MESSAGES.descriptionRequired, 'description');
      const cents = Math.round(input.total_amount * 100);
      if (!Number.isFinite(input.total_amount) || input.total_amount < 0 || Math.abs(input.total_amount * 100 - cents) > 1e-6) {
        throw new DataError('invalid', WORK_ORDER_MESSAGES.amountInvalid, 'total_amount');
      }
      if (input.forecast_date && !isYmd(input.forecast_date)) throw new DataError('invalid', WORK_ORDER_MESSAGES.forecastInvalid, 'forecast_date');
      const fdb = await getDb();
      return insertDocument(fdb, 'work_orders', {
        code: await freshWorkOrderCode(fdb),
        quotation_id: null,
        customer_id: input.customer_id,
        description,
        total_amount: cents / 100,
        execution_deadline: null,
        responsible_id: input.responsible_id ?? null,
        forecast_date: input.forecast_date || null,
        warranty_until: null,
        created_by: fdb.userId,
        updated_by: fdb.userId,
      });
    },
    /** Responsável, Previsão de entrega, description. */
    async update(id: string, patch: WorkOrderPatch): Promise<WorkOrderDoc> {
      const next: Partial<WorkOrderDoc> = {};
      if (patch.responsible_id !== undefined) next.responsible_id = patch.responsible_id || null;
      if (patch.forecast_date !== undefined) {
        if (patch.forecast_date && !isYmd(patch.forecast_date)) throw new DataError('invalid', WORK_ORDER_MESSAGES.forecastInvalid, 'forecast_date');
        next.forecast_date = patch.forecast_date || null;
      }
      if (patch.description !== undefined) {
        next.description = patch.description.trim();
        if (!next.description) throw new DataError('required', WORK_ORDER_MESSAGES.descriptionRequired, 'description');
      }
      const fdb = await getDb();
      const updated = await patchDocument(fdb, 'work_orders', id, next);
      if (!updated) throw new DataError('not_found', WORK_ORDER_MESSAGES.notFound);
      return updated;
    },
    /**
     * Moves the OS to `to` (any stage: mistakes get corrected): an event in its history. At
     * Entregue the Garantia's last day is set from `warrantyDays` (Configurações; 90 by default)
     * counted from today on the shop's calendar.
     */
    async moveStage(id: string, to: WorkOrderStage, opts: { warrantyDays?: number | null } = {}): Promise<void> {
      if (!isWorkOrderStage(to)) throw new DataError('invalid_stage', WORK_ORDER_MESSAGES.invalidStage);
      const fdb = await getDb();
      const from = await currentStageOf(fdb, id);
      if (from === to) throw new DataError('same_stage', WORK_ORDER_MESSAGES.sameStage);
      await insertDocument(fdb, 'work_order_events', { work_order_id: id, kind: 'move', from_stage: from, to_stage: to, text: null, server_seq: null, created_by: fdb.userId });
      if (to === 'entregue') {
        const days = opts.warrantyDays ?? DEFAULT_WARRANTY_DAYS;
        await patchDocument(fdb, 'work_orders', id, { warranty_until: warrantyEndDate(today(), days) || null });
      }
    },
    /** A note in the OS's history (insert-only, with author and time). */
    async addNote(id: string, text: string): Promise<void> {
      const t = text.trim();
      if (!t) throw new DataError('required', WORK_ORDER_MESSAGES.noteRequired, 'text');
      if (t.length > WORK_ORDER_NOTE_MAX) throw new DataError('too_long', WORK_ORDER_MESSAGES.noteTooLong, 'text');
      const fdb = await getDb();
      await requireOrder(fdb, id);
      await insertDocument(fdb, 'work_order_events', { work_order_id: id, kind: 'note', from_stage: null, to_stage: null, text: t, server_seq: null, created_by: fdb.userId });
    },
    /** Material used: a stock movement taking `quantity` of the item, linked to the OS. */
    async useMaterial(id: string, stockItemId: string, quantity: number): Promise<void> {
      if (!Number.isFinite(quantity) || quantity <= 0) throw new DataError('invalid', WORK_ORDER_MESSAGES.quantityInvalid, 'quantity');
      const fdb = await getDb();
      const order = await requireOrder(fdb, id);
      if (!(await fdb.db.stock_items.findOne(stockItemId).exec())) throw new DataError('not_found', WORK_ORDER_MESSAGES.itemNotFound, 'stock_item_id');
      await insertDocument(fdb, 'stock_movements', {
        stock_item_id: stockItemId,
        delta: -quantity,
        reason: WORK_ORDER_MESSAGES.materialReason(order.code),
        work_order_id: id,
        created_by: fdb.userId,
      });
    },
    /** Removes a material line: the opposite movement (the ledger stays insert-only). */
    async returnMaterial(id: string, stockItemId: string): Promise<void> {
      const fdb = await getDb();
      const order = await requireOrder(fdb, id);
      const movements = toPlain<StockMovementDoc>(await fdb.db.stock_movements.find({ selector: { work_order_id: id } }).exec());
      const line = materialsUsed(movements).find((m) => m.stock_item_id === stockItemId);
      if (!line) return;
      await insertDocument(fdb, 'stock_movements', {
        stock_item_id: stockItemId,
        delta: line.quantity,
        reason: WORK_ORDER_MESSAGES.materialReturnReason(order.code),
        work_order_id: id,
        created_by: fdb.userId,
      });
    },
    /** Mostrar ao cliente on or off. */
    async setPhotoVisible(photoId: string, visible: boolean): Promise<void> {
      const fdb = await getDb();
      if (!(await patchDocument(fdb, 'work_order_photos', photoId, { show_to_customer: visible }))) {
        throw new DataError('not_found', WORK_ORDER_MESSAGES.photoNotFound);
      }
    },
    /**
     * Deletes a whole OS: the owner's, like deleting one photo (issue 40 §6) — its stages,
     * Garantia and photos leave the customer's page with it; the server refuses anyone else's
     * deletion too. Refused while materials are still on it (they go back to stock first); its
   * history and photos stay as they are.
     */
    async remove(id: string, role: 'owner' | 'staff' | null): Promise<void> {
      if (role !== 'owner') throw new DataError('owner_only', WORK_ORDER_MESSAGES.ownerOnly);
      const fdb = await getDb();
      // Materials still on the OS came out of stock: deleting it would leave the stock short with
      // no OS to show why. They go back first (Devolver), each a movement of the ledger.
      const movements = toPlain<StockMovementDoc>(await fdb.db.stock_movements.find({ selector: { work_order_id: id } }).exec());
      if (materialsUsed(movements).length > 0) throw new DataError('materials_in_use', WORK_ORDER_MESSAGES.materialsFirst);
      if (!(await removeDocument(fdb, 'work_orders', id))) throw new DataError('not_found', WORK_ORDER_MESSAGES.notFound);
    },
    /** Deletes a photo: the owner's (the server refuses anyone else's deletion too). */
    async removePhoto(photoId: string, role: 'owner' | 'staff' | null): Promise<void> {
      if (role !== 'owner') throw new DataError('owner_only', WORK_ORDER_MESSAGES.ownerOnly);
      const fdb = await getDb();
      if (!(await removeDocument(fdb, 'work_order_photos', photoId))) throw new DataError('not_found', WORK_ORDER_MESSAGES.photoNotFound);
    },
  };
}

export const workOrderCommands = createWorkOrderCommands(requireDatabase);
