/**
 * The old system's cell values as the hosted PostgreSQL service exports them — timestamps like
 * `2025-03-14 09:21:07.123456+00`, dates `2025-04-30`, numbers `1234.50`, JSON columns as JSON
 * text, NULL as an empty cell — and the forms a spreadsheet program writes back when someone
 * opened and saved the file (`14/03/2025 09:21`, `1.234,50`, `R$ 1.234,50`). Each reader answers
 * the value or a pt-BR reason. Pure, no clock.
 */

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(reason: string): Read<T> => ({ ok: false, reason });

export const isBlank = (cell: string | undefined): boolean => cell === undefined || cell.trim() === '';

/** A text cell: null when empty (how the export writes NULL). */
export function readText(cell: string | undefined): string | null {
  return isBlank(cell) ? null : (cell as string);
}

/** A calendar date as 'YYYY-MM-DD' (also the date part of a timestamp), or null when empty. */
export function readDate(cell: string | undefined): Read<string | null> {
  if (isBlank(cell)) return ok(null);
  const s = (cell as string).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[ T])/.exec(s);
  if (iso) return realDate(iso[1], iso[2], iso[3], s);
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:$|\s)/.exec(s);
  if (br) return realDate(br[3], br[2].padStart(2, '0'), br[1].padStart(2, '0'), s);
  return fail(`data inválida "${s}"`);
}

function realDate(y: string, m: string, d: string, raw: string): Read<string> {
  const t = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (t.getUTCFullYear() !== Number(y) || t.getUTCMonth() !== Number(m) - 1 || t.getUTCDate() !== Number(d)) return fail(`data inválida "${raw}"`);
  return ok(`${y}-${m}-${d}`);
}

/**
 * An instant as an ISO string, or null when empty. The export's `timestamptz` carries its offset
 * (`+00`); a time without one is the service's clock, UTC. A `dd/MM/yyyy HH:mm` a spreadsheet wrote
 * back is the shop's time (America/Sao_Paulo, -03:00 since Brazil dropped daylight saving).
 */
export function readInstant(cell: string | undefined): Read<string | null> {
  if (isBlank(cell)) return ok(null);
  const s = (cell as string).trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/.exec(s);
  let text: string | null = null;
  if (iso) {
    const [, date, hh = '00', mm = '00', ss = '00', frac = '', zone] = iso;
    const ms = (frac + '000').slice(0, 3);
    text = `${date}T${hh}:${mm}:${ss}.${ms}${zoneOf(zone, iso[2] === undefined)}`;
  } else {
    const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
    if (br) {
      const [, d, m, y, hh = '00', mm = '00', ss = '00'] = br;
      text = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}T${hh.padStart(2, '0')}:${mm}:${ss}.000-03:00`;
    }
  }
  const t = text === null ? NaN : Date.parse(text);
  if (!Number.isFinite(t)) return fail(`data e hora inválida "${s}"`);
  const d = new Date(t);
  if (d.getUTCFullYear() < 1900 || d.getUTCFullYear() > 9999) return fail(`data e hora inválida "${s}"`);
  return ok(d.toISOString());
}

function zoneOf(zone: string | undefined, dateOnly: boolean): string {
  // A bare date is the shop's day; a time without an offset is the service's (UTC).
  if (!zone) return dateOnly ? '-03:00' : 'Z';
  if (zone === 'Z' || zone === 'z') return 'Z';
  const m = /^([+-]\d{2}):?(\d{2})?$/.exec(zone)!;
  return `${m[1]}:${m[2] ?? '00'}`;
}

/**
 * A number as the export writes it (`1234.5`, `-3`) or as a pt-BR spreadsheet does (`1.234,50`,
 * `R$ 1.234,50`, `12,5`); null when empty.
 */
export function readNumber(cell: string | number | undefined | null): Read<number | null> {
  if (typeof cell === 'number') return Number.isFinite(cell) ? ok(cell) : fail('número inválido');
  if (cell === null || isBlank(cell)) return ok(null);
  const raw = (cell as string).trim();
  const s = raw.replace(/\s|\u00a0/g, '').replace(/^R\$/i, '').replace(/^(-?)R\$/i, '$1');
  let normalized: string | null = null;
  if (/^-?\d+(\.\d+)?$/.test(s)) normalized = s;
  else if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s) || /^-?\d+,\d+$/.test(s)) normalized = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) normalized = s.replace(/,/g, '');
  if (normalized === null) return fail(`"${raw}" não é um número`);
  const n = Number(normalized);
  return Number.isFinite(n) ? ok(n) : fail(`"${raw}" não é um número`);
}

/** Lower case, no accents, trimmed: for matching the old system's words ('Cartão' → 'cartao'). */
export function plainWord(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
}
