/**
 * The five settings catalogues (Categorias, Tipos, Materiais, Espessuras, Dimensões): their
 * messages (spec §5, §8) and the name rules. Duplicates ignore case, accents and extra spaces
 * (schemas/rules.ts catalogNameKey, the same key as the server's unique index); on edit only
 * other entries count. A thickness is a number (step 0.1, unit mm), duplicate by value.
 */
import { catalogNameKey, type CatalogKind } from '@shared';
import { parseQuantity } from './stock';

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
    placeholder: 'Nova espessura (mm)',
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
 * How a thickness entry reads everywhere ('9,7 mm'): from its value in pt-BR, whatever its stored
 * name (an entry written by another client or an older version may be named '9.7'); an entry
 * without a value shows its name (a number with a decimal comma and the unit).
 */
export function thicknessDisplay(entry: { name: string; value?: number | null; unit?: string | null }): string {
  const unit = entry.unit || THICKNESS_UNIT;
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
    const value = parseQuantity(text.replace(/\s*mm$/i, ''));
    if (value === null || value <= 0 || value > 100000) return { ok: false, message: THICKNESS_NOT_A_NUMBER };
    const rounded = Math.round(value * 100) / 100;
    const name = thicknessName(rounded);
    if (others.some((e) => (e.value != null ? e.value === rounded : catalogNameKey(e.name) === catalogNameKey(name)))) {
      return { ok: false, message: w.duplicate };
    }
    return { ok: true, name, value: rounded, unit: THICKNESS_UNIT };
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
