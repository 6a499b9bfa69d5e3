/**
 * Which spreadsheet column fills which field (issue 32): the first row's names matched to Forja's
 * fields by their pt-BR names and the variants shops use, case, accents and punctuation ignored.
 * The user can change each match afterwards; this is only the first guess.
 */
import { normalizeForSearch } from '../search';

export type ImportKind = 'customers' | 'stock' | 'transactions';

/** Each field with the names a header may use for it (normalised: lower case, no accents). */
export const IMPORT_FIELDS: Record<ImportKind, Record<string, readonly string[]>> = {
  customers: {
    name: ['nome', 'cliente', 'nome do cliente', 'razao social', 'nome completo'],
    phone: ['telefone', 'celular', 'fone', 'tel', 'telefone celular', 'contato'],
    whatsapp: ['whatsapp', 'whats', 'zap', 'wpp'],
    description: ['observacao', 'observacoes', 'obs', 'descricao', 'anotacoes'],
    // Fiscal data (issue 38). A sheet with both a CPF and a CNPJ column fills either.
    tax_id: ['cpf/cnpj', 'cpf cnpj', 'cnpj/cpf', 'cnpj cpf', 'cpf ou cnpj', 'documento', 'cpf'],
    cnpj: ['cnpj'],
    street: ['endereco', 'logradouro', 'rua', 'endereco completo'],
    number: ['numero', 'nro', 'num'],
    complement: ['complemento', 'compl'],
    cep: ['cep'],
    district: ['bairro'],
    city: ['cidade', 'municipio', 'cidade/municipio', 'municipio/cidade', 'cidade/uf', 'cidade uf'],
    uf: ['uf', 'estado'],
  },
  transactions: {
    amount: ['valor', 'valor total', 'total', 'quantia', 'valor r$'],
    date: ['data', 'data do lancamento', 'data de lancamento', 'dia'],
    due_date: ['vencimento', 'data de vencimento', 'venc'],
    type: ['tipo', 'entrada/saida', 'natureza'],
    payment_method: ['forma de pagamento', 'pagamento', 'meio de pagamento', 'forma'],
    payment_status: ['status', 'situacao', 'status do pagamento'],
    customer: ['cliente', 'nome do cliente', 'nome'],
    description: ['descricao', 'historico', 'observacao', 'obs'],
    category: ['categoria'],
  },
  stock: {
    category: ['categoria'],
    type: ['tipo'],
    material: ['material'],
    thickness: ['espessura', 'esp', 'espessura (mm)'],
    dimension: ['dimensao', 'dimensoes', 'medida', 'medidas', 'tamanho'],
    quantity: ['quantidade', 'qtd', 'qtde', 'quant', 'estoque'],
    min_quantity: ['quantidade minima', 'qtd minima', 'qtde minima', 'minimo', 'estoque minimo'],
    description: ['descricao', 'observacao', 'obs'],
  },
};

/** A header as matched: lower case, no accents, punctuation as spaces, spaces folded. */
export function normalizeHeader(header: string): string {
  return normalizeForSearch(header)
    .replace(/[^a-z0-9/$()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first guess of which column (by index) fills each field: an exact variant first, then a
 * header that starts with one ('Telefone 1'), each column used once, fields in their listed order.
 */
export function matchHeaders(kind: ImportKind, headers: readonly string[]): Record<string, number | null> {
  const normalized = headers.map(normalizeHeader);
  const used = new Set<number>();
  const result: Record<string, number | null> = {};
  const fields = Object.entries(IMPORT_FIELDS[kind]);
  for (const pass of ['exact', 'prefix'] as const) {
    for (const [field, variants] of fields) {
      if (result[field] !== undefined && result[field] !== null) continue;
      const index = normalized.findIndex(
        (h, i) => !used.has(i) && variants.some((v) => (pass === 'exact' ? h === v : h.startsWith(`${v} `))),
      );
      result[field] = index >= 0 ? index : null;
      if (index >= 0) used.add(index);
    }
  }
  return result;
}

/** 'A', 'B', … 'Z', 'AA': a column as the spreadsheet names it. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * The file's columns no field takes (issue 39), so the preview can say what will not come in and
 * nobody loses data without knowing: by their header ('E-mail'); a column without a header only
 * when some row has data in it, by its letter ('coluna F').
 */
export function unmappedColumns(
  headers: readonly string[],
  rows: readonly (readonly unknown[])[],
  mapping: Readonly<Record<string, number | null>>,
): string[] {
  const used = new Set(Object.values(mapping).filter((i): i is number => typeof i === 'number'));
  let width = headers.length;
  for (const r of rows) width = Math.max(width, r.length);
  const hasData = (i: number) => rows.some((r) => r[i] !== null && r[i] !== undefined && String(r[i]).trim() !== '');
  const out: string[] = [];
  for (let i = 0; i < width; i++) {
    if (used.has(i)) continue;
    const name = (headers[i] ?? '').trim();
    if (name || hasData(i)) out.push(name || `coluna ${columnLetter(i)}`);
  }
  return out;
}

