/** Issue 32: a CSV saved by Brazilian Excel (Windows-1252, ';') or by a newer one (UTF-8, BOM). */
import { describe, expect, it } from 'vitest';
import { decodeSpreadsheetBytes, guessDelimiter } from '../../../../src/domain/import/encoding';

/** 'Nome;Cidade\nConceição;São João\n' as Windows-1252 bytes. */
const cp1252 = Uint8Array.from([
  ...'Nome;Cidade\nConcei'.split('').map((c) => c.charCodeAt(0)), 0xe7, 0xe3, ...'o;S'.split('').map((c) => c.charCodeAt(0)), 0xe3,
  ...'o Jo'.split('').map((c) => c.charCodeAt(0)), 0xe3, ...'o\n'.split('').map((c) => c.charCodeAt(0)),
]);

describe('decoding a CSV', () => {
  it('Windows-1252 from Brazilian Excel: ç, ã come out right', () => {
    expect(decodeSpreadsheetBytes(cp1252)).toEqual({ text: 'Nome;Cidade\nConceição;São João\n', encoding: 'windows-1252' });
  });
  it('UTF-8 with and without a BOM', () => {
    const utf8 = new TextEncoder().encode('Nome;Cidade\nConceição;São João\n');
    expect(decodeSpreadsheetBytes(utf8)).toEqual({ text: 'Nome;Cidade\nConceição;São João\n', encoding: 'utf-8' });
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeSpreadsheetBytes(bom).text.startsWith('Nome')).toBe(true);
  });
});

describe('the separator', () => {
  it("';' from Excel in pt-BR, ',' from elsewhere, quotes respected", () => {
    expect(guessDelimiter('Nome;Telefone;Valor\nAna;(35) 9;1.234,50')).toBe(';');
    expect(guessDelimiter('Nome,Telefone,Valor\nAna,(35) 9,1234.50')).toBe(',');
    expect(guessDelimiter('"Nome, completo";Telefone\n')).toBe(';');
    // Commas inside quoted headers are not separators (issue 40): more of them than ';' still reads ';'.
    expect(guessDelimiter('"Nome, completo";"Valor, R$";Tel\nAna;10,00;9\n')).toBe(';');
    expect(guessDelimiter('"Nome, sobrenome, apelido";"Valor, R$";Tel\nAna;10,00;9\n')).toBe(';');
    expect(guessDelimiter('Nome\n')).toBe(';');
  });
});
