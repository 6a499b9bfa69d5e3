/**
 * Issue 32 §2: a spreadsheet's rows as the import will store them — customers (duplicates by
 * phone: skip or fill the existing customer's empty fields), stock (catalogue entries that do
 * not exist yet, opening quantities) and cash-flow entries — with each skipped row's reason.
 */
import { describe, expect, it } from 'vitest';
import { resolveMunicipio } from '@shared/municipios';
import { matchHeaders } from '../../../../src/domain/import/headers';
import {
  missingColumns,
  planCustomers,
  planStock,
  planTransactions,
  problemText,
  rowsToWrite,
  type SheetTable,
} from '../../../../src/domain/import/plan';

const table = (headers: string[], ...rows: (string | number | Date | null)[][]): SheetTable => ({ headers, rows });

describe('customers', () => {
  const existing = [{ id: 'c1', name: 'Maria Souza', phone: '(35) 99123-4567', whatsapp: null, description: null }];
  const sheet = table(
    ['Nome', 'Celular', 'WhatsApp', 'Observação'],
    ['João da Conceição', '35 3743-0001', '', 'Portão\nfundos'],
    ['', '', '', ''],
    ['Maria S.', '+55 35 99123-4567', '35991234567', 'cliente antiga'],
    ['Sem Telefone', '', '', ''],
    ['Repetido', '(35) 3743-0001', '', ''],
    ['', '35 3743-0002', '', ''],
  );
  const mapping = matchHeaders('customers', sheet.headers);

  it('maps the columns by their pt-BR names', () => {
    expect(mapping).toEqual({ name: 0, phone: 1, whatsapp: 2, description: 3, tax_id: null, cnpj: null, street: null, number: null, complement: null, cep: null, district: null, city: null, uf: null });
  });

  it('a row becomes a customer as stored: phone formatted, line breaks kept, blanks as null', () => {
    const plan = planCustomers(sheet, mapping, existing, 'skip');
    expect(plan.creates).toEqual([
      { line: 2, name: 'João da Conceição', phone: '(35) 3743-0001', whatsapp: null, description: 'Portão\nfundos' },
    ]);
    expect(plan.preview[0]).toEqual({ line: 2, values: ['João da Conceição', '(35) 3743-0001', '', 'Portão\nfundos'] });
  });

  it('skip: a phone already registered, a blank phone or name and a repeated line are reported with line and column', () => {
    const plan = planCustomers(sheet, mapping, existing, 'skip');
    expect(plan.problems.map(problemText)).toEqual([
      'Linha 4, Telefone: já existe o cliente Maria Souza',
      'Linha 5, Telefone: telefone em branco',
      'Linha 6, Telefone: repete a linha 2',
      'Linha 7, Nome: nome em branco',
    ]);
    expect(plan.skipped).toBe(4);
    expect(plan.duplicates).toBe(1);
    expect(rowsToWrite(plan)).toBe(1);
  });

  it("a sheet whose header is not on row 1 numbers its lines from there (issue 39): the sheet's own row numbers", () => {
    const plan = planCustomers({ ...sheet, firstLine: 5 }, mapping, existing, 'skip');
    expect(plan.problems.map(problemText)).toEqual([
      'Linha 7, Telefone: já existe o cliente Maria Souza',
      'Linha 8, Telefone: telefone em branco',
      'Linha 9, Telefone: repete a linha 5',
      'Linha 10, Nome: nome em branco',
    ]);
  });

  it('fill: the existing customer gets only the fields it has empty', () => {
    const plan = planCustomers(sheet, mapping, existing, 'fill');
    expect(plan.fills).toEqual([{ line: 4, id: 'c1', name: 'Maria Souza', patch: { whatsapp: '(35) 99123-4567', description: 'cliente antiga' } }]);
    expect(plan.skipped).toBe(3);
    expect(rowsToWrite(plan)).toBe(2);
    const full = planCustomers(sheet, mapping, [{ ...existing[0], whatsapp: '(35) 1111-2222', description: 'x' }], 'fill');
    expect(full.fills).toEqual([]);
    expect(full.problems.map(problemText)[0]).toBe('Linha 4, Telefone: já existe o cliente Maria Souza e não há campo vazio a preencher');
  });

  it('a missing required column is named', () => {
    expect(missingColumns('customers', { ...mapping, phone: null })).toEqual(['Escolha a coluna de Telefone.']);
  });
});

describe('customers: fiscal data (issue 38)', () => {
  const sheet = table(
    ['Nome', 'Telefone', 'CPF', 'CNPJ', 'Endereço', 'CEP', 'Bairro', 'Cidade', 'UF'],
    ['Ana', '35 3743-0001', '529.982.247-25', '', 'Rua X, 123 - Centro', '24020-005', '', 'Niterói', 'RJ'],
    ['Metalúrgica Alfa', '35 3743-0002', '', '12.abc.345/01de-35', 'Av. Brasil, 1500, galpão 2', '1310100', 'Vila Nova', 'belo horizonte', ''],
    ['CPF Errado', '35 3743-0003', '529.982.247-24', '', '', '2402-005', '', 'Bom Jesus', ''],
    ['Cidade Errada', '35 3743-0004', 52998224725, '', '', 1310100, '', 'Niterói', 'SP'],
  );
  const mapping = matchHeaders('customers', sheet.headers);

  it('maps CPF, CNPJ, Endereço, CEP, Bairro, Cidade and UF', () => {
    expect(mapping).toEqual({
      name: 0, phone: 1, whatsapp: null, description: null, tax_id: 2, cnpj: 3, street: 4, number: null, complement: null, cep: 5, district: 6, city: 7, uf: 8,
    });
    expect(matchHeaders('customers', ['Nome', 'Telefone', 'CPF/CNPJ', 'Logradouro', 'Número', 'Complemento', 'Município'])).toMatchObject({
      tax_id: 2, street: 3, number: 4, complement: 5, city: 6,
    });
    expect(matchHeaders('customers', ['Nome', 'Telefone', 'Documento'])).toMatchObject({ tax_id: 2 });
  });

  it('stores them normalised: an Endereço of a clear shape split into street, number and district; the city as its IBGE code', () => {
    const plan = planCustomers(sheet, mapping, [], 'skip', resolveMunicipio);
    expect(plan.creates[0]).toEqual({
      line: 2, name: 'Ana', phone: '(35) 3743-0001', whatsapp: null, description: null,
      tax_id: '52998224725', address_street: 'Rua X', address_number: '123', address_district: 'Centro', address_cep: '24020005', address_city_code: '3303302',
    });
    expect(plan.creates[1]).toEqual({
      line: 3, name: 'Metalúrgica Alfa', phone: '(35) 3743-0002', whatsapp: null, description: null,
      tax_id: '12ABC34501DE35', address_street: 'Av. Brasil, 1500, galpão 2', address_district: 'Vila Nova', address_cep: '01310100', address_city_code: '3106200',
    });
    expect(plan.preview[0].values).toEqual(['Ana', '(35) 3743-0001', '', '', '529.982.247-25', 'Rua X', '123', '24020-005', 'Centro', 'Niterói — RJ']);
    expect(plan.previewColumns).toEqual(['Nome', 'Telefone', 'WhatsApp', 'Observação', 'CPF/CNPJ', 'Endereço', 'Número', 'CEP', 'Bairro', 'Município']);
  });

  it('a wrong CPF, CEP or city is left out with a line in the report; the customer is still imported', () => {
    const plan = planCustomers(sheet, mapping, [], 'skip', resolveMunicipio);
    expect(plan.creates.map((c) => c.name)).toEqual(['Ana', 'Metalúrgica Alfa', 'CPF Errado', 'Cidade Errada']);
    expect(plan.skipped).toBe(0);
    expect(plan.creates[2]).toEqual({ line: 4, name: 'CPF Errado', phone: '(35) 3743-0003', whatsapp: null, description: null });
    // A number cell lost the leading zeros of the CEP (01310100): put back.
    expect(plan.creates[3]).toMatchObject({ tax_id: '52998224725', address_cep: '01310100' });
    expect(plan.creates[3].address_city_code).toBeUndefined();
    expect(plan.problems.map(problemText)).toEqual([
      'Linha 4, CPF/CNPJ: CPF inválido: confira os dígitos — importado sem o CPF/CNPJ',
      'Linha 4, CEP: CEP deve ter 8 dígitos — importado sem o CEP',
      'Linha 4, Cidade: há mais de um município "Bom Jesus" no Brasil (informe a UF) — importado sem o município',
      'Linha 5, Cidade: município "Niterói/SP" não encontrado na lista do IBGE — importado sem o município',
    ]);
  });

  it('fill: an existing customer gets only the fiscal fields it has empty', () => {
    const existing = [{ id: 'c1', name: 'Ana', phone: '(35) 3743-0001', tax_id: '11144477735', address_cep: null }];
    const plan = planCustomers(sheet, mapping, existing, 'fill', resolveMunicipio);
    expect(plan.fills).toEqual([
      {
        line: 2, id: 'c1', name: 'Ana',
        patch: { address_street: 'Rua X', address_number: '123', address_district: 'Centro', address_cep: '24020005', address_city_code: '3303302' },
      },
    ]);
  });

  it('without the IBGE list at hand the city is reported, not guessed', () => {
    const plan = planCustomers(table(['Nome', 'Telefone', 'Cidade'], ['Ana', '35 3743-0001', 'Niterói']), matchHeaders('customers', ['Nome', 'Telefone', 'Cidade']), [], 'skip');
    expect(plan.creates[0].address_city_code).toBeUndefined();
    expect(plan.problems.map(problemText)).toEqual(['Linha 2, Cidade: lista de municípios indisponível — importado sem o município']);
  });
});

describe('stock', () => {
  const catalog = [
    { id: 'cat-barras', kind: 'category' as const, name: 'Barras Metálicas' },
    { id: 'type-metalon', kind: 'type' as const, name: 'Metalon', parent_id: 'cat-barras' },
    { id: 'mat-aco', kind: 'material' as const, name: 'Aço Carbono' },
    { id: 'th-3', kind: 'thickness' as const, name: '3', value: 3 },
    { id: 'dim-6m', kind: 'dimension' as const, name: '6000 mm' },
  ];
  const sheet = table(
    ['Categoria', 'Tipo', 'Material', 'Espessura', 'Dimensão', 'Quantidade', 'Quantidade mínima'],
    ['barras metalicas', 'METALON', 'Aço carbono', '3 mm', '6000 mm', 12, 2],
    ['Perfis', 'Perfil U', 'Aço Galvanizado', '2,5', '3000 mm', '1.234', ''],
    ['Perfis', 'Perfil U', 'Aço Galvanizado', '2.5', '3000 mm', 5, 0],
    ['Perfis', 'Perfil I', 'Aço Galvanizado', 'fina', '3000 mm', 5, 0],
    ['Barras Metálicas', 'Metalon', 'Aço Carbono', 3, '6000 mm', 'muitos', 0],
  );
  const mapping = matchHeaders('stock', sheet.headers);

  it('existing entries are matched ignoring case and accents; new ones are listed once, categories first', () => {
    const plan = planStock(sheet, mapping, catalog, []);
    expect(plan.creates[0]).toMatchObject({ category: 'cat-barras', type: 'type-metalon', material: 'mat-aco', thickness: 'th-3', dimension: 'dim-6m', quantity: 12, minimum_quantity: 2 });
    expect(plan.creates[1]).toMatchObject({ quantity: 1234, minimum_quantity: 0 });
    expect(plan.newCatalog.map((e) => [e.kind, e.name, e.parent])).toEqual([
      ['category', 'Perfis', null],
      ['type', 'Perfil U', 'new:category:perfis'],
      ['material', 'Aço Galvanizado', null],
      ['thickness', '2,5', null],
      ['dimension', '3000 mm', null],
    ]);
    expect(plan.preview[1].values.slice(0, 6)).toEqual(['Perfis', 'Perfil U', 'Aço Galvanizado', '2,5 mm', '3000 mm', '1.234']);
  });

  it('thicknesses in inch fractions (issue 39): kept as written, valued in mm, matched by value to the catalogue', () => {
    const inches = table(
      ['Categoria', 'Tipo', 'Material', 'Espessura', 'Dimensão', 'Quantidade'],
      ['Chapas', 'Chapa lisa', 'Aço Carbono', '1/4"', '3000 mm', 4],
      ['Chapas', 'Chapa lisa', 'Aço Carbono', '3/16"', '3000 mm', 2],
      ['Chapas', 'Chapa lisa', 'Aço Carbono', '1/8', '3000 mm', 1],
      ['Chapas', 'Chapa xadrez', 'Aço Carbono', '1/4 pol', '3000 mm', 1],
    );
    const withQuarter = [...catalog, { id: 'th-quarter', kind: 'thickness' as const, name: '1/4"', value: 6.35, unit: 'mm' }];
    const plan = planStock(inches, matchHeaders('stock', inches.headers), withQuarter, []);
    expect(plan.problems).toEqual([]);
    expect(plan.creates.map((c) => c.thickness)).toEqual(['th-quarter', 'new:thickness:v4.7625', 'new:thickness:v3.175', 'th-quarter']);
    expect(plan.newCatalog.filter((e) => e.kind === 'thickness').map((e) => [e.name, e.value, e.unit])).toEqual([
      ['3/16"', 4.7625, 'mm'],
      ['1/8"', 3.175, 'mm'],
    ]);
    expect(plan.preview.map((r) => r.values[3])).toEqual(['1/4" (6,35 mm)', '3/16" (4,76 mm)', '1/8" (3,18 mm)', '1/4" (6,35 mm)']);
  });

  it('a repeated item, a bad thickness or quantity is skipped — and creates no catalogue entry', () => {
    const plan = planStock(sheet, mapping, catalog, []);
    expect(plan.problems.map(problemText)).toEqual([
      'Linha 4, Dimensão: repete a linha 3',
      'Linha 5, Espessura: espessura inválida (use mm, como 2,5, ou polegadas, como 1/4")',
      'Linha 6, Quantidade: quantidade inválida',
    ]);
    expect(plan.newCatalog.some((e) => e.name === 'Perfil I')).toBe(false);
  });

  it('an item already in stock is skipped', () => {
    const plan = planStock(sheet, mapping, catalog, [
      { category_id: 'cat-barras', type_id: 'type-metalon', material_id: 'mat-aco', thickness_id: 'th-3', dimension_id: 'dim-6m' },
    ]);
    expect(problemText(plan.problems[0])).toBe('Linha 2, Dimensão: este item já está no estoque (use Movimentar para mudar a quantidade)');
  });
});

describe('cash flow', () => {
  const customers = [{ id: 'c1', name: 'Maria Souza' }];
  const sheet = table(
    ['Data', 'Tipo', 'Valor', 'Cliente', 'Descrição', 'Forma de pagamento', 'Status', 'Categoria', 'Vencimento'],
    ['05/03/2026', 'Entrada', 'R$ 1.234,50', 'maria souza', 'Portão', 'PIX', 'Pago', '', ''],
    [46090, 'Despesa Fixa', '150', 'Cemig', 'Conta de luz', '', 'Pendente', 'Luz', '10/03/26'],
    ['2026-03-06', '', '-80,00', 'Loja', 'Eletrodos', 'Cartão de crédito', '', 'Material', ''],
    ['06/03/2026', 'Entrada', '100', 'Desconhecido', '', 'pix', 'pago', '', ''],
    ['31/12/2026', 'Entrada', '100', 'Maria Souza', '', 'pix', 'pago', '', ''],
    ['06/03/2026', 'Entrada', '0', 'Maria Souza', '', 'pix', 'pago', '', ''],
  );
  const mapping = matchHeaders('transactions', sheet.headers);

  it('each row as stored: type, amount in cents, customer by name, category key, dates', () => {
    const plan = planTransactions(sheet, mapping, customers, '2026-03-20');
    expect(plan.creates.map(({ line: _l, ...r }) => r)).toEqual([
      { date: '2026-03-05', type: 'entrada', customer_id: 'c1', name: null, category: null, description: 'Portão', amountCents: 123450, payment_method: 'pix', payment_status: 'pago', due_date: null },
      { date: '2026-03-09', type: 'despesas', customer_id: null, name: 'Cemig', category: 'luz', description: 'Conta de luz', amountCents: 15000, payment_method: 'n/a', payment_status: 'pendente', due_date: '2026-03-10' },
      { date: '2026-03-06', type: 'saida', customer_id: null, name: 'Loja', category: 'material', description: 'Eletrodos', amountCents: 8000, payment_method: 'cartao', payment_status: 'pago', due_date: null },
    ]);
    expect(plan.preview[0].values.slice(0, 2)).toEqual(['R$\u00a01.234,50', '05/03/2026']);
  });

  it('an unknown customer, a future date and a zero amount are skipped with their reason', () => {
    const plan = planTransactions(sheet, mapping, customers, '2026-03-20');
    expect(plan.problems.map(problemText)).toEqual([
      'Linha 5, Cliente: cliente "Desconhecido" não cadastrado (importe os clientes antes)',
      'Linha 6, Data: data no futuro',
      'Linha 7, Valor: valor deve ser maior que zero',
    ]);
  });
});
