/**
 * Report periods in the shop's calendar (America/Sao_Paulo). A transaction belongs to the shop
 * date of its `created_at` (`shopDate`), so 23:30 on the last day of a month in São Paulo — already
 * the next day in UTC — still counts in that month. Ranges are inclusive 'YYYY-MM-DD' strings,
 * compared as strings.
 */

export type PeriodKind = 'month' | 'quarter' | 'year';

export const PERIOD_LABELS: Record<PeriodKind, string> = {
  month: 'Mensal',
  quarter: 'Trimestral',
  year: 'Anual',
};

export interface DateRange {
  /** Inclusive first day, or null for "from the beginning". */
  start: string | null;
  /** Inclusive last day, or null for "until now and later". */
  end: string | null;
}

export interface ReportFilter {
  period: PeriodKind;
  /** Steps back (negative) or forward from the period holding `today`. */
  offset: number;
  /** 'Data Inicial' / 'Data Final' ('' = not set); either one overrides the period. */
  startDate: string;
  endDate: string;
}

export const DEFAULT_FILTER: ReportFilter = { period: 'month', offset: 0, startDate: '', endDate: '' };

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month/quarter/year containing `today` ('YYYY-MM-DD'), moved by `offset` periods. */
export function periodRange(kind: PeriodKind, today: string, offset = 0): { start: string; end: string } {
  const y0 = Number(today.slice(0, 4));
  const m0 = Number(today.slice(5, 7));
  const size = kind === 'month' ? 1 : kind === 'quarter' ? 3 : 12;
  const firstMonthIndex = kind === 'year' ? y0 * 12 : y0 * 12 + Math.floor((m0 - 1) / size) * size;
  const startIndex = firstMonthIndex + offset * size;
  const endIndex = startIndex + size - 1;
  const sy = Math.floor(startIndex / 12);
  const sm = (startIndex % 12) + 1;
  const ey = Math.floor(endIndex / 12);
  const em = (endIndex % 12) + 1;
  return { start: `${sy}-${pad2(sm)}-01`, end: `${ey}-${pad2(em)}-${pad2(daysInMonth(ey, em))}` };
}

/** 'YYYY-MM-DD' moved by whole days (UTC calendar arithmetic). */
function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Instants (ISO, UTC) that surely hold every created_at of a range's shop days: `from` inclusive,
 * `to` exclusive, a day wider on each side than the days themselves, whatever the shop's offset
 * from UTC. For reading a period straight from the created_at index before the whole book; the
 * exact days are then picked with inRange. Null when the range is open at both ends (it is the
 * whole book); an open end is null.
 */
export function rangeInstants(range: DateRange): { from: string | null; to: string | null } | null {
  if (!range.start && !range.end) return null;
  return {
    from: range.start ? `${shiftDay(range.start, -1)}T00:00:00.000Z` : null,
    to: range.end ? `${shiftDay(range.end, 2)}T00:00:00.000Z` : null,
  };
}

/** The range a filter selects: the dates typed by the user win over the period. */
export function resolveRange(filter: ReportFilter, today: string): DateRange {
  if (filter.startDate || filter.endDate) {
    return { start: filter.startDate || null, end: filter.endDate || null };
  }
  return periodRange(filter.period, today, filter.offset);
}

export function inRange(date: string, range: DateRange): boolean {
  if (date === '') return false;
  if (range.start && date < range.start) return false;
  if (range.end && date > range.end) return false;
  return true;
}

const MONTHS = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];

/** '2026-03' → 'Março de 2026'. */
export function monthLabel(yearMonth: string): string {
  const y = yearMonth.slice(0, 4);
  const m = Number(yearMonth.slice(5, 7));
  return `${MONTHS[m - 1] ?? yearMonth} de ${y}`;
}

/** What the period bar shows for a range: 'Março de 2026', '1º trimestre de 2026', '2026', or dd/MM/yyyy – dd/MM/yyyy. */
export function rangeLabel(filter: ReportFilter, range: DateRange): string {
  const br = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '…');
  if (filter.startDate || filter.endDate) return `${br(range.start)} – ${br(range.end)}`;
  const start = range.start ?? '';
  if (filter.period === 'month') return monthLabel(start.slice(0, 7));
  if (filter.period === 'quarter') return `${Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1}º trimestre de ${start.slice(0, 4)}`;
  return start.slice(0, 4);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  const b = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)));
  return Math.round((b - a) / 86_400_000);
}

/** Every date from start to end inclusive ('YYYY-MM-DD'). */
export function eachDay(start: string, end: string): string[] {
  const out: string[] = [];
  let t = Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)) - 1, Number(start.slice(8, 10)));
  const last = Date.UTC(Number(end.slice(0, 4)), Number(end.slice(5, 7)) - 1, Number(end.slice(8, 10)));
  while (t <= last && out.length < 5000) {
    out.push(new Date(t).toISOString().slice(0, 10));
    t += 86_400_000;
  }
  return out;
}
