/**
 * The five settings catalogues (Categorias, Tipos, Materiais, Espessuras, Dimensões): their
 * messages (spec §5, §8) and the name rules. Duplicates ignore case, accents and extra spaces
 * (schemas/rules.ts catalogNameKey, the same key as the server's unique index); on edit only
 * other entries count. A thickness is a number in mm, or an inch fraction as a metal shop writes
 * it (1/4", 3/16", 1 1/4"), duplicate by its value in mm.
 */
import { catalogNameKey, type CatalogKind } from '@shared';
import { parseQuantity } from './stock';
import { isInchThickness, parseInches } from './thickness';

export { isInchThickness } from './thickness';

interface KindWords {
  /** Tab title */
  tab: string;
  /** Success subject: 'Categoria adicionada com sucesso.' */
  subject: string;
  feminine: boolean;
  blank: string;
  duplicate: string;
  placeholder: string;
}

export const CATALOG_WORDS: Record<CatalogKind, KindWords> = {
  category: {
    tab: 'Categorias',
    subject: 'Categoria',
    feminine: true,
    blank: 'O nome da categoria não pode estar vazio.',
    duplicate: 'Já existe uma categoria com este nome.',
    placeholder: 'Nova categoria',
  },
  type: {
    tab: 'Tipos',
    subject: 'Tipo',
    feminine: false,
    blank: 'O nome do tipo não pode estar vazio.',
    duplicate: 'Já existe um tipo com este nome.',
    placeholder: 'Novo tipo',
  },
  material: {
    tab: 'Materiais',
    subject: 'Material',
    feminine: false,
    blank: 'O nome do material não pode estar vazio.',
    duplicate: 'Já existe um material com este nome.',
    placeholder: 'Novo material',
  },
  thickness: {
    tab: 'Espessuras',
    subject: 'Espessura',
    feminine: true,
    blank: 'O valor da espessura não pode estar vazio.',
    duplicate: 'Já existe uma espessura com este valor.',
    placeholder: 'Nova espessura (mm ou 1/4")',
  },
  dimension: {
    tab: 'Dimensões',
    subject: 'Dimensão',
    feminine: true,
    blank: 'O valor da dimensão não pode estar vazio.',
    duplicate: 'Já existe uma dimensão com este valor.',
    placeholder: 'Nova dimensão (ex: 6000 mm)',
  },
};

export const THICKNESS_NOT_A_NUMBER = 'A espessura deve ser um número válido.';
export const TYPE_CATEGORY_REQUIRED = 'Escolha a categoria do tipo.';
export const THICKNESS_UNIT = 'mm';

export type CatalogAction = 'add' | 'update' | 'remove';

/** 'Categoria adicionada com sucesso.', 'Tipo removido com sucesso.' (toast titled 'Sucesso'). */
export function catalogSuccessMessage(kind: CatalogKind, action: CatalogAction): string {
  const w = CATALOG_WORDS[kind];
  const verb = { add: 'adicionad', update: 'atualizad', remove: 'removid' }[action] + (w.feminine ? 'a' : 'o');
  return `${w.subject} ${verb} com sucesso.`;
}

/** '1,5' for 1.5: how a thickness value is named (and shown, with ' mm'). */
export function thicknessName(value: number): string {
  return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2, useGrouping: false }).format(value);
}

/**
 * A thickness as typed or read from a sheet: mm ('2,5', '3 mm') or inches the way a metal shop
 * writes them ('1/4"', '3/16'). Inches keep their written form as the name ('1/4"', '1 1/4"') and
 * the value in mm (6.35; 3/16" → 4.7625), so lists sort by size and an older app shows the mm.
 */
export function parseThickness(input: string): { name: string; value: number } | null {
  const text = input.trim().replace(/\s+/g, ' ');
  const inch = parseInches(text);
  if (inch) return inch.value > 100000 ? null : inch;
  const mm = parseQuantity(text.replace(/\s*mm$/i, ''));
  if (mm === null || mm <= 0 || mm > 100000) return null;
  const value = Math.round(mm * 100) / 100;
  return { name: thicknessName(value), value };
}

/**
 * How a thickness entry reads everywhere ('9,7 mm'): from its value in pt-BR, whatever its stored
 * name (an entry written by another client or an older version may be named '9.7'); one in inches
 * as written with its mm beside ('1/4" (6,35 mm)'); an entry without a value shows its name (a
 * number with a decimal comma and the unit).
 */
export function thicknessDisplay(entry: { name: string; value?: number | null; unit?: string | null }): string {
  const unit = entry.unit || THICKNESS_UNIT;
  if (isInchThickness(entry.name)) {
    return typeof entry.value === 'number' && Number.isFinite(entry.value) ? `${entry.name.trim()} (${thicknessName(entry.value)} mm)` : entry.name.trim();
  }
  if (typeof entry.value === 'number' && Number.isFinite(entry.value)) return `${thicknessName(entry.value)} ${unit}`;
  const name = entry.name.trim().replace(/^(\d+)\.(\d+)$/, '$1,$2');
  return /^\d+(,\d+)?$/.test(name) ? `${name} ${unit}` : name;
}

export interface CatalogEntryLike {
  id: string;
  kind: CatalogKind;
  name: string;
  value?: number | null;
}

export type CatalogValidation =
  | { ok: true; name: string; value: number | null; unit: string | null }
  | { ok: false; message: string };

/**
 * Checks a name typed for `kind` against the live entries of that kind (`exceptId`: the entry
 * being edited, which does not count as a duplicate of itself).
 */
export function validateCatalogEntry(
  kind: CatalogKind,
  input: string,
  entries: readonly CatalogEntryLike[],
  exceptId?: string,
): CatalogValidation {
  const w = CATALOG_WORDS[kind];
  const text = (input ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return { ok: false, message: w.blank };
  const others = entries.filter((e) => e.kind === kind && e.id !== exceptId);
  if (kind === 'thickness') {
    const parsed = parseThickness(text);
    if (!parsed) return { ok: false, message: THICKNESS_NOT_A_NUMBER };
    const { name, value } = parsed;
    if (others.some((e) => (e.value != null ? e.value === value : catalogNameKey(e.name) === catalogNameKey(name)))) {
      return { ok: false, message: w.duplicate };
    }
    // `unit` is the value's: mm, inches included (their name says 1/4").
    return { ok: true, name, value, unit: THICKNESS_UNIT };
  }
  const key = catalogNameKey(text);
  if (others.some((e) => catalogNameKey(e.name) === key)) return { ok: false, message: w.duplicate };
  return { ok: true, name: text, value: null, unit: null };
}

/** Entries of one kind sorted for display: thicknesses by value, the rest alphabetically (pt-BR). */
export function sortCatalog<T extends { name: string; value?: number | null }>(kind: CatalogKind, entries: readonly T[]): T[] {
  return [...entries].sort((a, b) =>
    kind === 'thickness' ? (a.value ?? 0) - (b.value ?? 0) : a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }),
  );
}
