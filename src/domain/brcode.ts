/**
 * Static PIX "copia e cola" payloads (BR Code), per the Banco Central's "Manual de Padrões
 * para Iniciação do Pix" (EMV® QRCPS merchant-presented mode): a sequence of TLV fields
 * `ID(2) LENGTH(2) VALUE`, closed by field 63 holding a CRC16-CCITT-FALSE of everything
 * before it, including the literal '6304'.
 */
import { toCents } from './money';

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR. */
export function crc16ccitt(input: string): string {
  let crc = 0xffff;
  for (let i = 0; i < input.length; i++) {
    crc ^= (input.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One EMV field: id + 2-digit length + value. Values are ASCII, so length = characters. */
export function emvField(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`EMV id inválido: ${id}`);
  if (value.length > 99) throw new Error(`Campo EMV ${id} longo demais (${value.length})`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Appends '6304' and the CRC of the whole payload. */
export function withCrc(payloadWithoutCrc: string): string {
  const body = `${payloadWithoutCrc}6304`;
  return body + crc16ccitt(body);
}

/** True when the payload ends with a field 63 whose CRC matches the rest. */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== '6304') return false;
  return crc16ccitt(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
}

/** Splits a TLV string into its fields (throws on a malformed payload). */
export function parseEmv(payload: string): { id: string; value: string }[] {
  const fields: { id: string; value: string }[] = [];
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len) || i + 4 + len > payload.length) {
      throw new Error(`Payload EMV malformado na posição ${i}`);
    }
    fields.push({ id, value: payload.slice(i + 4, i + 4 + len) });
    i += 4 + len;
  }
  return fields;
}

/** Uppercase ASCII letters, digits and spaces, accents removed, cut to `max` characters. */
export function sanitizeEmvText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * Transaction id for field 62/05: alphanumeric only, at most 25 characters; '***' (the
 * manual's "no identifier") when nothing is left.
 */
export function sanitizeTxid(raw: string | null | undefined): string {
  const s = String(raw ?? '')
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 25);
  return s === '' ? '***' : s;
}

/**
 * PIX keys as the DICT stores them: CPF/CNPJ digits only, phones as +55DDDNNNNNNNNN, e-mail
 * lower-case, random (EVP) keys as typed. A CPF typed with dots/dash is reduced to digits; a
 * phone typed with '(', ')' or spaces becomes +55…; anything else is only trimmed.
 */
export function normalizePixKey(raw: string): string {
  const key = raw.trim();
  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(key) || /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/.test(key)) {
    return key.replace(/\D/g, '');
  }
  if (/^\+?[\d\s()-]+$/.test(key) && /[()\s+]/.test(key)) {
    const digits = key.replace(/\D/g, '');
    return digits.startsWith('55') && digits.length >= 12 ? `+${digits}` : `+55${digits}`;
  }
  if (key.includes('@')) return key.toLowerCase();
  return key;
}

export interface StaticPixInput {
  /** The receiver's PIX key (CPF/CNPJ, phone, e-mail or random key). */
  key: string;
  /** Receiver name; uppercased, accents removed, cut to 25 characters. */
  merchantName: string;
  /** Receiver city; uppercased, accents removed, cut to 15 characters. */
  merchantCity: string;
  /** Amount in reais; omitted from the code when absent or not positive. */
  amount?: number | null;
  /** Transaction id (e.g. the quotation code); sanitised, '***' when empty. */
  txid?: string | null;
}

/** '1234.5' → '1234.50' (field 54 uses '.' and exactly 2 decimals, no thousands separator). */
export function formatEmvAmount(amount: number): string {
  const cents = toCents(amount);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Builds a static PIX BR Code ("copia e cola" text, also the QR code content). */
export function buildStaticPix(input: StaticPixInput): string {
  const key = normalizePixKey(input.key);
  if (key === '') throw new Error('Chave PIX vazia');
  const name = sanitizeEmvText(input.merchantName, 25) || 'RECEBEDOR';
  const city = sanitizeEmvText(input.merchantCity, 15) || 'BRASIL';
  const amount = input.amount != null && toCents(input.amount) > 0 ? formatEmvAmount(input.amount) : null;

  const payload =
    emvField('00', '01') +
    emvField('26', emvField('00', 'br.gov.bcb.pix') + emvField('01', key)) +
    emvField('52', '0000') +
    emvField('53', '986') +
    (amount ? emvField('54', amount) : '') +
    emvField('58', 'BR') +
    emvField('59', name) +
    emvField('60', city) +
    emvField('62', emvField('05', sanitizeTxid(input.txid)));
  return withCrc(payload);
}
