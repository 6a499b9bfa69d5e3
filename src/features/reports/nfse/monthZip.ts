/**
 * `Baixar XMLs do mês`: the zip is made on this device (offline too) from what the local database
 * holds. fflate loads only here, on the first click (dynamic import), so the reports' chunk stays
 * small for everybody who never downloads it.
 */
import { monthZipEntries, nfseZipName, type MonthNote } from '../../../domain/nfse/month-report';
import { downloadBlob } from '../../../ui/downloadBlob';

/** The zip's bytes: every entry deflated; dates of the entries are the moment it is made. */
export async function makeMonthZip(rows: readonly MonthNote[], month: string): Promise<Uint8Array> {
  const { zipSync, strToU8 } = await import('fflate');
  const files: Record<string, Uint8Array> = {};
  for (const e of monthZipEntries(rows, month)) files[e.path] = strToU8(e.text);
  return zipSync(files, { level: 6 });
}

/** Builds `notas-fiscais-{yyyy-mm}.zip` and hands it to the browser; resolves with its name. */
export async function downloadMonthZip(rows: readonly MonthNote[], month: string): Promise<string> {
  const bytes = await makeMonthZip(rows, month);
  const name = nfseZipName(month);
  downloadBlob(new Blob([bytes as BlobPart], { type: 'application/zip' }), name);
  return name;
}
