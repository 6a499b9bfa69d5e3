/**
 * Issue 39 §2: the columns of a file that no field takes are named in the preview
 * ('Colunas não importadas: E-mail, Preço unitário, Data da compra'), so no data is dropped unannounced.
 */
import { describe, expect, it } from 'vitest';
import { columnLetter, matchHeaders, unmappedColumns } from '../../../../src/domain/import/headers';

describe('unmappedColumns', () => {
  const headers = ['Nome', 'E-mail', 'Celular', 'CPF/CNPJ', 'Preço unitário', 'Endereço', 'Data da compra', '', 'Bairro'];
  const rows = [
    ['Ana', 'ana@ex.com', '35 3743-0001', '529.982.247-25', '10,00', 'Rua A, 10', '01/02/2024', '', 'Centro'],
    ['Beto', '', '35 3743-0002', '', '', '', '', 'anotação solta', ''],
  ];

  it('lists by name what the first guess leaves out; CPF/CNPJ and address columns are taken (issue 38)', () => {
    const mapping = matchHeaders('customers', headers);
    expect(unmappedColumns(headers, rows, mapping)).toEqual(['E-mail', 'Preço unitário', 'Data da compra', 'coluna H']);
  });

  it('follows the mapping the user changes: a column chosen for a field leaves the list, one left out joins it', () => {
    const mapping = { ...matchHeaders('customers', headers), description: 1, district: null };
    expect(unmappedColumns(headers, rows, mapping)).toEqual(['Preço unitário', 'Data da compra', 'coluna H', 'Bairro']);
  });

  it('an unnamed column without data is nothing to lose; letters go past Z', () => {
    expect(unmappedColumns(['Nome', '', 'Telefone'], [['Ana', '', '1']], { name: 0, phone: 2 })).toEqual([]);
    expect([0, 25, 26, 27, 701].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ']);
  });
});
