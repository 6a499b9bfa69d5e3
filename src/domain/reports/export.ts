/**
 * What each report exports, as plain typed tables (pure): the file name, the sheet ('Report'),
 * pt-BR headers and typed cells. src/features/reports/export turns a table into xlsx (money as
 * numbers with a BRL format, dates as dates) or csv (pt-BR: ';', decimal comma, dd/MM/yyyy).
 */
import { neutralizeCsvFormula } from '../csv';
import { formatDate } from '../dates';
import { PAYMENT_STATUS_LABELS } from '../transaction-status';
import { whatsappLink } from '../whatsapp';
import { CUSTOMER_STATUS_LABELS, fillCustomerMessage, type CustomerRow } from './customers';
import { categoryLabel, methodLabel, typeLabel } from './labels';
import type { StockRow } from './stock';
import type { ReportTx } from './transactions';

export type ExportCell =
  | { kind: 'text'; value: string }
  | { kind: 'money'; cents: number }
  | { kind: 'date'; ymd: string | null }
  | { kind: 'number'; value: number };

export interface ExportTable {
  /** File name without extension, e.g. relatorio-financeiro-2026-03-31. */
  fileBase: string;
  sheet: string;
  headers: string[];
  rows: ExportCell[][];
  /** Column widths in characters (xlsx). */
  widths: number[];
}

export const SHEET_NAME = 'Report';

const text = (value: string): ExportCell => ({ kind: 'text', value });
const money = (cents: number): ExportCell => ({ kind: 'money', cents });
const date = (ymd: string | null): ExportCell => ({ kind: 'date', ymd });
const num = (value: number): ExportCell => ({ kind: 'number', value });

export const FINANCIAL_HEADERS = ['Data', 'Tipo', 'Categoria', 'Valor', 'Status', 'Método de Pagamento'];

/** Transactions of the selected range, newest first. */
export function financialExport(txs: readonly ReportTx[], today: string): ExportTable {
  const sorted = [...txs].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return {
    fileBase: `relatorio-financeiro-${today}`,
    sheet: SHEET_NAME,
    headers: FINANCIAL_HEADERS,
    widths: [12, 14, 22, 14, 14, 22],
    rows: sorted.map((t) => [
      date(t.day),
      text(typeLabel(t.type)),
      text(t.type === 'entrada' ? (t.category ? categoryLabel(t.category) : 'Receita') : categoryLabel(t.category)),
      money(t.cents),
      text(PAYMENT_STATUS_LABELS[t.status]),
      text(methodLabel(t.method)),
    ]),
  };
}

export const STOCK_HEADERS = ['Categoria', 'Tipo', 'Material', 'Espessura', 'Dimensão', 'Quantidade', 'Quantidade Mínima', 'Descrição'];

export function stockExport(rows: readonly StockRow[], today: string): ExportTable {
  return {
    fileBase: `relatorio-estoque-${today}`,
    sheet: SHEET_NAME,
    headers: STOCK_HEADERS,
    widths: [20, 18, 16, 12, 16, 12, 18, 30],
    rows: rows.map((r) => [
      text(r.category),
      text(r.type),
      text(r.material),
      text(r.thickness),
      text(r.dimension),
      num(r.quantity),
      num(r.minimum),
      text(r.description),
    ]),
  };
}

export const CUSTOMER_HEADERS = ['Nome', 'Telefone', 'Status', 'Total Gasto', 'Quantidade de Compras', 'Última Compra', 'Valor em Atraso'];

export function customerExport(rows: readonly CustomerRow[], today: string): ExportTable {
  return {
    fileBase: `relatorio-clientes-${today}`,
    sheet: SHEET_NAME,
    headers: CUSTOMER_HEADERS,
    widths: [28, 18, 14, 14, 12, 14, 16],
    rows: rows.map((r) => [
      text(r.name),
      text(r.phone),
      text(CUSTOMER_STATUS_LABELS[r.status]),
      money(r.totalCents),
      num(r.purchases),
      date(r.lastPurchase),
      money(r.debtCents),
    ]),
  };
}

export const CAMPAIGN_HEADERS = ['Nome', 'Telefone', 'Total Gasto', 'Última Compra', 'Link WhatsApp', 'Mensagem'];

export function campaignExport(rows: readonly CustomerRow[], template: string, fileBase: string): ExportTable {
  return {
    fileBase,
    sheet: SHEET_NAME,
    headers: CAMPAIGN_HEADERS,
    widths: [28, 18, 14, 14, 40, 60],
    rows: rows.map((r) => {
      const message = fillCustomerMessage(template, r);
      return [
        text(r.name),
        text(r.phone),
        money(r.totalCents),
        date(r.lastPurchase),
        text(r.whatsapp ? whatsappLink(r.whatsapp, message) : ''),
        text(message),
      ];
    }),
  };
}

/**
 * A cell as the csv shows it: dd/MM/yyyy, '1234,50', plain text. Text is what people typed (a
 * customer's name, a stock description) and could start a formula the spreadsheet would run: it is
 * neutralised (src/domain/csv.ts). Numbers, money and dates are ours and stay as they are, so
 * '-3,35' is still a number the spreadsheet sums.
 */
export function cellText(c: ExportCell): string {
  switch (c.kind) {
    case 'text':
      return neutralizeCsvFormula(c.value);
    case 'date':
      return c.ymd ? formatDate(c.ymd) : '-';
    case 'money': {
      const neg = c.cents < 0;
      const abs = Math.abs(c.cents);
      return `${neg ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
    }
    case 'number':
      return String(c.value).replace('.', ',');
  }
}
