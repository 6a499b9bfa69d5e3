/**
 * RxDB migration strategies: one function per collection and schema version, turning a
 * document stored by the previous app version into the new schema. They must match the SQL
 * migrations of the same change (sync-server/src/migrations).
 */
import type { CollectionName } from '@shared';

type Strategy = (doc: Record<string, unknown>) => Record<string, unknown>;

/** v1 (SQL 004): `updated_by` — unknown for documents stored before it existed. */
const addUpdatedBy: Strategy = (doc) => ({ ...doc, updated_by: doc.updated_by ?? null });

export const MIGRATION_STRATEGIES: Partial<Record<CollectionName, Record<number, Strategy>>> = {
  customers: {
    1: addUpdatedBy,
    // v2 (SQL 012, issue 38): no fiscal data yet — every field empty, as the server's columns.
    2: (doc) => ({
      ...doc,
      tax_id: doc.tax_id ?? null,
      address_cep: doc.address_cep ?? null,
      address_street: doc.address_street ?? null,
      address_number: doc.address_number ?? null,
      address_complement: doc.address_complement ?? null,
      address_district: doc.address_district ?? null,
      address_city_code: doc.address_city_code ?? null,
    }),
  },
  // decision_history starts empty (null) for every quotation decided before v1.
  quotations: {
    1: (doc) => ({ ...addUpdatedBy(doc), decision_history: doc.decision_history ?? null }),
    // v2 (SQL 009): the link secret. Not made here: the server gives every older quotation one
    // and re-sequences it, so the pull brings the same secret to every device (a secret made on
    // each device would differ from the server's). Until it arrives the link is the bare code.
    2: (doc) => ({ ...doc, link_secret: doc.link_secret ?? null }),
    // v3 (issue 39): Prazo de Execução may be '' — every stored quotation already has one.
    3: (doc) => ({ ...doc, execution_deadline: typeof doc.execution_deadline === 'string' ? doc.execution_deadline : '' }),
  },
  transactions: { 1: (doc) => ({ ...addUpdatedBy(doc), quotation_id: doc.quotation_id ?? null }) },
  // v1 (SQL 010, issue 31): movements before work orders belong to none.
  stock_movements: { 1: (doc) => ({ ...doc, work_order_id: doc.work_order_id ?? null }) },
  // v1 (SQL 010): no Garantia set in Configurações yet (the default, 90 days, applies).
  company: {
    1: (doc) => ({ ...doc, warranty_days: doc.warranty_days ?? null }),
    // v2 (SQL 013, issue 38): no Configurações › Fiscal yet, no certificate, no DPS taken.
    2: (doc) => ({ ...doc, fiscal: doc.fiscal ?? null, fiscal_certificate: doc.fiscal_certificate ?? null, nfse_next_number: doc.nfse_next_number ?? null }),
  },
  // v1 (SQL 007): until the server's copy arrives (007 re-sequences every user), an account
  // kept from before is shown nameless, as staff, active.
  staff: { 1: (doc) => ({ ...doc, name: doc.name ?? '', role: doc.role ?? 'staff', active: doc.active ?? true }) },
};
