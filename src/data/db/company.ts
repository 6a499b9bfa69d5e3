import { map } from 'rxjs';
import { COMPANY_DOC_ID, type CompanyDoc } from '@shared';
import { toPlain, useLiveQuery } from './live-query';

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
