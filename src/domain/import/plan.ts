/**
 * A spreadsheet's rows turned into what an import will write (issue 32 §2): the documents per
 * row, the rows skipped with their reason in pt-BR ('Linha 14, Telefone: já existe o cliente
 * Maria Souza'), and the counts the preview shows. Pure: the file's rows come already read
 * (papaparse / read-excel-file), the shop's current data and today's date are parameters.
 *
 * Line numbers are the spreadsheet's own row numbers, blank rows counted: data row i is line
 * `firstLine + i` (firstLine 2 when the header is row 1).
 */
import { catalogNameKey, formatCep, formatTaxId, isValidCnpj, isValidCpf, phoneKey, readImportedFiscal, type CatalogKind, type ImportedFiscalField, type MunicipioResolver } from '@shared';
import { normalizeForSearch } from '../search';
import { parseThickness, thicknessDisplay } from '../catalog';
import { CATEGORY_LABELS, FIXED_EXPENSE_CATEGORIES, SAIDA_CATEGORIES, TX_METHOD_LABELS, TX_STATUS_LABELS, TX_TYPE_LABELS } from '../transaction-rules';
import type { ImportKind } from './headers';
import { readDate, readMoney, readPhone, readQuantity, type Cell } from './values';

export type ColumnMapping = Record<string, number | null>;

export interface SheetTable {
  headers: string[];
  /** Every row under the header, blank ones kept: their place is the sheet's row number. */
  rows: Cell[][];
  /** The sheet's row number of rows[0] — the header's row + 1; 2 when absent (header on row 1). */
  firstLine?: number;
}

/** The sheet's row number of data row `i`. */
const lineOf = (table: SheetTable, i: number) => (table.firstLine ?? 2) + i;

/** A row the import leaves out or changes from what the file says, and why. */
export interface RowProblem {
  line: number;
  /** The field's pt-BR label ('Telefone'). */
  column: string;
  message: string;
}

/** 'Linha 14, Telefone: já existe o cliente Maria Souza' */
export const problemText = (p: RowProblem): string => `Linha ${p.line}, ${p.column}: ${p.message}`;

/** The pt-BR label of each field, as the mapping and the problems name it. */
export const FIELD_LABELS: Record<ImportKind, Record<string, string>> = {
  customers: {
    name: 'Nome',
    phone: 'Telefone',
    whatsapp: 'WhatsApp',
    description: 'Observação',
    tax_id: 'CPF/CNPJ',
    cnpj: 'CNPJ',
    street: 'Endereço',
    number: 'Número',
    complement: 'Complemento',
    cep: 'CEP',
    district: 'Bairro',
    city: 'Cidade',
    uf: 'UF',
  },
  transactions: {
    amount: 'Valor',
    date: 'Data',
    due_date: 'Vencimento',
    type: 'Tipo',
    payment_method: 'Forma de pagamento',
    payment_status: 'Status',
    customer: 'Cliente',
    description: 'Descrição',
    category: 'Categoria',
  },
  stock: {
    category: 'Categoria',
    type: 'Tipo',
    material: 'Material',
    thickness: 'Espessura',
    dimension: 'Dimensão',
    quantity: 'Quantidade',
    min_quantity: 'Quantidade mínima',
    description: 'Descrição',
  },
};

/** Fields a row cannot do without (the mapping asks for a column for each). */
export const REQUIRED_FIELDS: Record<ImportKind, readonly string[]> = {
  customers: ['name', 'phone'],
  transactions: ['amount', 'date'],
  stock: ['category', 'type', 'material', 'thickness', 'dimension'],
};

export const PLAN_MESSAGES = {
  nameBlank: 'nome em branco',
  tooLong: (max: number) => `texto com mais de ${max} caracteres`,
  existingCustomer: (name: string) => `já existe o cliente ${name}`,
  existingCustomerFill: (name: string) => `já existe o cliente ${name}: os campos vazios dele serão preenchidos`,
  existingCustomerNothing: (name: string) => `já existe o cliente ${name} e não há campo vazio a preencher`,
  repeatsLine: (line: number) => `repete a linha ${line}`,
  required: (label: string) => `${label.toLowerCase()} em branco`,
  existingItem: 'este item já está no estoque (use Movimentar para mudar a quantidade)',
  thicknessInvalid: 'espessura inválida (use mm, como 2,5, ou polegadas, como 1/4")',
  amountZero: 'valor deve ser maior que zero',
  futureDate: 'data no futuro',
  unknownType: (t: string) => `tipo desconhecido "${t}" (use Entrada, Saída ou Despesa Fixa)`,
  unknownMethod: (t: string) => `forma de pagamento desconhecida "${t}"`,
  unknownStatus: (t: string) => `status desconhecido "${t}"`,
  customerRequired: 'cliente em branco (obrigatório para uma entrada)',
  customerNotFound: (name: string) => `cliente "${name}" não cadastrado (importe os clientes antes)`,
  missingColumn: (label: string) => `Escolha a coluna de ${label}.`,
} as const;

const text = (cell: Cell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).replace(/\s+/g, ' ').trim();
};
/** Free text keeps its line breaks (a multi-line observation), trimmed. */
const longText = (cell: Cell): string => (cell === null || cell === undefined ? '' : String(cell).replace(/\r\n?/g, '\n').trim());

const isBlankRow = (row: readonly Cell[]) => row.every((c) => text(c) === '');

function cellOf(row: readonly Cell[], mapping: ColumnMapping, field: string): Cell {
  const i = mapping[field];
  return i === null || i === undefined ? null : row[i];
}

/** The fields whose column is missing from the mapping, as messages ('Escolha a coluna de Telefone.'). */
export function missingColumns(kind: ImportKind, mapping: ColumnMapping): string[] {
  return REQUIRED_FIELDS[kind].filter((f) => mapping[f] === null || mapping[f] === undefined).map((f) => PLAN_MESSAGES.missingColumn(FIELD_LABELS[kind][f]));
}

/** What every plan has: problems, counts and preview rows (values as they will be stored, shown). */
interface PlanBase {
  problems: RowProblem[];
  /** Rows left out (blank rows are not counted anywhere). */
  skipped: number;
  /** The first rows as they will be stored, as text, in FIELD_LABELS order (or `previewColumns`'). */
  preview: { line: number; values: string[] }[];
  /** The preview's column labels when they are not FIELD_LABELS' (customers: fiscal ones only when mapped). */
  previewColumns?: string[];
}

const PREVIEW_ROWS = 5;

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

export interface ExistingCustomer {
  id: string;
  name: string;
  phone: string;
  whatsapp?: string | null;
  description?: string | null;
  tax_id?: string | null;
  address_cep?: string | null;
  address_street?: string | null;
  address_number?: string | null;
  address_complement?: string | null;
  address_district?: string | null;
  address_city_code?: string | null;
}

/** A customer's fiscal fields an import fills (issue 38), as stored. */
export type ImportedFiscalFields = Partial<Record<ImportedFiscalField, string>>;

/** Which column a fiscal field's problem is reported under. */
const FISCAL_COLUMN: Record<ImportedFiscalField, string> = {
  tax_id: 'tax_id',
  address_cep: 'cep',
  address_street: 'street',
  address_number: 'number',
  address_complement: 'complement',
  address_district: 'district',
  address_city_code: 'city',
};

/**
 * A CPF/CNPJ or CEP cell as text. A spreadsheet that took one for a number dropped its leading
 * zeros (01310100 → 1310100, also in the CSV it saved): put back when that gives a valid CPF/CNPJ
 * or, for a CEP, when exactly one zero is missing (a 7-digit CEP has no other reading).
 */
function documentText(cell: Cell, kind: 'tax_id' | 'cep'): string {
  const numeric = typeof cell === 'number' && Number.isInteger(cell) && cell >= 0;
  if (!numeric && !/^\d+$/.test(text(cell))) return text(cell);
  const digits = numeric ? String(cell) : text(cell);
  if (kind === 'cep') return digits.length === 7 ? `0${digits}` : digits;
  if (digits.length < 11 && isValidCpf(digits.padStart(11, '0'))) return digits.padStart(11, '0');
  if (digits.length < 14 && isValidCnpj(digits.padStart(14, '0'))) return digits.padStart(14, '0');
  return digits;
}

export type DuplicatePolicy = 'skip' | 'fill';

export interface NewCustomerRow extends ImportedFiscalFields {
  line: number;
  name: string;
  phone: string;
  whatsapp: string | null;
  description: string | null;
}

export interface CustomerFill {
  line: number;
  id: string;
  name: string;
  /** Only fields the existing customer has empty. */
  patch: { whatsapp?: string; description?: string } & ImportedFiscalFields;
}

export interface CustomerPlan extends PlanBase {
  kind: 'customers';
  creates: NewCustomerRow[];
  fills: CustomerFill[];
  /** Rows whose phone is already a customer's (whatever the policy). */
  duplicates: number;
}

export function planCustomers(
  table: SheetTable,
  mapping: ColumnMapping,
  existing: readonly ExistingCustomer[],
  policy: DuplicatePolicy,
  /** The IBGE list's resolveMunicipio (schemas/municipios.ts, loaded on demand): Cidade + UF → code. */
  resolveCity: MunicipioResolver | null = null,
): CustomerPlan {
  const L = FIELD_LABELS.customers;
  const byPhone = new Map(existing.map((c) => [phoneKey(c.phone), c]));
  const seen = new Map<string, number>();
  const plan: CustomerPlan = { kind: 'customers', creates: [], fills: [], duplicates: 0, problems: [], skipped: 0, preview: [] };
  // The preview shows the fiscal columns the sheet has (an Endereço may also give Número and Bairro).
  const mapped = (f: string) => mapping[f] !== null && mapping[f] !== undefined;
  const fiscalPreview = (['tax_id', 'street', 'number', 'complement', 'cep', 'district', 'city'] as const).filter((c) =>
    c === 'tax_id' ? mapped('tax_id') || mapped('cnpj') : c === 'number' || c === 'district' ? mapped(c) || mapped('street') : mapped(c),
  );
  plan.previewColumns = [L.name, L.phone, L.whatsapp, L.description, ...fiscalPreview.map((c) => (c === 'city' ? 'Município' : L[c]))];
  const skip = (line: number, column: string, message: string) => {
    plan.problems.push({ line, column: L[column], message });
    plan.skipped++;
  };
  table.rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const line = lineOf(table, i);
    const name = text(cellOf(row, mapping, 'name'));
    if (!name) return skip(line, 'name', PLAN_MESSAGES.nameBlank);
    if (name.length > 200) return skip(line, 'name', PLAN_MESSAGES.tooLong(200));
    const phone = readPhone(cellOf(row, mapping, 'phone'));
    if (!phone.ok) return skip(line, 'phone', phone.reason);
    const whatsappCell = cellOf(row, mapping, 'whatsapp');
    const whatsappRead = readPhone(whatsappCell);
    const whatsapp = whatsappRead.ok ? whatsappRead.value : text(whatsappCell).slice(0, 40) || null;
    const description = longText(cellOf(row, mapping, 'description')) || null;
    if (description && description.length > 2000) return skip(line, 'description', PLAN_MESSAGES.tooLong(2000));
    const key = phoneKey(phone.value);
    const earlier = seen.get(key);
    if (earlier !== undefined) return skip(line, 'phone', PLAN_MESSAGES.repeatsLine(earlier));
    seen.set(key, line);
    const current = byPhone.get(key);
    if (current && policy === 'skip') {
      plan.duplicates++;
      return skip(line, 'phone', PLAN_MESSAGES.existingCustomer(current.name));
    }
    // Fiscal data (issue 38): a field that cannot be stored is left out with a line in the report.
    const taxCell = documentText(cellOf(row, mapping, 'tax_id'), 'tax_id');
    const read = readImportedFiscal(
      {
        taxId: taxCell || documentText(cellOf(row, mapping, 'cnpj'), 'tax_id'),
        cep: documentText(cellOf(row, mapping, 'cep'), 'cep'),
        street: text(cellOf(row, mapping, 'street')),
        number: text(cellOf(row, mapping, 'number')),
        complement: text(cellOf(row, mapping, 'complement')),
        district: text(cellOf(row, mapping, 'district')),
        city: text(cellOf(row, mapping, 'city')),
        uf: text(cellOf(row, mapping, 'uf')),
      },
      resolveCity,
    );
    const fiscalNotes = read.notes.map((n) => ({
      line,
      column: n.field === 'tax_id' && !taxCell ? L.cnpj : L[FISCAL_COLUMN[n.field]],
      message: n.message,
    }));
    if (current) {
      plan.duplicates++;
      const patch: CustomerFill['patch'] = {};
      if (!current.whatsapp?.trim() && whatsapp) patch.whatsapp = whatsapp;
      if (!current.description?.trim() && description) patch.description = description;
      for (const [f, v] of Object.entries(read.fiscal) as [ImportedFiscalField, string][]) if (!current[f]?.trim()) patch[f] = v;
      if (Object.keys(patch).length === 0) return skip(line, 'phone', PLAN_MESSAGES.existingCustomerNothing(current.name));
      plan.problems.push({ line, column: L.phone, message: PLAN_MESSAGES.existingCustomerFill(current.name) }, ...fiscalNotes);
      plan.fills.push({ line, id: current.id, name: current.name, patch });
      return;
    }
    plan.problems.push(...fiscalNotes);
    plan.creates.push({ line, name, phone: phone.value, whatsapp, description, ...read.fiscal });
    if (plan.preview.length < PREVIEW_ROWS) {
      const f = read.fiscal;
      const shown: Record<string, string> = {
        tax_id: f.tax_id ? formatTaxId(f.tax_id) : '',
        street: f.address_street ?? '',
        number: f.address_number ?? '',
        complement: f.address_complement ?? '',
        cep: f.address_cep ? formatCep(f.address_cep) : '',
        district: f.address_district ?? '',
        city: read.cityLabel ?? '',
      };
      plan.preview.push({ line, values: [name, phone.value, whatsapp ?? '', description ?? '', ...fiscalPreview.map((c) => shown[c])] });
    }
  });
  return plan;
}

// ---------------------------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------------------------

export interface ExistingCatalogEntry {
  id: string;
  kind: CatalogKind;
  name: string;
  value?: number | null;
  parent_id?: string | null;
}

export interface ExistingStockItem {
  category_id: string;
  type_id: string;
  material_id: string;
  thickness_id: string;
  dimension_id: string;
}

/** A catalogue entry the import creates; `ref` names it until it has an id. */
export interface NewCatalogEntry {
  ref: string;
  kind: CatalogKind;
  name: string;
  value: number | null;
  unit: string | null;
  /** A type's category: an existing id or another new entry's ref. */
  parent: string | null;
}

/** An id of an existing entry, or the ref of a new one ('new:material:aco galvanizado'). */
export type CatalogRef = string;
export const isNewRef = (ref: string) => ref.startsWith('new:');

export interface NewStockRow {
  line: number;
  category: CatalogRef;
  type: CatalogRef;
  material: CatalogRef;
  thickness: CatalogRef;
  dimension: CatalogRef;
  quantity: number;
  minimum_quantity: number;
  description: string | null;
}

export interface StockPlan extends PlanBase {
  kind: 'stock';
  creates: NewStockRow[];
  /** Catalogue entries that do not exist yet, in the order they must be created (categories before types). */
  newCatalog: NewCatalogEntry[];
}

const KIND_ORDER: CatalogKind[] = ['category', 'type', 'material', 'thickness', 'dimension'];

export function planStock(
  table: SheetTable,
  mapping: ColumnMapping,
  catalog: readonly ExistingCatalogEntry[],
  items: readonly ExistingStockItem[],
): StockPlan {
  const L = FIELD_LABELS.stock;
  const plan: StockPlan = { kind: 'stock', creates: [], newCatalog: [], problems: [], skipped: 0, preview: [] };
  const known = new Map<string, CatalogRef>(); // `${kind}|${key}` → ref
  const names = new Map<CatalogRef, string>();
  for (const e of catalog) {
    const key = e.kind === 'thickness' && typeof e.value === 'number' ? `v${e.value}` : catalogNameKey(e.name);
    if (!known.has(`${e.kind}|${key}`)) known.set(`${e.kind}|${key}`, e.id);
    names.set(e.id, e.kind === 'thickness' ? thicknessDisplay(e) : e.name);
  }
  const pendingNew = new Map<CatalogRef, NewCatalogEntry>();
  const resolve = (kind: CatalogKind, name: string, parent: CatalogRef | null): CatalogRef | null => {
    let key = catalogNameKey(name);
    let value: number | null = null;
    let entryName = name;
    if (kind === 'thickness') {
      // mm or an inch fraction (1/4", issue 39), the catalogue's own rule: same value, same entry.
      const t = parseThickness(name);
      if (!t) return null;
      value = t.value;
      key = `v${value}`;
      entryName = t.name;
    }
    const found = known.get(`${kind}|${key}`);
    if (found) return found;
    const ref = `new:${kind}:${key}`;
    known.set(`${kind}|${key}`, ref);
    names.set(ref, kind === 'thickness' ? thicknessDisplay({ name: entryName, value }) : entryName);
    pendingNew.set(ref, { ref, kind, name: entryName, value, unit: kind === 'thickness' ? 'mm' : null, parent: kind === 'type' ? parent : null });
    return ref;
  };
  const combo = (r: ExistingStockItem | NewStockRow) =>
    'category_id' in r ? [r.category_id, r.type_id, r.material_id, r.thickness_id, r.dimension_id].join('|') : [r.category, r.type, r.material, r.thickness, r.dimension].join('|');
  const existingCombos = new Set(items.map(combo));
  const seen = new Map<string, number>();
  const skip = (line: number, field: string, message: string) => {
    plan.problems.push({ line, column: L[field], message });
    plan.skipped++;
  };
  table.rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const line = lineOf(table, i);
    const values: Record<string, string> = {};
    for (const f of ['category', 'type', 'material', 'thickness', 'dimension']) values[f] = text(cellOf(row, mapping, f));
    const blankField = ['category', 'type', 'material', 'thickness', 'dimension'].find((f) => !values[f]);
    if (blankField) return skip(line, blankField, PLAN_MESSAGES.required(L[blankField]));
    const tooLong = Object.keys(values).find((f) => values[f].length > 200);
    if (tooLong) return skip(line, tooLong, PLAN_MESSAGES.tooLong(200));
    const qCell = cellOf(row, mapping, 'quantity');
    const quantity = text(qCell) === '' ? { ok: true as const, value: 0 } : readQuantity(qCell);
    if (!quantity.ok) return skip(line, 'quantity', quantity.reason);
    const mCell = cellOf(row, mapping, 'min_quantity');
    const minimum = text(mCell) === '' ? { ok: true as const, value: 0 } : readQuantity(mCell);
    if (!minimum.ok) return skip(line, 'min_quantity', minimum.reason);
    if (quantity.value > 100_000_000 || minimum.value > 100_000_000) return skip(line, quantity.value > 100_000_000 ? 'quantity' : 'min_quantity', 'quantidade grande demais');
    const description = longText(cellOf(row, mapping, 'description')) || null;
    if (description && description.length > 2000) return skip(line, 'description', PLAN_MESSAGES.tooLong(2000));
    // Resolve without creating yet: a row skipped later must not leave a new entry behind.
    const before = new Map(known);
    const beforeNew = new Set(pendingNew.keys());
    const undo = () => {
      known.clear();
      for (const [k, v] of before) known.set(k, v);
      for (const ref of [...pendingNew.keys()]) if (!beforeNew.has(ref)) pendingNew.delete(ref);
    };
    const category = resolve('category', values.category, null)!;
    const type = resolve('type', values.type, category)!;
    const material = resolve('material', values.material, null)!;
    const thickness = resolve('thickness', values.thickness, null);
    if (!thickness) {
      undo();
      return skip(line, 'thickness', PLAN_MESSAGES.thicknessInvalid);
    }
    const dimension = resolve('dimension', values.dimension, null)!;
    const item: NewStockRow = { line, category, type, material, thickness, dimension, quantity: quantity.value, minimum_quantity: minimum.value, description };
    const key = combo(item);
    if (existingCombos.has(key)) {
      undo();
      return skip(line, 'dimension', PLAN_MESSAGES.existingItem);
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      undo();
      return skip(line, 'dimension', PLAN_MESSAGES.repeatsLine(earlier));
    }
    seen.set(key, line);
    plan.creates.push(item);
    if (plan.preview.length < PREVIEW_ROWS) {
      plan.preview.push({
        line,
        values: [category, type, material, thickness, dimension].map((r) => names.get(r) ?? '').concat(
          formatQuantity(quantity.value),
          formatQuantity(minimum.value),
          description ?? '',
        ),
      });
    }
  });
  plan.newCatalog = [...pendingNew.values()].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  return plan;
}

const formatQuantity = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(n);

// ---------------------------------------------------------------------------------------------
// Transactions (Fluxo de Caixa)
// ---------------------------------------------------------------------------------------------

export interface NewTransactionRow {
  line: number;
  /** The shop day it happened ('YYYY-MM-DD'). */
  date: string;
  type: 'entrada' | 'saida' | 'despesas';
  customer_id: string | null;
  name: string | null;
  category: string | null;
  description: string;
  amountCents: number;
  payment_method: 'dinheiro' | 'pix' | 'cartao' | 'transferencia' | 'n/a';
  payment_status: 'pago' | 'parcial' | 'pendente';
  due_date: string | null;
}

export interface TransactionPlan extends PlanBase {
  kind: 'transactions';
  creates: NewTransactionRow[];
}

const TYPE_WORDS: Record<string, NewTransactionRow['type']> = {
  entrada: 'entrada', entradas: 'entrada', receita: 'entrada', recebimento: 'entrada', credito: 'entrada', e: 'entrada',
  saida: 'saida', saidas: 'saida', pagamento: 'saida', debito: 'saida', s: 'saida',
  despesa: 'despesas', despesas: 'despesas', 'despesa fixa': 'despesas', 'despesas fixas': 'despesas',
};
const METHOD_WORDS: Record<string, NewTransactionRow['payment_method']> = {
  dinheiro: 'dinheiro', especie: 'dinheiro', 'em especie': 'dinheiro',
  pix: 'pix',
  cartao: 'cartao', 'cartao de credito': 'cartao', 'cartao de debito': 'cartao', credito: 'cartao', debito: 'cartao',
  transferencia: 'transferencia', ted: 'transferencia', doc: 'transferencia', 'transferencia bancaria': 'transferencia', boleto: 'transferencia',
  'n/a': 'n/a', na: 'n/a',
};
const STATUS_WORDS: Record<string, NewTransactionRow['payment_status']> = {
  pago: 'pago', paga: 'pago', quitado: 'pago', recebido: 'pago',
  parcial: 'parcial', 'pago parcial': 'parcial', 'pagamento parcial': 'parcial',
  pendente: 'pendente', 'a pagar': 'pendente', 'a receber': 'pendente', aberto: 'pendente', 'em aberto': 'pendente', atrasado: 'pendente',
};
const word = (s: string) => normalizeForSearch(s).replace(/\s+/g, ' ').trim();

function categoryFor(type: NewTransactionRow['type'], raw: string): string | null {
  if (!raw || type === 'entrada') return null;
  const allowed: readonly string[] = type === 'despesas' ? FIXED_EXPENSE_CATEGORIES : SAIDA_CATEGORIES;
  const w = word(raw);
  const found = allowed.find((c) => c === w || word(CATEGORY_LABELS[c] ?? c) === w);
  return found ?? raw.slice(0, 60);
}

export function planTransactions(
  table: SheetTable,
  mapping: ColumnMapping,
  customers: readonly { id: string; name: string }[],
  today: string,
): TransactionPlan {
  const L = FIELD_LABELS.transactions;
  const plan: TransactionPlan = { kind: 'transactions', creates: [], problems: [], skipped: 0, preview: [] };
  const byName = new Map<string, { id: string; name: string }>();
  for (const c of customers) if (!byName.has(word(c.name))) byName.set(word(c.name), c);
  const skip = (line: number, field: string, message: string) => {
    plan.problems.push({ line, column: L[field], message });
    plan.skipped++;
  };
  table.rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const line = lineOf(table, i);
    const money = readMoney(cellOf(row, mapping, 'amount'));
    if (!money.ok) return skip(line, 'amount', money.reason);
    if (money.value === 0) return skip(line, 'amount', PLAN_MESSAGES.amountZero);
    const date = readDate(cellOf(row, mapping, 'date'));
    if (!date.ok) return skip(line, 'date', date.reason);
    if (date.value > today) return skip(line, 'date', PLAN_MESSAGES.futureDate);
    const typeText = text(cellOf(row, mapping, 'type'));
    let type: NewTransactionRow['type'] = money.value < 0 ? 'saida' : 'entrada';
    if (typeText) {
      const t = TYPE_WORDS[word(typeText)];
      if (!t) return skip(line, 'type', PLAN_MESSAGES.unknownType(typeText));
      type = t;
    }
    const methodText = text(cellOf(row, mapping, 'payment_method'));
    let method: NewTransactionRow['payment_method'] = type === 'despesas' ? 'n/a' : 'dinheiro';
    if (methodText) {
      const m = METHOD_WORDS[word(methodText)];
      if (!m) return skip(line, 'payment_method', PLAN_MESSAGES.unknownMethod(methodText));
      method = type === 'despesas' ? 'n/a' : m === 'n/a' ? 'dinheiro' : m;
    }
    const statusText = text(cellOf(row, mapping, 'payment_status'));
    let status: NewTransactionRow['payment_status'] = 'pago';
    if (statusText) {
      const s = STATUS_WORDS[word(statusText)];
      if (!s) return skip(line, 'payment_status', PLAN_MESSAGES.unknownStatus(statusText));
      status = type === 'despesas' && s === 'parcial' ? 'pendente' : s;
    }
    const dueCell = cellOf(row, mapping, 'due_date');
    let due: string | null = null;
    if (text(dueCell)) {
      const d = readDate(dueCell);
      if (!d.ok) return skip(line, 'due_date', d.reason);
      due = d.value;
    }
    const who = text(cellOf(row, mapping, 'customer'));
    let customer_id: string | null = null;
    let name: string | null = null;
    if (type === 'entrada') {
      if (!who) return skip(line, 'customer', PLAN_MESSAGES.customerRequired);
      const c = byName.get(word(who));
      if (!c) return skip(line, 'customer', PLAN_MESSAGES.customerNotFound(who));
      customer_id = c.id;
    } else {
      name = who.slice(0, 200) || null;
    }
    const description = longText(cellOf(row, mapping, 'description'));
    if (description.length > 2000) return skip(line, 'description', PLAN_MESSAGES.tooLong(2000));
    const category = categoryFor(type, text(cellOf(row, mapping, 'category')));
    const amountCents = Math.abs(money.value);
    plan.creates.push({ line, date: date.value, type, customer_id, name, category, description, amountCents, payment_method: method, payment_status: status, due_date: due });
    if (plan.preview.length < PREVIEW_ROWS) {
      const [y, m, d] = date.value.split('-');
      plan.preview.push({
        line,
        values: [
          new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(amountCents / 100),
          `${d}/${m}/${y}`,
          due ? due.split('-').reverse().join('/') : '',
          TX_TYPE_LABELS[type],
          TX_METHOD_LABELS[method],
          TX_STATUS_LABELS[status],
          customer_id ? (byName.get(word(who))?.name ?? who) : (name ?? ''),
          description,
          category ? (CATEGORY_LABELS[category] ?? category) : '',
        ],
      });
    }
  });
  return plan;
}

export type ImportPlan = CustomerPlan | StockPlan | TransactionPlan;

/** How many rows the import writes (new records and, for customers, filled ones). */
export const rowsToWrite = (plan: ImportPlan): number => plan.creates.length + (plan.kind === 'customers' ? plan.fills.length : 0);
