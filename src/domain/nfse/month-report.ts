/**
 * Relatórios › Notas fiscais (issue 38): what the accountant asks for at the start of each month —
 * the month's notes, their totals, and the files of `Baixar XMLs do mês` (the authorised and
 * cancelled NFS-e XMLs, the cancel events and a CSV summary). Pure: the clock is a parameter and
 * months follow the shop's calendar (America/Sao_Paulo), whatever the device's zone.
 */
import { formatTaxId, shopDate, SHOP_TIME_ZONE, type NfseDoc } from '@shared';
import { CSV_BOM, csvText, neutralizeCsvFormula } from '../csv';
import { formatDate } from '../dates';
import { toCents } from '../money';
import { cellText } from '../reports/export';

/** Up to this day of the month the accountant is still closing the previous one. */
export const CLOSING_LAST_DAY = 10;

export const NFSE_MONTH_TEXT = {
  anonymous: 'Consumidor não identificado',
  authorized: 'Autorizada',
  cancelled: 'Cancelada',
} as const;

export type NfseSituation = 'authorized' | 'cancelled';

/** One line of the month's list (and of the CSV). */
export interface MonthNote {
  id: string;
  number: string;
  chave: string;
  /** The instant the note was authorised (ISO). */
  authorizedAt: string;
  customer: string;
  /** The tomador's CPF/CNPJ as stored (digits), or null. */
  taxId: string | null;
  cents: number;
  situation: NfseSituation;
  cancelledAt: string | null;
  nfseXml: string | null;
  cancelXml: string | null;
}

export interface MonthTotals {
  authorizedCount: number;
  authorizedCents: number;
  cancelledCount: number;
  cancelledCents: number;
}

/** 'YYYY-MM' the report opens on: the previous month in the first days of a month, else this one. */
export function defaultNfseMonth(now: Date): string {
  const today = shopDate(now);
  const month = today.slice(0, 7);
  return Number(today.slice(8, 10)) <= CLOSING_LAST_DAY ? shiftMonth(month, -1) : month;
}

/** The shop's current month 'YYYY-MM' (the picker goes no further). */
export function currentNfseMonth(now: Date): string {
  return shopDate(now).slice(0, 7);
}

/** 'YYYY-MM' moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const inMonth = (instant: string | null | undefined, month: string) => !!instant && shopDate(instant).slice(0, 7) === month;

/** Compares note numbers as numbers (they are digit strings of up to 15 digits). */
const byNumber = (a: MonthNote, b: MonthNote) =>
  a.number.length - b.number.length || a.number.localeCompare(b.number) || a.authorizedAt.localeCompare(b.authorizedAt);

/**
 * The month's notes, by number: those authorised in the month (whatever happened to them since —
 * a note cancelled later shows Cancelada) plus those cancelled in the month. Notes never authorised
 * (asked, sending, rejected) are not fiscal documents and are left out. A note with a cancel asked
 * or refused is still valid: Autorizada.
 */
export function monthNotes(notes: readonly NfseDoc[], month: string): MonthNote[] {
  const out: MonthNote[] = [];
  for (const n of notes) {
    if (!n.authorized_at || !n.number || !n.chave) continue;
    const cancelled = n.status === 'cancelled';
    if (!inMonth(n.authorized_at, month) && !(cancelled && inMonth(n.cancelled_at, month))) continue;
    out.push({
      id: n.id,
      number: n.number,
      chave: n.chave,
      authorizedAt: n.authorized_at,
      customer: n.tomador?.name ?? NFSE_MONTH_TEXT.anonymous,
      taxId: n.tomador?.tax_id ?? null,
      cents: toCents(n.amount),
      situation: cancelled ? 'cancelled' : 'authorized',
      cancelledAt: cancelled ? (n.cancelled_at ?? null) : null,
      nfseXml: n.nfse_xml ?? null,
      cancelXml: cancelled ? (n.cancel_event_xml ?? null) : null,
    });
  }
  return out.sort(byNumber);
}

/** Quantidade e valor autorizados (still valid) and valor cancelado, over the listed notes. */
export function monthTotals(rows: readonly MonthNote[]): MonthTotals {
  const t: MonthTotals = { authorizedCount: 0, authorizedCents: 0, cancelledCount: 0, cancelledCents: 0 };
  for (const r of rows) {
    if (r.situation === 'authorized') {
      t.authorizedCount++;
      t.authorizedCents += r.cents;
    } else {
      t.cancelledCount++;
      t.cancelledCents += r.cents;
    }
  }
  return t;
}

export const situationLabel = (s: NfseSituation) => (s === 'cancelled' ? NFSE_MONTH_TEXT.cancelled : NFSE_MONTH_TEXT.authorized);

/** dd/MM/yyyy of an instant on the shop's calendar. */
export const shopDay = (instant: string | null) => (instant ? formatDate(instant, SHOP_TIME_ZONE) : '');

export const NFSE_CSV_HEADERS = ['Número', 'Chave', 'Data de emissão', 'Cliente', 'CPF/CNPJ', 'Valor', 'Situação', 'Data do cancelamento'];

/** The CSV's cells, header first: money with a decimal comma, dates dd/MM/yyyy, text neutralised. */
export function monthCsvRows(rows: readonly MonthNote[]): string[][] {
  const text = (s: string) => neutralizeCsvFormula(s);
  return [
    NFSE_CSV_HEADERS,
    ...rows.map((r) => [
      text(r.number),
      text(r.chave),
      shopDay(r.authorizedAt),
      text(r.customer),
      text(r.taxId ? formatTaxId(r.taxId) : ''),
      cellText({ kind: 'money', cents: r.cents }),
      situationLabel(r.situation),
      shopDay(r.cancelledAt),
    ]),
  ];
}

/** `resumo-{yyyy-mm}.csv` as Brazilian Excel opens it: UTF-8 with a BOM, ';'-separated. */
export function monthCsv(rows: readonly MonthNote[]): string {
  return CSV_BOM + csvText(monthCsvRows(rows));
}

/** Only what is safe in a zip entry name (numbers and chaves are digits; anything else is dropped). */
const safeName = (s: string) => s.replace(/[^0-9A-Za-z-]/g, '');

export const nfseZipName = (month: string) => `notas-fiscais-${month}.zip`;
export const nfseCsvName = (month: string) => `resumo-${month}.csv`;

/** The files of `Baixar XMLs do mês`: path in the zip → text. Notes without their XML on the device are listed in the CSV only. */
export function monthZipEntries(rows: readonly MonthNote[], month: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const r of rows) {
    const base = `${safeName(r.number)}-${safeName(r.chave)}`;
    if (r.nfseXml) out.push({ path: `NFS-e/${base}.xml`, text: r.nfseXml });
    if (r.cancelXml) out.push({ path: `Cancelamentos/${base}-cancelamento.xml`, text: r.cancelXml });
  }
  out.push({ path: nfseCsvName(month), text: monthCsv(rows) });
  return out;
}
