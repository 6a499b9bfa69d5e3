import { map } from 'rxjs';
import { ERROR_MESSAGES, phoneKey, type CustomerDoc } from '@shared';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import { toPlain, useLiveQuery } from './live-query';
import { requireDatabase } from './session';
import { insertDocument, patchDocument, removeDocument } from './writes';

export type NewCustomer = { name: string; phone: string; whatsapp?: string | null; description?: string | null };
export type CustomerPatch = Partial<NewCustomer>;

export const CUSTOMER_MESSAGES = {
  nameRequired: 'Nome é obrigatório',
  phoneRequired: 'Telefone é obrigatório',
  duplicatePhone: ERROR_MESSAGES.duplicate_phone,
  notFound: 'Cliente não encontrado',
} as const;

/** Customers newest first, as plain objects, live. */
export function useCustomers(): { customers: CustomerDoc[]; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) =>
      db.customers.find().$.pipe(
        map((docs) => toPlain<CustomerDoc>(docs).sort((a, b) => b.created_at.localeCompare(a.created_at))),
      ),
    [],
  );
  return { customers: data ?? [], loading };
}

const emptyToNull = (v: string | null | undefined) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

async function assertPhoneFree(fdb: ForjaDatabase, phone: string, exceptId?: string): Promise<void> {
  const key = phoneKey(phone);
  const all = await fdb.db.customers.find().exec();
  if (all.some((c) => c.id !== exceptId && phoneKey(c.phone) === key)) {
    throw new DataError('duplicate_phone', CUSTOMER_MESSAGES.duplicatePhone, 'phone');
  }
}

/** Customer commands bound to one database (tests use this directly). */
export function createCustomerCommands(getDb: () => Promise<ForjaDatabase>) {
  return {
    /** Throws DataError (field 'name' | 'phone') when refused. */
    async add(input: NewCustomer): Promise<CustomerDoc> {
      const name = (input.name ?? '').trim();
      const phone = (input.phone ?? '').trim();
      if (!name) throw new DataError('required', CUSTOMER_MESSAGES.nameRequired, 'name');
      if (!phone) throw new DataError('required', CUSTOMER_MESSAGES.phoneRequired, 'phone');
      const fdb = await getDb();
      await assertPhoneFree(fdb, phone);
      return insertDocument(fdb, 'customers', {
        name,
        phone,
        whatsapp: emptyToNull(input.whatsapp),
        description: emptyToNull(input.description),
      });
    },
    /** Changes some fields; an unchanged phone is not a duplicate of itself. */
    async update(id: string, patch: CustomerPatch): Promise<CustomerDoc> {
      const fdb = await getDb();
      const next: Partial<CustomerDoc> = {};
      if (patch.name !== undefined) {
        next.name = patch.name.trim();
        if (!next.name) throw new DataError('required', CUSTOMER_MESSAGES.nameRequired, 'name');
      }
      if (patch.phone !== undefined) {
        next.phone = patch.phone.trim();
        if (!next.phone) throw new DataError('required', CUSTOMER_MESSAGES.phoneRequired, 'phone');
        await assertPhoneFree(fdb, next.phone, id);
      }
      if (patch.whatsapp !== undefined) next.whatsapp = emptyToNull(patch.whatsapp);
      if (patch.description !== undefined) next.description = emptyToNull(patch.description);
      const updated = await patchDocument(fdb, 'customers', id, next);
      if (!updated) throw new DataError('not_found', CUSTOMER_MESSAGES.notFound);
      return updated;
    },
    async remove(id: string): Promise<void> {
      const fdb = await getDb();
      const removed = await removeDocument(fdb, 'customers', id);
      if (!removed) throw new DataError('not_found', CUSTOMER_MESSAGES.notFound);
    },
  };
}

export const customerCommands = createCustomerCommands(requireDatabase);
