/**
 * Rules both sides enforce. Pure functions, no IO.
 */

/** Special characters a password may use to satisfy the "special" rule (spec §5). */
export const PASSWORD_SPECIALS = '!@#$%^&*';
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRule = 'min_length' | 'uppercase' | 'lowercase' | 'digit' | 'special';

export const PASSWORD_RULES: readonly { rule: PasswordRule; label: string; test: (p: string) => boolean }[] = [
  { rule: 'min_length', label: 'Pelo menos 8 caracteres', test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { rule: 'uppercase', label: 'Uma letra maiúscula', test: (p) => /[A-Z]/.test(p) },
  { rule: 'lowercase', label: 'Uma letra minúscula', test: (p) => /[a-z]/.test(p) },
  { rule: 'digit', label: 'Um número', test: (p) => /[0-9]/.test(p) },
  {
    rule: 'special',
    label: `Um caractere especial (${PASSWORD_SPECIALS})`,
    test: (p) => [...p].some((c) => PASSWORD_SPECIALS.includes(c)),
  },
];

/** The rules a password fails (empty when it is acceptable). */
export function failedPasswordRules(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.rule);
}

export function isStrongPassword(password: string): boolean {
  return typeof password === 'string' && password.length <= 256 && failedPasswordRules(password).length === 0;
}

/**
 * Quotation codes: letters, digits and single hyphens, 3 to 32 characters, e.g. ORC-7K3M9P.
 * Lookups trim and ignore case; codes are stored as typed and are unique ignoring case.
 */
export const QUOTATION_CODE_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
export const QUOTATION_CODE_MIN = 3;
export const QUOTATION_CODE_MAX = 32;

export function normalizeQuotationCode(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toUpperCase() : '';
}

export function isValidQuotationCode(code: string): boolean {
  const c = code.trim();
  return c.length >= QUOTATION_CODE_MIN && c.length <= QUOTATION_CODE_MAX && QUOTATION_CODE_PATTERN.test(c);
}

/** Alphabet without look-alikes (0/O, 1/I/L) so a code read over the phone is typed right. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** Fills `bytes` with random values and returns them: crypto.getRandomValues (browsers and Node 20 alike). */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array;
const cryptoRandomBytes: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * A uniformly random index below `n` (n ≤ 256) from `randomBytes`: bytes at or above the largest
 * multiple of n are drawn again, so no character of the alphabet is likelier than another.
 */
function randomIndex(n: number, randomBytes: RandomBytes): number {
  const limit = 256 - (256 % n);
  for (;;) {
    const [byte] = randomBytes(new Uint8Array(1));
    if (byte < limit) return byte % n;
  }
}

/**
 * A new quotation code, made offline without coordination: ORC- plus 6 characters of the
 * 31-letter alphabet (31^6 ≈ 8.9 × 10^8 codes), from the platform's cryptographic randomness
 * (`randomBytes` is for tests). Short enough to read over the phone, so not a secret on its own:
 * see generateLinkSecret and sync-server/src/public/access.ts.
 */
export function generateQuotationCode(randomBytes: RandomBytes = cryptoRandomBytes): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += CODE_ALPHABET[randomIndex(CODE_ALPHABET.length, randomBytes)];
  return `ORC-${s}`;
}

/**
 * A counter job's OS code (issue 31), made offline by the same rule as quotation codes: OS- plus
 * 6 characters of the same alphabet.
 */
export function generateWorkOrderCode(randomBytes: RandomBytes = cryptoRandomBytes): string {
  return generateQuotationCode(randomBytes).replace(/^ORC-/, 'OS-');
}

/** Bytes of a quotation's link secret: 128 bits, 22 base64url characters. */
export const LINK_SECRET_BYTES = 16;
export const LINK_SECRET_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
/** The query parameter the secret travels in: /quotation/{code}?k={secret}. */
export const LINK_SECRET_PARAM = 'k';
/** The query/form parameter with the last 4 digits of the customer's phone (a link without the secret). */
export const PHONE_DIGITS_PARAM = 'tel';
export const PHONE_DIGITS_PATTERN = /^\d{4}$/;

/** A new link secret (quotations.link_secret): 16 random bytes as base64url, no padding. */
export function generateLinkSecret(randomBytes: RandomBytes = cryptoRandomBytes): string {
  const bytes = randomBytes(new Uint8Array(LINK_SECRET_BYTES));
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += alphabet[(value >> bits) & 63];
    }
  }
  if (bits > 0) out += alphabet[(value << (6 - bits)) & 63];
  return out;
}

/**
 * The last 4 digits of a phone as typed in the customer's record — what a customer opening a
 * quotation by its bare code is asked for — or null when it has fewer than 4 digits (such a
 * quotation opens only through the link with its secret).
 */
export function phoneLastDigits(phone: string | null | undefined): string | null {
  const digits = String(phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** Team roles: the owner manages the team and the company profile; staff do everything else. */
export const ROLES = ['owner', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { owner: 'Dono', staff: 'Funcionário' };
export const TEAM_NAME_MAX = 120;

/** At most this many live sessions (devices) per user (spec §9). */
export const MAX_DEVICE_SESSIONS = 3;
/** Tombstones are kept on the server at least this long; a device offline longer resyncs fully. */
export const TOMBSTONE_RETENTION_DAYS = 90;

/**
 * What makes two customer phones "the same" for the unique-phone rule: the digits, so
 * "(31) 99999-1234" and "31 999991234" collide; a phone typed without digits compares as
 * trimmed lower-case text. The server's unique index computes exactly this in SQL
 * (sync-server migration 003); the client checks it before saving.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 0 ? digits : phone.trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Text the product accepts
// ---------------------------------------------------------------------------------------------

/**
 * Every text the product stores or looks up must be well-formed Unicode without NUL:
 * PostgreSQL text cannot hold U+0000, and a lone UTF-16 surrogate ('\ud800' alone) is not
 * Unicode at all — jsonb refuses it and UTF-8 cannot encode it. Both sides check with this one
 * rule: the server refuses such input with a 4xx (a refused row inside a push), and the client
 * refuses it before a write is queued.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

export function isAcceptableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

export const INVALID_TEXT_MESSAGE = 'O texto contém caracteres inválidos. Remova-os e tente novamente.';

/**
 * The path of the first unacceptable string (in a value or an object key), e.g. ['materials', '0', 'name'],
 * or null when every text is acceptable. Depth is bounded: deeper values count as unacceptable.
 */
export function findUnacceptableText(value: unknown, maxDepth = 32): string[] | null {
  const walk = (v: unknown, path: string[], depth: number): string[] | null => {
    if (typeof v === 'string') return isAcceptableText(v) ? null : path;
    if (v === null || typeof v !== 'object') return null;
    if (depth > maxDepth) return path;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = walk(v[i], [...path, String(i)], depth + 1);
        if (found) return found;
      }
      return null;
    }
    for (const [k, child] of Object.entries(v)) {
      if (!isAcceptableText(k)) return [...path, '(chave)'];
      const found = walk(child, [...path, k], depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(value, [], 0);
}

/** A copy safe to store for the record (logs): NUL removed, lone surrogates replaced by U+FFFD. */
export function sanitizeText<T>(value: T): T {
  const fix = (s: string) => {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0) continue;
      if (c >= 0xd800 && c <= 0xdbff) {
        const next = s.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) {
          out += s[i] + s[i + 1];
          i++;
        } else out += '\ufffd';
      } else if (c >= 0xdc00 && c <= 0xdfff) out += '\ufffd';
      else out += s[i];
    }
    return out;
  };
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return fix(v);
    if (v === null || typeof v !== 'object' || depth > 32) return typeof v === 'object' && v !== null ? null : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [fix(k), walk(x, depth + 1)]));
  };
  return walk(value, 0) as T;
}

// ---------------------------------------------------------------------------------------------
// Settings catalogues
// ---------------------------------------------------------------------------------------------

const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy';

/**
 * What makes two catalogue names "the same" (one per kind): trimmed, inner spaces collapsed,
 * case and accents ignored — 'Aço Carbono' and ' aco  carbono' collide. The server's unique
 * index computes exactly this in SQL (sync-server migration 005, CATALOG_NAME_KEY_SQL); the
 * client checks it before saving.
 */
export function catalogNameKey(name: string): string {
  let out = '';
  for (const ch of name.trim().replace(/\s+/g, ' ')) {
    const i = ACCENTED.indexOf(ch);
    out += i >= 0 ? PLAIN[i] : ch;
  }
  return out.toLowerCase();
}

/** The same rule in SQL, for an index expression over `name` (immutable functions only). */
export const CATALOG_NAME_KEY_SQL = `lower(translate(btrim(regexp_replace(name, '\\s+', ' ', 'g')), '${ACCENTED}', '${PLAIN}'))`;

/**
 * Why a catalogue entry cannot be deleted: how many live stock items use it and, for a
 * category, how many types belong to it. The server's refusal (catalog_in_use) and the
 * client's check say it with these words.
 */
export function catalogInUseMessage(items: number, types = 0): string {
  const parts: string[] = [];
  if (items > 0) parts.push(items === 1 ? '1 item do estoque usa' : `${items} itens do estoque usam`);
  if (types > 0) parts.push(types === 1 ? '1 tipo pertence a' : `${types} tipos pertencem a`);
  return `Não é possível excluir: ${parts.join(' e ')} este cadastro.`;
}

// ---------------------------------------------------------------------------------------------
// The shop's calendar and a quotation's validity
// ---------------------------------------------------------------------------------------------

/** The shop's time zone: its calendar dates (due dates, validity dates, "today") are São Paulo's. */
export const SHOP_TIME_ZONE = 'America/Sao_Paulo';

/**
 * The date's fields are read with formatToParts, never from a locale's whole pattern: 'en-CA'
 * formats as 2026-11-26 in Node and Chromium but as 11/26/2026 in WebKit (seen in WebKitGTK
 * 2.50.6 on Debian's ICU), which made every "today" there 'NaN-NaN-NaN' (issue 29).
 */
const shopDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The shop's calendar date ('YYYY-MM-DD') of an instant (Date, ISO string or ms); '' when invalid. */
export function shopDate(instant: Date | string | number): string {
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  const parts = shopDateFormat.formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month').padStart(2, '0')}-${part('day').padStart(2, '0')}`;
}

/**
 * 'Vencido': a quotation still waiting for the customer (pending) whose validity date — the last
 * day it is valid, on the shop's calendar — is before `today` ('YYYY-MM-DD', from shopDate).
 * Never stored: derived, so renewing the validity date makes it pending again, and a decision
 * the customer made in time stays what it is. The server refuses to accept an expired one.
 */
export function isValidityPast(q: { status: string; validity_date?: string | null }, today: string): boolean {
  return q.status === 'pending' && typeof q.validity_date === 'string' && q.validity_date !== '' && today !== '' && q.validity_date < today;
}

// ---------------------------------------------------------------------------------------------
// Required text: more than blanks
// ---------------------------------------------------------------------------------------------

/** True when a required text says nothing: missing, empty or only spaces ('   ', tabs, line breaks). */
export function isBlankText(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/**
 * Text fields of a stored document that must say something, with their pt-BR labels. The JSON
 * Schemas ask only for one character, so '   ' passes them: the client's forms (src/domain)
 * and the server's push (sync-server/src/sync/validate.ts) both refuse a blank one with
 * isBlankText. A quotation's material lines need a name too.
 */
export const REQUIRED_TEXT_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  customers: { name: 'Nome', phone: 'Telefone' },
  // Prazo de Execução is optional (issue 39): the old system's list showed '—' without one.
  quotations: { description: 'Descrição', payment_method: 'Método de Pagamento' },
};

/** The required text fields of `doc` that are blank ('materials' when a material line has no name). */
export function blankRequiredFields(collection: string, doc: Readonly<Record<string, unknown>>): string[] {
  const blank = Object.keys(REQUIRED_TEXT_FIELDS[collection] ?? {}).filter((f) => isBlankText(doc[f]));
  if (collection === 'quotations' && Array.isArray(doc.materials) && doc.materials.some((m) => isBlankText((m as { name?: unknown } | null)?.name))) {
    blank.push('materials');
  }
  return blank;
}

/** The refusal's message naming the fields: 'Preencha o campo obrigatório: Nome.' */
export function blankFieldsMessage(collection: string, fields: readonly string[]): string {
  const labels = fields.map((f) => (f === 'materials' ? 'Nome do material' : (REQUIRED_TEXT_FIELDS[collection]?.[f] ?? f)));
  return labels.length === 1 ? `Preencha o campo obrigatório: ${labels[0]}.` : `Preencha os campos obrigatórios: ${labels.join(', ')}.`;
}
