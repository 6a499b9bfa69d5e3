/**
 * The company profile form's rules: PIX key checked against its type, links checked as
 * http(s) addresses of the right site, lists of phones. Pure; messages in pt-BR.
 */

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'phone', 'email', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  phone: 'Telefone',
  email: 'E-mail',
  random: 'Chave aleatória',
};

export const COMPANY_MESSAGES = {
  nameRequired: 'O nome da empresa é obrigatório.',
  pixCpf: 'Chave PIX inválida: o CPF deve ter 11 dígitos válidos (ex: 123.456.789-09).',
  pixCnpj: 'Chave PIX inválida: o CNPJ deve ter 14 dígitos válidos (ex: 12.345.678/0001-95).',
  pixPhone: 'Chave PIX inválida: o telefone deve ter DDD e número (ex: (35) 99876-5432).',
  pixEmail: 'Chave PIX inválida: informe um e-mail como nome@empresa.com.br.',
  pixRandom: 'Chave PIX inválida: a chave aleatória tem 32 letras e números, no formato 123e4567-e89b-12d3-a456-426614174000.',
  email: 'E-mail inválido. Use um endereço como contato@empresa.com.br.',
  facebook: 'Link do Facebook inválido. Use um endereço como https://www.facebook.com/suaempresa.',
  instagram: 'Link do Instagram inválido. Use um endereço como https://www.instagram.com/suaempresa.',
  map: 'Link do mapa inválido. Cole o endereço completo do mapa, começando com https://.',
  phone: 'Telefone inválido: informe DDD e número, um por linha.',
  warrantyDays: 'Garantia inválida: informe um número inteiro de dias, de 0 a 3650 (10 anos).',
} as const;

const digits = (s: string) => s.replace(/\D/g, '');

/** The most Garantia days the profile takes (10 years; schemas company.warranty_days). */
export const WARRANTY_DAYS_MAX = 3650;

/**
 * The Garantia padrão as typed (issue 31 §8): blank is no value of the shop's own (null: the
 * consumer code's 90 days); otherwise whole days from 0 to 3650 ('1.000' read as 1000).
 */
export function checkWarrantyDays(raw: string): { ok: true; days: number | null } | { ok: false; message: string } {
  const t = raw.trim().replace(/\./g, '');
  if (t === '') return { ok: true, days: null };
  if (!/^\d{1,5}$/.test(t)) return { ok: false, message: COMPANY_MESSAGES.warrantyDays };
  const days = Number(t);
  return days <= WARRANTY_DAYS_MAX ? { ok: true, days } : { ok: false, message: COMPANY_MESSAGES.warrantyDays };
}

/** CPF check digits (and not all digits equal). */
export function isValidCpf(raw: string): boolean {
  const d = digits(raw);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** CNPJ check digits (and not all digits equal). */
export function isValidCnpj(raw: string): boolean {
  const d = digits(raw);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const calc = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(d[i]), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return calc(12) === Number(d[12]) && calc(13) === Number(d[13]);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isValidEmail(raw: string): boolean {
  return EMAIL.test(raw.trim()) && raw.trim().length <= 200;
}

/** Brazilian phone digits (DDD + 8 or 9 digits), optionally with 55 in front. */
function phoneDigits(raw: string): string | null {
  let d = digits(raw);
  if (d.startsWith('55') && (d.length === 12 || d.length === 13)) d = d.slice(2);
  return d.length === 10 || d.length === 11 ? d : null;
}

export type PixCheck = { ok: true; key: string } | { ok: false; message: string };

/**
 * Checks a PIX key against its type and gives the form the DICT stores: CPF/CNPJ digits,
 * phone +55DDDNÚMERO, e-mail lower case, random key lower case.
 */
export function checkPixKey(type: PixKeyType, raw: string): PixCheck {
  const key = raw.trim();
  switch (type) {
    case 'cpf':
      return isValidCpf(key) && /^[\d.\-\s]+$/.test(key) ? { ok: true, key: digits(key) } : { ok: false, message: COMPANY_MESSAGES.pixCpf };
    case 'cnpj':
      return isValidCnpj(key) && /^[\d./\-\s]+$/.test(key) ? { ok: true, key: digits(key) } : { ok: false, message: COMPANY_MESSAGES.pixCnpj };
    case 'phone': {
      const d = /^[+\d\s()-]+$/.test(key) ? phoneDigits(key) : null;
      return d ? { ok: true, key: `+55${d}` } : { ok: false, message: COMPANY_MESSAGES.pixPhone };
    }
    case 'email':
      return isValidEmail(key) && key.length <= 77 ? { ok: true, key: key.toLowerCase() } : { ok: false, message: COMPANY_MESSAGES.pixEmail };
    case 'random':
      return UUID.test(key) ? { ok: true, key: key.toLowerCase() } : { ok: false, message: COMPANY_MESSAGES.pixRandom };
  }
}

/** The type of a stored key (to preselect it in the form). */
export function detectPixKeyType(key: string | null | undefined): PixKeyType {
  const k = (key ?? '').trim();
  if (k.includes('@')) return 'email';
  if (UUID.test(k)) return 'random';
  if (k.startsWith('+')) return 'phone';
  const d = digits(k);
  if (d.length === 14) return 'cnpj';
  if (d.length === 11 && isValidCpf(d)) return 'cpf';
  if (d.length === 10 || d.length === 11) return 'phone';
  return 'cpf';
}

/** How a stored key is shown in the form: CPF/CNPJ with punctuation, phone as (DD) NNNNN-NNNN. */
export function displayPixKey(type: PixKeyType, key: string | null | undefined): string {
  const k = (key ?? '').trim();
  const d = digits(k);
  if (type === 'cpf' && d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (type === 'cnpj' && d.length === 14) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  if (type === 'phone') {
    const p = phoneDigits(k);
    if (p) return `(${p.slice(0, 2)}) ${p.slice(2, p.length - 4)}-${p.slice(-4)}`;
  }
  return k;
}

export type LinkKind = 'facebook' | 'instagram' | 'map';

const LINK_HOSTS: Record<LinkKind, RegExp | null> = {
  facebook: /(^|\.)(facebook\.com|fb\.com|fb\.me)$/i,
  instagram: /(^|\.)(instagram\.com|instagr\.am)$/i,
  map: null,
};

/** A link the public pages can open: http(s), a real host, of the right site for social links. Empty is allowed. */
export function checkLink(kind: LinkKind, raw: string): { ok: true; url: string | null } | { ok: false; message: string } {
  const t = raw.trim();
  if (!t) return { ok: true, url: null };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`);
  } catch {
    return { ok: false, message: COMPANY_MESSAGES[kind] };
  }
  const hostOk = url.hostname.includes('.') && !/\s/.test(t);
  const protoOk = url.protocol === 'https:' || url.protocol === 'http:';
  const siteOk = LINK_HOSTS[kind] ? LINK_HOSTS[kind]!.test(url.hostname) : true;
  if (!hostOk || !protoOk || !siteOk || url.href.length > (kind === 'map' ? 2000 : 500)) {
    return { ok: false, message: COMPANY_MESSAGES[kind] };
  }
  return { ok: true, url: url.href };
}

/** Phones typed one per line (or separated by ';' or ','): trimmed, empty lines dropped. */
export function parsePhoneList(text: string): string[] {
  return text
    .split(/[\n;,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** True when every phone has a DDD and a number (10 or 11 digits, or with 55 in front). */
export function phonesValid(phones: readonly string[]): boolean {
  return phones.every((p) => phoneDigits(p) !== null);
}
