/**
 * The old system's rows (the specification's field names) as Forja documents. Pure: the clock
 * and the link-secret generator are parameters. What a row cannot become is answered as a pt-BR
 * reason; the documents are then checked by the same validation as a push (sync/validate.ts),
 * and by the database's unique rules, in import.ts.
 *
 * What the old system has and Forja keeps: ids, quotation codes, created_at, viewed_at and the
 * status (accepted/rejected: the decision, with decided_at/decision_reason when the export has
 * such columns — the specification's table does not, so the date of the decision is then
 * unknown). Every imported quotation gets a link secret (SQL 009's rule), so the links staff send
 * from Forja carry it; the old bare-code links open with the customer's last 4 phone digits.
 */
import { QUOTATION_STATUSES, readImportedFiscal, type FiscalCells, type QuotationStatus } from '@shared';
import { resolveMunicipio } from '@shared/municipios';
import type { CsvRow } from './csv';
import { isBlank, plainWord, readDate, readInstant, readNumber, readText, type Read } from './values';

export type LegacyTable = 'customers' | 'quotations' | 'transactions';

/** Columns a file must have for its rows to mean anything (the rest may be missing: then null). */
export const REQUIRED_COLUMNS: Record<LegacyTable | 'users', readonly string[]> = {
  customers: ['id', 'name', 'phone'],
  quotations: ['id', 'code', 'description', 'status', 'total_amount', 'validity_date', 'materials'],
  transactions: ['id', 'type', 'amount', 'payment_status'],
  users: ['id', 'email'],
};

export interface MapContext {
  /** The import's moment (ISO): client_updated_at, and the ceiling for a created_at. */
  now: string;
  linkSecret: () => string;
}

/** A row as a document, before created_by (the authors' map) and the validation of a push. */
export interface Mapped {
  doc: Record<string, unknown>;
  /** The old system's created_by (a user id or an e-mail), to be mapped to a Forja account. */
  author: string | null;
  /** Fields left out of an imported row, and why (pt-BR): reported, the row still imported. */
  notes?: string[];
}

/**
 * Column names an export may give a customer's fiscal data (issue 38), compared without accents,
 * case or punctuation ('Endereço' = 'endereco', 'cpf_cnpj' = 'cpf cnpj'). The first one filled wins.
 */
const FISCAL_COLUMNS: Record<keyof FiscalCells, readonly string[]> = {
  taxId: ['cpf cnpj', 'cnpj cpf', 'cpf ou cnpj', 'tax id', 'documento', 'cpf', 'cnpj'],
  cep: ['cep', 'address cep'],
  street: ['endereco', 'logradouro', 'rua', 'address street', 'address'],
  number: ['numero', 'nro', 'num', 'address number'],
  complement: ['complemento', 'address complement'],
  district: ['bairro', 'address district'],
  city: ['cidade', 'municipio', 'cidade municipio', 'city'],
  uf: ['uf', 'estado', 'state'],
};

const columnKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The row's fiscal cells by the names above. */
function fiscalCells(values: Record<string, string>): FiscalCells {
  const byKey = new Map<string, string>();
  for (const [name, value] of Object.entries(values)) {
    const key = columnKey(name);
    if (!byKey.has(key) || byKey.get(key)!.trim() === '') byKey.set(key, value);
  }
  const cells: FiscalCells = {};
  for (const [field, names] of Object.entries(FISCAL_COLUMNS) as [keyof FiscalCells, readonly string[]][]) {
    cells[field] = names.map((n) => byKey.get(n)).find((v) => v !== undefined && v.trim() !== '') ?? null;
  }
  return cells;
}

const fail = (reason: string): Read<Mapped> => ({ ok: false, reason });

function id(row: CsvRow): string | null {
  return isBlank(row.values.id) ? null : row.values.id.trim();
}

/** created_at: kept from the old system, never later than the import; now when the export has none. */
function createdAt(row: CsvRow, ctx: MapContext): Read<string> {
  const r = readInstant(row.values.created_at);
  if (!r.ok) return { ok: false, reason: `created_at: ${r.reason}` };
  return { ok: true, value: r.value === null || r.value > ctx.now ? ctx.now : r.value };
}

export function mapCustomer(row: CsvRow, ctx: MapContext): Read<Mapped> {
  const rowId = id(row);
  if (!rowId) return fail('sem id');
  const created = createdAt(row, ctx);
  if (!created.ok) return created;
  const v = row.values;
  // Fiscal data (issue 38): what cannot be stored is left out with a note; the customer comes in.
  const fiscal = readImportedFiscal(fiscalCells(v), resolveMunicipio);
  return {
    ok: true,
    value: {
      doc: {
        id: rowId,
        name: (v.name ?? '').trim(),
        phone: (v.phone ?? '').trim(),
        whatsapp: readText(v.whatsapp)?.trim() ?? null,
        description: readText(v.description),
        ...fiscal.fiscal,
        created_at: created.value,
        client_updated_at: ctx.now,
      },
      author: readText(v.created_by)?.trim() ?? null,
      notes: fiscal.notes.map((n) => n.message),
    },
  };
}

const STATUS_WORDS: Record<string, QuotationStatus> = {
  pending: 'pending', pendente: 'pending',
  accepted: 'accepted', aceito: 'accepted', aceita: 'accepted', aprovado: 'accepted',
  rejected: 'rejected', rejeitado: 'rejected', recusado: 'rejected', recusada: 'rejected',
};

/** A material line of the JSON column, with numbers that came as text read too. */
function materialLine(raw: unknown): Record<string, unknown> | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const m = raw as Record<string, unknown>;
  const num = (x: unknown) => {
    const r = readNumber(typeof x === 'number' || typeof x === 'string' ? x : undefined);
    return r.ok ? r.value : x;
  };
  return { name: typeof m.name === 'string' ? m.name : String(m.name ?? ''), quantity: num(m.quantity) ?? 0, price: num(m.price) ?? 0 };
}

function materials(cell: string | undefined): Read<unknown[]> {
  if (isBlank(cell)) return { ok: true, value: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(cell as string);
  } catch {
    return { ok: false, reason: 'materials: não é um JSON válido' };
  }
  // A JSON column exported as text holding JSON text (double-encoded) is read once more.
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return { ok: false, reason: 'materials: não é um JSON válido' };
    }
  }
  if (parsed === null) return { ok: true, value: [] };
  if (!Array.isArray(parsed)) return { ok: false, reason: 'materials: o JSON não é uma lista de materiais' };
  const lines = parsed.map(materialLine);
  if (lines.some((l) => l === null)) return { ok: false, reason: 'materials: um item da lista não é um material {name, quantity, price}' };
  return { ok: true, value: lines as Record<string, unknown>[] };
}

function money(v: Record<string, string>, field: string, blankAs: number | null): Read<number> {
  const r = readNumber(v[field]);
  if (!r.ok) return { ok: false, reason: `${field}: ${r.reason}` };
  if (r.value === null) return blankAs === null ? { ok: false, reason: `${field} em branco` } : { ok: true, value: blankAs };
  return { ok: true, value: r.value };
}

function optionalJsonList(cell: string | undefined): unknown[] | null {
  if (isBlank(cell)) return null;
  try {
    const parsed: unknown = JSON.parse(cell as string);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function mapQuotation(row: CsvRow, ctx: MapContext): Read<Mapped> {
  const rowId = id(row);
  if (!rowId) return fail('sem id');
  const v = row.values;
  const code = (v.code ?? '').trim();
  if (!code) return fail('sem código (code)');
  const rawStatus = plainWord(v.status ?? '');
  const status: QuotationStatus | undefined = rawStatus === '' ? 'pending' : STATUS_WORDS[rawStatus];
  if (!status) return fail(`status "${v.status.trim()}" desconhecido (o Forja aceita ${QUOTATION_STATUSES.join(', ')})`);
  const created = createdAt(row, ctx);
  if (!created.ok) return created;
  const total = money(v, 'total_amount', null);
  if (!total.ok) return fail(total.reason);
  const discounts = money(v, 'discounts', 0);
  if (!discounts.ok) return fail(discounts.reason);
  const taxes = money(v, 'taxes', 0);
  if (!taxes.ok) return fail(taxes.reason);
  const validity = readDate(v.validity_date);
  if (!validity.ok) return fail(`validity_date: ${validity.reason}`);
  if (validity.value === null) return fail('validity_date em branco');
  const lines = materials(v.materials);
  if (!lines.ok) return fail(lines.reason);
  const viewed = readInstant(v.viewed_at);
  if (!viewed.ok) return fail(`viewed_at: ${viewed.reason}`);
  const decided = readInstant(v.decided_at);
  if (!decided.ok) return fail(`decided_at: ${decided.reason}`);
  const isDecided = status !== 'pending';
  return {
    ok: true,
    value: {
      doc: {
        id: rowId,
        code,
        customer_id: readText(v.customer_id)?.trim() ?? null,
        description: v.description ?? '',
        status,
        total_amount: total.value,
        discounts: discounts.value,
        taxes: taxes.value,
        payment_method: v.payment_method ?? '',
        validity_date: validity.value,
        // Optional (issue 39): the old system's list showed '—' for a quotation without one.
        execution_deadline: (v.execution_deadline ?? '').trim(),
        materials: lines.value,
        viewed_at: viewed.value,
        decided_at: isDecided ? decided.value : null,
        decision_reason: isDecided ? readText(v.decision_reason) : null,
        decision_history: optionalJsonList(v.decision_history),
        link_secret: ctx.linkSecret(),
        created_at: created.value,
        client_updated_at: ctx.now,
      },
      author: readText(v.created_by)?.trim() ?? null,
    },
  };
}

const TRANSACTION_TYPES: Record<string, string> = { entrada: 'entrada', saida: 'saida', despesas: 'despesas', despesa: 'despesas' };
const PAYMENT_METHODS: Record<string, string> = {
  dinheiro: 'dinheiro', pix: 'pix', cartao: 'cartao', 'cartao de credito': 'cartao', 'cartao de debito': 'cartao', credito: 'cartao', debito: 'cartao',
  transferencia: 'transferencia', 'transferencia bancaria': 'transferencia', ted: 'transferencia', doc: 'transferencia',
  'n/a': 'n/a', na: 'n/a', '': 'n/a',
};
const PAYMENT_STATUSES = new Set(['pago', 'parcial', 'pendente', 'atrasado']);

export function mapTransaction(row: CsvRow, ctx: MapContext): Read<Mapped> {
  const rowId = id(row);
  if (!rowId) return fail('sem id');
  const v = row.values;
  const type = TRANSACTION_TYPES[plainWord(v.type ?? '')];
  if (!type) return fail(`type "${(v.type ?? '').trim()}" desconhecido (o Forja aceita entrada, saida, despesas)`);
  const amount = money(v, 'amount', null);
  if (!amount.ok) return fail(amount.reason);
  const method = PAYMENT_METHODS[plainWord(v.payment_method ?? '')];
  if (!method) return fail(`payment_method "${v.payment_method.trim()}" desconhecido (o Forja aceita dinheiro, pix, cartao, transferencia, n/a)`);
  const status = plainWord(v.payment_status ?? '');
  if (!PAYMENT_STATUSES.has(status)) return fail(`payment_status "${(v.payment_status ?? '').trim()}" desconhecido (o Forja aceita pago, parcial, pendente, atrasado)`);
  const due = readDate(v.due_date);
  if (!due.ok) return fail(`due_date: ${due.reason}`);
  const created = createdAt(row, ctx);
  if (!created.ok) return created;
  return {
    ok: true,
    value: {
      doc: {
        id: rowId,
        type,
        customer_id: readText(v.customer_id)?.trim() ?? null,
        name: readText(v.name),
        category: readText(v.category),
        description: v.description ?? '',
        amount: amount.value,
        payment_method: method,
        payment_status: status,
        due_date: due.value,
        quotation_id: null,
        created_at: created.value,
        client_updated_at: ctx.now,
      },
      author: readText(v.created_by)?.trim() ?? null,
    },
  };
}

export const MAPPERS: Record<LegacyTable, (row: CsvRow, ctx: MapContext) => Read<Mapped>> = {
  customers: mapCustomer,
  quotations: mapQuotation,
  transactions: mapTransaction,
};

/** What a field refused by the push validation must be, in pt-BR, by the export's column name. */
const FIELD_RULES: Record<string, string> = {
  id: 'até 64 caracteres',
  code: 'letras, números e hífens, de 3 a 32 caracteres',
  name: 'de 1 a 200 caracteres',
  phone: 'de 1 a 40 caracteres',
  whatsapp: 'até 40 caracteres',
  description: 'texto longo demais',
  total_amount: 'não negativo, até 2 casas decimais',
  discounts: 'não negativo, até 2 casas decimais',
  taxes: 'não negativo, até 2 casas decimais',
  amount: 'maior que zero, até 2 casas decimais',
  materials: 'cada item com name preenchido, quantity inteira de 0 a 1.000.000 e price com até 2 casas decimais; até 200 itens',
  payment_method: 'até 200 caracteres',
  execution_deadline: 'até 200 caracteres',
  decision_history: 'lista de decisões do Forja',
  category: 'até 60 caracteres',
};

/** The push validation's refused fields as a pt-BR reason. */
export function invalidFieldsReason(fields: readonly string[], doc: Readonly<Record<string, unknown>>): string {
  if (fields.length === 0) return 'registro inválido';
  const parts = fields.map((f) => (isBlankValue(doc[f]) ? `${f} em branco` : FIELD_RULES[f] ? `${f} (${FIELD_RULES[f]})` : f));
  return `${fields.length === 1 ? 'campo inválido' : 'campos inválidos'}: ${parts.join('; ')}`;
}

const isBlankValue = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
