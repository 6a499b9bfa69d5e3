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

/** A new quotation code, made offline without coordination: ORC- plus 6 random characters. */
export function generateQuotationCode(random: () => number = Math.random): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)];
  return `ORC-${s}`;
}

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
