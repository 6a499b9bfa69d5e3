/**
 * The export folder: one CSV per table of the old system. The hosted service's table editor names
 * its download `<table>_rows.csv` (customers_rows.csv); renamed to `<table>.csv` works too. Every
 * file is read whole here, before anything is written: one that cannot be read stops the import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LegacyFileError, MAX_LEGACY_FILE_BYTES } from './csv';
import { decodeLegacyFile } from './encoding';
import { LEGACY_TABLES, type LegacyExport } from './import';

const TABLES = [...LEGACY_TABLES, 'users'] as const;

/** The table a file name is the export of ('customers.csv', 'Customers_rows.csv'), or null. */
export function tableOfFile(name: string): (typeof TABLES)[number] | null {
  const m = /^([a-z]+?)(?:_rows)?(?: ?\(\d+\))?\.csv$/i.exec(name);
  const table = m?.[1].toLowerCase();
  return TABLES.find((t) => t === table) ?? null;
}

export function readExportFolder(dir: string): LegacyExport {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new LegacyFileError(`${dir} não é uma pasta: indique a pasta com os arquivos .csv exportados.`);
    names = readdirSync(dir);
  } catch (err) {
    if (err instanceof LegacyFileError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new LegacyFileError(`A pasta ${dir} não existe.`);
    if (code === 'EACCES' || code === 'EPERM') throw new LegacyFileError(`Sem permissão para ler a pasta ${dir}.`);
    throw err;
  }
  const found = new Map<(typeof TABLES)[number], string[]>();
  for (const name of names.sort()) {
    const table = tableOfFile(name);
    if (table) found.set(table, [...(found.get(table) ?? []), name]);
  }
  const out: LegacyExport = {};
  for (const [table, files] of found) {
    if (files.length > 1) throw new LegacyFileError(`Mais de um arquivo para a tabela ${table} em ${dir}: ${files.join(', ')}. Deixe só um.`);
    const file = path.join(dir, files[0]);
    let bytes: Buffer;
    try {
      const size = statSync(file).size;
      if (size > MAX_LEGACY_FILE_BYTES) {
        throw new LegacyFileError(`${files[0]}: ${(size / 1024 / 1024).toFixed(0)} MB, acima do limite de ${MAX_LEGACY_FILE_BYTES / 1024 / 1024} MB por arquivo.`);
      }
      bytes = readFileSync(file);
    } catch (err) {
      if (err instanceof LegacyFileError) throw err;
      throw new LegacyFileError(`${files[0]}: não foi possível ler o arquivo (${(err as NodeJS.ErrnoException).code ?? String(err)}).`);
    }
    // Each file's encoding decided by its own bytes (legacy/encoding.ts); the CLI says which.
    const { text, encoding, invalidLines } = decodeLegacyFile(bytes);
    out[table] = { fileName: files[0], text, encoding, invalidLines };
  }
  if (!LEGACY_TABLES.some((t) => out[t])) {
    throw new LegacyFileError(
      `Nenhum arquivo da exportação em ${dir}: são esperados customers.csv, quotations.csv e/ou transactions.csv (ou customers_rows.csv etc., como o painel baixa), e users.csv opcional.`,
    );
  }
  return out;
}
