/**
 * `npm run import:legacy` (issue 32 §4): the old system's customers, quotations and cash-flow
 * entries into Forja, keeping their ids and quotation codes, in ONE transaction.
 *
 * - Every file is read and parsed before the transaction: a file that cannot be read changes
 *   nothing (LegacyFileError).
 * - Records already in Forja (their ids, tombstones too) mean the export was imported before: the
 *   import refuses and changes nothing (LegacyAlreadyImportedError), unless `onlyNew` asks to
 *   import only the records that are not there yet.
 * - Each row is checked like a push (sync/validate.ts: the collections' JSON Schemas, money, dates,
 *   the code format, blank required texts) and against the unique rules (a phone of another
 *   customer, a code of another quotation); a refused row is skipped with its reason.
 * - Documents are written through the sync store (insertMany: the writers' lock, the global
 *   sequence, the stream's notification), so connected devices receive them like any change.
 * - `created_by` becomes the Forja account with the same e-mail (a users export maps the old
 *   system's user ids to e-mails; transactions may carry the e-mail itself), else the owner.
 */
import { generateLinkSecret, phoneKey } from '@shared';
import type { Database, Queryable } from '../db/types';
import { TABLES } from '../collections/tables';
import { normalizeEmail } from '../auth/users';
import { PHONE_KEY_SQL } from '../migrations/003-phone-key';
import { existingIds, insertMany, lockWrites, type Writer } from '../sync/store';
import { validateDocument } from '../sync/validate';
import { LegacyFileError, parseCsv, type CsvTable } from './csv';
import type { LegacyEncoding } from './encoding';
import { MAPPERS, REQUIRED_COLUMNS, invalidFieldsReason, type LegacyTable } from './map';

export { LegacyFileError } from './csv';

export const LEGACY_TABLES: readonly LegacyTable[] = ['customers', 'quotations', 'transactions'];

export interface LegacyFile {
  fileName: string;
  text: string;
  /** How the file was decoded (legacy/encoding.ts), when it was read from disk. */
  encoding?: LegacyEncoding;
  /** Its lines with bytes that were not valid UTF-8 (read as '�'). */
  invalidLines?: number[];
}

export type LegacyExport = Partial<Record<LegacyTable | 'users', LegacyFile>>;

export interface LegacyImportOptions {
  /** Import only the records not in Forja yet (the rest are skipped as imported before). */
  onlyNew?: boolean;
  /** Check everything and report, then roll back: nothing is written. */
  dryRun?: boolean;
  now?: Date;
}

/** A row skipped, or imported with a remark. */
export interface RowNote {
  fileName: string;
  line: number;
  id: string | null;
  reason: string;
}

export interface LegacyImportReport {
  files: { table: LegacyTable | 'users'; fileName: string; rows: number }[];
  imported: Record<LegacyTable, number>;
  skipped: RowNote[];
  notes: RowNote[];
  /** Imported records per Forja account they were credited to (created_by). */
  authors: { email: string; owner: boolean; count: number }[];
  /** Why records were credited to the owner instead, with how many. */
  ownerFallbacks: { reason: string; count: number }[];
  ownerEmail: string;
  dryRun: boolean;
}

/** Something about the database or the export that stops the whole import; nothing changed. */
export class LegacyImportError extends Error {}

/** The export's records are already in Forja: a second run over them. Nothing changed. */
export class LegacyAlreadyImportedError extends LegacyImportError {}

/** Parses every file of the export; throws LegacyFileError (nothing written) when one cannot be read. */
export function parseExport(files: LegacyExport): Partial<Record<LegacyTable | 'users', CsvTable>> {
  const present = LEGACY_TABLES.filter((t) => files[t]);
  if (present.length === 0) {
    throw new LegacyFileError('Nenhum arquivo da exportação: são esperados customers.csv, quotations.csv e/ou transactions.csv.');
  }
  const out: Partial<Record<LegacyTable | 'users', CsvTable>> = {};
  for (const t of [...LEGACY_TABLES, 'users'] as const) {
    const f = files[t];
    if (f) out[t] = parseCsv(f.fileName, f.text, REQUIRED_COLUMNS[t]);
  }
  return out;
}

/** Rows per insert statement (a few thousand parameters). */
const CHUNK = 200;

const TABLE_WORDS: Record<LegacyTable, [string, string]> = {
  customers: ['cliente', 'clientes'],
  quotations: ['orçamento', 'orçamentos'],
  transactions: ['lançamento do caixa', 'lançamentos do caixa'],
};

export function countWords(table: LegacyTable, n: number): string {
  return `${n.toLocaleString('pt-BR')} ${TABLE_WORDS[table][n === 1 ? 0 : 1]}`;
}

class DryRunDone extends Error {
  constructor(readonly report: LegacyImportReport) {
    super('dry run');
  }
}

interface Account {
  id: string;
  email: string;
}

/** created_by of the old system → a Forja account, counting where each record went and why. */
function authorResolver(users: CsvTable | undefined, accounts: Account[], owner: Account) {
  const emailOfOldUser = new Map<string, string>();
  for (const row of users?.rows ?? []) {
    const id = row.values.id?.trim();
    const email = row.values.email?.trim();
    if (id && email) emailOfOldUser.set(id, normalizeEmail(email));
  }
  const byEmail = new Map(accounts.map((a) => [normalizeEmail(a.email), a]));
  const credited = new Map<string, { email: string; owner: boolean; count: number }>();
  const fallbacks = new Map<string, number>();
  const credit = (account: Account) => {
    const entry = credited.get(account.id) ?? { email: account.email, owner: account.id === owner.id, count: 0 };
    entry.count++;
    credited.set(account.id, entry);
    return account.id;
  };
  const fallback = (reason: string) => {
    fallbacks.set(reason, (fallbacks.get(reason) ?? 0) + 1);
    return credit(owner);
  };
  return {
    resolve(raw: string | null): string {
      if (!raw) return fallback('sem created_by na exportação');
      let email: string | undefined;
      if (raw.includes('@')) email = normalizeEmail(raw);
      else if (!users) return fallback('sem users.csv para achar o e-mail de quem criou');
      else email = emailOfOldUser.get(raw);
      if (!email) return fallback(`o usuário ${raw} não está em ${users?.fileName ?? 'users.csv'}`);
      const account = byEmail.get(email);
      return account ? credit(account) : fallback(`${email} não tem conta no Forja (crie-a antes com npm run user:add para manter a autoria)`);
    },
    authors: () => [...credited.values()].sort((a, b) => b.count - a.count || a.email.localeCompare(b.email)),
    fallbacks: () => [...fallbacks.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
  };
}

async function ownerAccount(tx: Queryable): Promise<Account> {
  const { rows } = await tx.query<Account>(`SELECT id, email FROM users WHERE role = 'owner' AND active ORDER BY created_at, email LIMIT 1`);
  if (!rows[0]) {
    throw new LegacyImportError('Nenhuma conta de dono ativa no Forja: crie-a antes com npm run user:add -- <email> --dono. Nada foi alterado.');
  }
  return rows[0];
}

/** Records of the export already in Forja (by id, deleted ones too), per table. */
async function alreadyThere(tx: Queryable, tables: Partial<Record<LegacyTable, CsvTable>>): Promise<Record<LegacyTable, Set<string>>> {
  const out = {} as Record<LegacyTable, Set<string>>;
  for (const t of LEGACY_TABLES) {
    const ids = (tables[t]?.rows ?? []).map((r) => r.values.id?.trim()).filter((id): id is string => !!id && id.length <= 64);
    out[t] = await existingIds(tx, TABLES[t], ids);
  }
  return out;
}

function alreadyImportedMessage(existing: Record<LegacyTable, Set<string>>): string {
  const parts = LEGACY_TABLES.filter((t) => existing[t].size > 0).map((t) => countWords(t, existing[t].size));
  return [
    `Estes registros já foram importados: ${parts.join(', ')} desta exportação já estão no Forja.`,
    'Nada foi alterado.',
    'Para importar só os registros que ainda não estão no Forja (uma exportação mais nova, ou linhas corrigidas), repita com --somente-novos.',
  ].join('\n');
}

export async function importLegacy(db: Database, files: LegacyExport, opts: LegacyImportOptions = {}): Promise<LegacyImportReport> {
  const tables = parseExport(files);
  const now = (opts.now ?? new Date()).toISOString();
  try {
    return await db.transaction((tx) => importInto(tx, tables, { onlyNew: opts.onlyNew, dryRun: opts.dryRun, now }));
  } catch (err) {
    if (err instanceof DryRunDone) return err.report;
    throw err;
  }
}

async function importInto(
  tx: Queryable,
  tables: Partial<Record<LegacyTable | 'users', CsvTable>>,
  opts: { onlyNew?: boolean; dryRun?: boolean; now: string },
): Promise<LegacyImportReport> {
  // Pushes wait behind the import: the unique checks below hold until it commits.
  await lockWrites(tx);
  const owner = await ownerAccount(tx);
  const { rows: accounts } = await tx.query<Account>('SELECT id, email FROM users');
  const authors = authorResolver(tables.users, accounts, owner);
  const existing = await alreadyThere(tx, tables);
  if (!opts.onlyNew && LEGACY_TABLES.some((t) => existing[t].size > 0)) throw new LegacyAlreadyImportedError(alreadyImportedMessage(existing));

  const report: LegacyImportReport = {
    files: (['customers', 'quotations', 'transactions', 'users'] as const)
      .filter((t) => tables[t])
      .map((t) => ({ table: t, fileName: tables[t]!.fileName, rows: tables[t]!.rows.length + tables[t]!.malformed.length })),
    imported: { customers: 0, quotations: 0, transactions: 0 },
    skipped: [],
    notes: [],
    authors: [],
    ownerFallbacks: [],
    ownerEmail: owner.email,
    dryRun: opts.dryRun === true,
  };
  const ctx = { now: opts.now, linkSecret: () => generateLinkSecret() };

  // Phones of live customers (the unique rule: by digits, migration 003) and every code (the
  // unique rule counts deleted quotations too).
  const { rows: liveCustomers } = await tx.query<{ id: string; name: string; key: string }>(
    `SELECT id, name, ${PHONE_KEY_SQL} AS key FROM customers WHERE NOT _deleted`,
  );
  const phoneOwner = new Map(liveCustomers.map((c) => [c.key, { id: c.id, name: c.name, where: 'no Forja' }]));
  const liveCustomerIds = new Set(liveCustomers.map((c) => c.id));
  const { rows: codes } = await tx.query<{ code: string }>('SELECT lower(code) AS code FROM quotations');
  const codeTaken = new Map(codes.map((c) => [c.code, 'no Forja']));
  /** An old customer skipped as a duplicate phone → the customer its records now belong to. */
  const sameCustomer = new Map<string, { id: string; name: string }>();

  const accepted: Record<LegacyTable, Record<string, unknown>[]> = { customers: [], quotations: [], transactions: [] };
  const importedCustomerIds = new Set<string>();
  for (const table of LEGACY_TABLES) {
    const csv = tables[table];
    if (!csv) continue;
    const skip = (line: number, id: string | null, reason: string) => report.skipped.push({ fileName: csv.fileName, line, id, reason });
    for (const m of csv.malformed) skip(m.line, null, m.reason);
    const seen = new Map<string, number>();
    for (const row of csv.rows) {
      const rawId = row.values.id?.trim() || null;
      if (rawId && seen.has(rawId)) {
        skip(row.line, rawId, `id repetido na exportação (já na linha ${seen.get(rawId)})`);
        continue;
      }
      if (rawId) seen.set(rawId, row.line);
      if (rawId && existing[table].has(rawId)) {
        skip(row.line, rawId, 'já está no Forja (importado antes)');
        continue;
      }
      const mapped = MAPPERS[table](row, ctx);
      if (!mapped.ok) {
        skip(row.line, rawId, mapped.reason);
        continue;
      }
      const doc = mapped.value.doc;
      const ref = doc.customer_id as string | null | undefined;
      if (ref && sameCustomer.has(ref)) doc.customer_id = sameCustomer.get(ref)!.id;
      const v = validateDocument(table, { ...doc, created_by: null, updated_at: opts.now });
      if (!v.ok) {
        skip(row.line, rawId, v.detail ?? invalidFieldsReason(v.fields, doc));
        continue;
      }
      const final = v.doc;
      if (table === 'customers') {
        const key = phoneKey(final.phone as string);
        const holder = phoneOwner.get(key);
        if (holder) {
          sameCustomer.set(final.id as string, holder);
          skip(row.line, rawId, `o telefone ${final.phone as string} já é do cliente ${holder.name} (${holder.where}): não importado; os orçamentos e lançamentos dele ficam com ${holder.name}`);
          continue;
        }
        phoneOwner.set(key, { id: final.id as string, name: final.name as string, where: `linha ${row.line} de ${csv.fileName}` });
      }
      if (table === 'quotations') {
        const code = (final.code as string).toLowerCase();
        const where = codeTaken.get(code);
        if (where) {
          skip(row.line, rawId, `o código ${final.code as string} já existe ${where === 'no Forja' ? 'em outro orçamento do Forja' : `na ${where}`}`);
          continue;
        }
        codeTaken.set(code, `linha ${row.line} de ${csv.fileName}`);
      }
      final.created_by = authors.resolve(mapped.value.author);
      accepted[table].push(final);
      for (const reason of mapped.value.notes ?? []) report.notes.push({ fileName: csv.fileName, line: row.line, id: rawId, reason });
      if (table === 'customers') importedCustomerIds.add(final.id as string);
      const customerId = final.customer_id as string | null;
      if (table !== 'customers' && customerId && !liveCustomerIds.has(customerId) && !importedCustomerIds.has(customerId)) {
        report.notes.push({
          fileName: csv.fileName,
          line: row.line,
          id: rawId,
          reason: `importado, mas o cliente ${customerId} não está entre os clientes importados nem no Forja: aparece sem cliente${table === 'quotations' ? ', e o link só abre com a chave (?k=) que o Forja envia' : ''}`,
        });
      }
    }
  }

  // As a device's push would be written: the writer lock (held), the sequence, the notification.
  const writer: Writer = { userId: owner.id, sessionId: null };
  for (const table of LEGACY_TABLES) {
    const docs = accepted[table];
    for (let i = 0; i < docs.length; i += CHUNK) {
      await insertMany(tx, TABLES[table], docs.slice(i, i + CHUNK).map((d) => ({ ...d, _deleted: false })), writer);
    }
    report.imported[table] = docs.length;
  }
  report.authors = authors.authors();
  report.ownerFallbacks = authors.fallbacks();
  if (opts.dryRun) throw new DryRunDone(report);
  return report;
}
