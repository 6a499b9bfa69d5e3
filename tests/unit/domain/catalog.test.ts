import { describe, expect, test } from 'vitest';
import { catalogInUseMessage, catalogNameKey, CATALOG_NAME_KEY_SQL } from '@shared';
import { catalogSuccessMessage, sortCatalog, thicknessDisplay, validateCatalogEntry } from '../../../src/domain/catalog';

const entries = [
  { id: '1', kind: 'category' as const, name: 'Barras Metálicas' },
  { id: '2', kind: 'material' as const, name: 'Aço Carbono' },
  { id: '3', kind: 'thickness' as const, name: '1,5', value: 1.5 },
  { id: '4', kind: 'dimension' as const, name: '6000 mm' },
  { id: '5', kind: 'type' as const, name: 'Metalon' },
];

describe('catalogue names', () => {
  test('blank names give the spec messages', () => {
    expect(validateCatalogEntry('category', '  ', entries)).toEqual({ ok: false, message: 'O nome da categoria não pode estar vazio.' });
    expect(validateCatalogEntry('type', '', entries)).toEqual({ ok: false, message: 'O nome do tipo não pode estar vazio.' });
    expect(validateCatalogEntry('material', '', entries)).toEqual({ ok: false, message: 'O nome do material não pode estar vazio.' });
    expect(validateCatalogEntry('dimension', '', entries)).toEqual({ ok: false, message: 'O valor da dimensão não pode estar vazio.' });
    expect(validateCatalogEntry('thickness', '', entries)).toEqual({ ok: false, message: 'O valor da espessura não pode estar vazio.' });
  });
  test('duplicates ignore case, accents and spaces', () => {
    expect(validateCatalogEntry('material', 'aco  carbono', entries)).toEqual({ ok: false, message: 'Já existe um material com este nome.' });
    expect(validateCatalogEntry('category', 'BARRAS METALICAS', entries)).toEqual({ ok: false, message: 'Já existe uma categoria com este nome.' });
    expect(validateCatalogEntry('dimension', '6000 MM', entries)).toEqual({ ok: false, message: 'Já existe uma dimensão com este valor.' });
    expect(validateCatalogEntry('type', 'metalón', entries)).toEqual({ ok: false, message: 'Já existe um tipo com este nome.' });
    // another kind may repeat a name
    expect(validateCatalogEntry('type', 'Aço Carbono', entries)).toMatchObject({ ok: true, name: 'Aço Carbono' });
  });
  test('on edit only other entries count', () => {
    expect(validateCatalogEntry('material', 'Aço carbono', entries, '2')).toMatchObject({ ok: true, name: 'Aço carbono' });
    expect(validateCatalogEntry('thickness', '1.5', entries, '3')).toMatchObject({ ok: true, value: 1.5 });
  });
  test('thickness is a number, duplicate by value, unit mm', () => {
    expect(validateCatalogEntry('thickness', 'abc', entries)).toEqual({ ok: false, message: 'A espessura deve ser um número válido.' });
    expect(validateCatalogEntry('thickness', '-2', entries)).toEqual({ ok: false, message: 'A espessura deve ser um número válido.' });
    expect(validateCatalogEntry('thickness', '1,50', entries)).toEqual({ ok: false, message: 'Já existe uma espessura com este valor.' });
    expect(validateCatalogEntry('thickness', '2.5', entries)).toEqual({ ok: true, name: '2,5', value: 2.5, unit: 'mm' });
    expect(validateCatalogEntry('thickness', '3 mm', entries)).toEqual({ ok: true, name: '3', value: 3, unit: 'mm' });
  });
  test('a thickness in inches as a metal shop writes it (issue 39): kept as written, valued in mm, duplicate by value', () => {
    expect(validateCatalogEntry('thickness', '1/4"', entries)).toEqual({ ok: true, name: '1/4"', value: 6.35, unit: 'mm' });
    expect(validateCatalogEntry('thickness', '3/16"', entries)).toEqual({ ok: true, name: '3/16"', value: 4.7625, unit: 'mm' });
    expect(validateCatalogEntry('thickness', '1/8', entries)).toEqual({ ok: true, name: '1/8"', value: 3.175, unit: 'mm' });
    expect(validateCatalogEntry('thickness', '1 1/4 pol', entries)).toEqual({ ok: true, name: '1 1/4"', value: 31.75, unit: 'mm' });
    expect(validateCatalogEntry('thickness', '1/2”', entries)).toMatchObject({ ok: true, name: '1/2"', value: 12.7 });
    const quarter = { id: '9', kind: 'thickness' as const, name: '1/4"', value: 6.35 };
    expect(validateCatalogEntry('thickness', '1/4 pol', [...entries, quarter])).toEqual({ ok: false, message: 'Já existe uma espessura com este valor.' });
    expect(validateCatalogEntry('thickness', '1/0"', entries)).toEqual({ ok: false, message: 'A espessura deve ser um número válido.' });
    expect(sortCatalog('thickness', [quarter, { name: '5', value: 5 }, { name: '1/8"', value: 3.175 }]).map((e) => e.name)).toEqual(['1/8"', '5', '1/4"']);
  });
  test('success messages agree in gender', () => {
    expect(catalogSuccessMessage('category', 'add')).toBe('Categoria adicionada com sucesso.');
    expect(catalogSuccessMessage('type', 'update')).toBe('Tipo atualizado com sucesso.');
    expect(catalogSuccessMessage('material', 'remove')).toBe('Material removido com sucesso.');
    expect(catalogSuccessMessage('thickness', 'remove')).toBe('Espessura removida com sucesso.');
    expect(catalogSuccessMessage('dimension', 'add')).toBe('Dimensão adicionada com sucesso.');
  });
  test('in-use message says how many', () => {
    expect(catalogInUseMessage(1)).toBe('Não é possível excluir: 1 item do estoque usa este cadastro.');
    expect(catalogInUseMessage(3, 2)).toBe('Não é possível excluir: 3 itens do estoque usam e 2 tipos pertencem a este cadastro.');
  });
  test('sorting: thickness by value, names alphabetically', () => {
    expect(sortCatalog('thickness', [{ name: '10', value: 10 }, { name: '2', value: 2 }]).map((e) => e.value)).toEqual([2, 10]);
    expect(sortCatalog('material', [{ name: 'Inox' }, { name: 'Aço' }, { name: 'alumínio' }]).map((e) => e.name)).toEqual(['Aço', 'alumínio', 'Inox']);
  });
  test('the name key matches the SQL expression used by the unique index', () => {
    expect(catalogNameKey('  Aço   Carbono ')).toBe('aco carbono');
    expect(catalogNameKey('ALUMÍNIO')).toBe('aluminio');
    expect(CATALOG_NAME_KEY_SQL).toContain('translate');
  });
});

describe('thicknessDisplay (issue 18: decimals the pt-BR way)', () => {
  test('reads the value with a decimal comma, whatever the stored name', () => {
    expect(thicknessDisplay({ name: '9.7', value: 9.7, unit: 'mm' })).toBe('9,7 mm');
    expect(thicknessDisplay({ name: '9,7', value: 9.7, unit: null })).toBe('9,7 mm');
    expect(thicknessDisplay({ name: '2', value: 2, unit: 'mm' })).toBe('2 mm');
    expect(thicknessDisplay({ name: '1.25', value: 1.25, unit: 'pol' })).toBe('1,25 pol');
    expect(thicknessDisplay({ name: '1000.5', value: 1000.5 })).toBe('1000,5 mm');
  });
  test('an entry without a value shows its name, with a decimal comma', () => {
    expect(thicknessDisplay({ name: '3.5', value: null })).toBe('3,5 mm');
    expect(thicknessDisplay({ name: 'Chapa fina', value: null })).toBe('Chapa fina');
  });
  test('an entry in inches reads as written, with its mm beside (issue 39)', () => {
    expect(thicknessDisplay({ name: '1/4"', value: 6.35, unit: 'mm' })).toBe('1/4" (6,35 mm)');
    expect(thicknessDisplay({ name: '3/16"', value: 4.7625, unit: 'mm' })).toBe('3/16" (4,76 mm)');
    expect(thicknessDisplay({ name: '1/8"', value: null })).toBe('1/8"');
  });
});
