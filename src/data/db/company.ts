import { map } from 'rxjs';
import { COMPANY_DOC_ID, type CompanyDoc } from '@shared';
import type { ForjaDatabase } from './create-database';
import { DataError } from './errors';
import { toPlain, useLiveQuery } from './live-query';
import { requireDatabase } from './session';
import { insertDocument, patchDocument } from './writes';

/**
 * The shop's company profile from the local database (offline too), live; null until the
 * server's document has arrived. The PDFs, share texts and settings read it here.
 */
export function useCompanyProfile(): { company: CompanyDoc | null; loading: boolean } {
  const { data, loading } = useLiveQuery(
    (db) => db.company.findOne(COMPANY_DOC_ID).$.pipe(map((d) => (d ? toPlain<CompanyDoc>([d])[0] : null))),
    [],
  );
  return { company: data ?? null, loading };
}

export type CompanyPatch = Partial<Omit<CompanyDoc, 'id' | 'created_at' | 'updated_at' | 'client_updated_at' | 'created_by'>>;

/** Company profile commands bound to one database (tests use this directly). */
export function createCompanyCommands(getDb: () => Promise<ForjaDatabase>) {
  return {
    /** Saves the profile (creates the document if this device has not received it yet). */
    async save(patch: CompanyPatch): Promise<CompanyDoc> {
      const fdb = await getDb();
      const updated = await patchDocument(fdb, 'company', COMPANY_DOC_ID, patch);
      if (updated) return updated;
      if (!patch.name?.trim()) throw new DataError('required', 'O nome da empresa é obrigatório.', 'name');
      return insertDocument(fdb, 'company', {
        id: COMPANY_DOC_ID,
        name: patch.name,
        tagline: patch.tagline ?? null,
        address: patch.address ?? '',
        city: patch.city ?? '',
        phones: patch.phones ?? [],
        whatsapp_numbers: patch.whatsapp_numbers ?? [],
        email: patch.email ?? null,
        facebook_url: patch.facebook_url ?? null,
        instagram_url: patch.instagram_url ?? null,
        opening_hours: patch.opening_hours ?? '',
        map_url: patch.map_url ?? null,
        pix_key: patch.pix_key ?? null,
        warranty_days: patch.warranty_days ?? null,
        created_by: fdb.userId,
      });
    },
  };
}

export const companyCommands = createCompanyCommands(requireDatabase);
