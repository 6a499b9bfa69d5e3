/** Relatórios › Notas fiscais (issue 38): the month, its notes, totals, the CSV and the zip's entry names (pure). */
import { describe, expect, it } from 'vitest';
import { noteDoc } from './month-fixtures';
import {
  currentNfseMonth,
  defaultNfseMonth,
  monthCsv,
  monthCsvRows,
  monthNotes,
  monthTotals,
  monthZipEntries,
  NFSE_CSV_HEADERS,
  shiftMonth,
} from '../../../src/domain/nfse/month-report';
import { csvCell, csvText, neutralizeCsvFormula } from '../../../src/domain/csv';

const CHAVE = (n: number) => `3106200221122233300018100000000000${String(n).padStart(2, '0')}26031234567890`.slice(0, 50);

describe('the month the report opens on (São Paulo calendar)', () => {
  it('is the previous month up to the 10th, this month from the 11th', () => {
    expect(defaultNfseMonth(new Date('2026-04-05T15:00:00Z'))).toBe('2026-03');
    expect(defaultNfseMonth(new Date('2026-04-10T23:00:00-03:00'))).toBe('2026-03');
    expect(defaultNfseMonth(new Date('2026-04-11T00:00:00-03:00'))).toBe('2026-04');
    expect(defaultNfseMonth(new Date('2026-04-25T12:00:00Z'))).toBe('2026-04');
  });

  it('turns the year in January', () => {
    expect(defaultNfseMonth(new Date('2026-01-03T12:00:00Z'))).toBe('2025-12');
  });

  it('reads the day in São Paulo, not UTC: 02:00 UTC on the 11th is still the 10th there', () => {
    expect(defaultNfseMonth(new Date('2026-04-11T02:00:00Z'))).toBe('2026-03');
    // 1 May 01:00 UTC is still 30 April in São Paulo.
    expect(currentNfseMonth(new Date('2026-05-01T01:00:00Z'))).toBe('2026-04');
  });

  it('shifts months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-03', -15)).toBe('2024-12');
  });
});

describe('the month’s notes', () => {
  const march = noteDoc({ id: 'a', number: '17', chave: CHAVE(17) });
  const marchLate = noteDoc({ id: 'b', number: '18', chave: CHAVE(18), amount: 8500, authorized_at: '2026-04-01T02:30:12.000Z' }); // 31/03 23:30 in SP
  const cancelledInApril = noteDoc({
    id: 'c', number: '9', chave: CHAVE(9), amount: 45, status: 'cancelled', authorized_at: '2026-02-20T12:00:00.000Z',
    cancelled_at: '2026-03-02T12:00:00.000Z', cancel_event_xml: '<evento>9</evento>', tomador: null,
  });
  const cancelAsked = noteDoc({ id: 'd', number: '20', chave: CHAVE(20), amount: 100, status: 'cancel_requested', authorized_at: '2026-03-15T12:00:00.000Z' });
  const rejected = noteDoc({ id: 'e', number: null, chave: null, status: 'rejected', authorized_at: null, nfse_xml: null });
  const queued = noteDoc({ id: 'f', number: null, chave: null, status: 'requested', authorized_at: null, nfse_xml: null });
  const april = noteDoc({ id: 'g', number: '21', chave: CHAVE(21), authorized_at: '2026-04-02T12:00:00.000Z' });
  const all = [april, queued, rejected, cancelAsked, cancelledInApril, marchLate, march];

  it('authorised in the month (shop calendar) plus cancelled in it, by number; never a pending or rejected one', () => {
    const rows = monthNotes(all, '2026-03');
    expect(rows.map((r) => r.number)).toEqual(['9', '17', '18', '20']);
    expect(rows.map((r) => r.situation)).toEqual(['cancelled', 'authorized', 'authorized', 'authorized']);
    expect(rows[0].customer).toBe('Consumidor não identificado');
    expect(rows[0].cancelXml).toBe('<evento>9</evento>');
    expect(monthNotes(all, '2026-04').map((r) => r.number)).toEqual(['21']);
  });

  it('a note authorised in one month and cancelled in the next is in both, Cancelada', () => {
    expect(monthNotes(all, '2026-02').map((r) => [r.number, r.situation])).toEqual([['9', 'cancelled']]);
  });

  it('totals: valid notes counted and summed, cancelled value apart', () => {
    expect(monthTotals(monthNotes(all, '2026-03'))).toEqual({ authorizedCount: 3, authorizedCents: 123450 + 850000 + 10000, cancelledCount: 1, cancelledCents: 4500 });
    expect(monthTotals([])).toEqual({ authorizedCount: 0, authorizedCents: 0, cancelledCount: 0, cancelledCents: 0 });
  });

  it('CSV rows: header, dd/MM/yyyy in São Paulo, CPF formatted, comma decimals, situação, cancel date', () => {
    const rows = monthCsvRows(monthNotes(all, '2026-03'));
    expect(rows[0]).toEqual(NFSE_CSV_HEADERS);
    expect(rows[0].join(';')).toBe('Número;Chave;Data de emissão;Cliente;CPF/CNPJ;Valor;Situação;Data do cancelamento');
    expect(rows[1]).toEqual(['9', CHAVE(9), '20/02/2026', 'Consumidor não identificado', '', '45,00', 'Cancelada', '02/03/2026']);
    expect(rows[2]).toEqual(['17', CHAVE(17), '10/03/2026', 'Maria das Graças', '529.982.247-25', '1234,50', 'Autorizada', '']);
    expect(rows[3][2]).toBe('31/03/2026');
    expect(rows[3][5]).toBe('8500,00');
  });

  it('a customer named like a formula is neutralised; a name with ; or quotes stays one cell', () => {
    const evil = noteDoc({ tomador: { ...march.tomador!, name: '=HYPERLINK("http://x";"y")' } });
    const text = monthCsv(monthNotes([evil], '2026-03'));
    expect(text.startsWith('\ufeff')).toBe(true);
    const line = text.slice(1).split('\r\n')[1];
    expect(line).toContain(`;"'=HYPERLINK(""http://x"";""y"")";`);
  });

  it('zip entries: each note’s XML, each cancel event, and resumo-{yyyy-mm}.csv', () => {
    const entries = monthZipEntries(monthNotes(all, '2026-03'), '2026-03');
    expect(entries.map((e) => e.path)).toEqual([
      `NFS-e/9-${CHAVE(9)}.xml`,
      `Cancelamentos/9-${CHAVE(9)}-cancelamento.xml`,
      `NFS-e/17-${CHAVE(17)}.xml`,
      `NFS-e/18-${CHAVE(18)}.xml`,
      `NFS-e/20-${CHAVE(20)}.xml`,
      'resumo-2026-03.csv',
    ]);
    // Only safe characters reach an entry name.
    const odd = monthZipEntries(monthNotes([noteDoc({ number: '../17', chave: 'ab/../c' })], '2026-03'), '2026-03');
    expect(odd[0].path).toBe('NFS-e/17-abc.xml');
  });
});

describe('CSV helpers', () => {
  it('neutralises = + - @ tab and CR at the start, nothing else', () => {
    for (const s of ['=1+1', '+55', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralizeCsvFormula(s)).toBe(`'${s}`);
    for (const s of ['Maria', '1=1', '', ' =x']) expect(neutralizeCsvFormula(s)).toBe(s);
  });

  it('quotes cells with the separator, quotes or line breaks; CRLF lines', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('a,b')).toBe('a,b');
    expect(csvText([['a', 'b'], ['c', 'd;e']])).toBe('a;b\r\nc;"d;e"\r\n');
  });
});
