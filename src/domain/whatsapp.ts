/**
 * WhatsApp rules (spec §5): numbers become digits with the Brazilian country code 55.
 */
import { LINK_SECRET_PARAM } from '@shared';

export const COUNTRY_CODE = '55';

/**
 * Strips non-digits and prefixes 55, unless the number already starts with 55 and has at
 * least 12 digits (55 + 2-digit area code + 8/9-digit number). '' stays ''.
 */
export function formatWhatsAppNumber(raw: string | null | undefined): string {
  const digits = String(raw ?? '').replace(/\D/g, '');
  if (digits === '') return '';
  if (digits.startsWith(COUNTRY_CODE) && digits.length >= 12) return digits;
  return COUNTRY_CODE + digits;
}

/** https://wa.me/<number>[?text=<encoded text>] */
export function whatsappLink(number: string | null | undefined, text?: string): string {
  const n = formatWhatsAppNumber(number);
  const base = `https://wa.me/${n}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/**
 * The shared link of a quotation: site origin + /quotation/{code} (spec §2), with the quotation's
 * link secret when it has one (issue 30: ?k={secret} opens it without asking the customer for
 * the last digits of their phone). Not meant to be typed: a typed code asks for the digits.
 */
export function quotationUrl(origin: string, code: string, linkSecret?: string | null): string {
  const base = `${origin.replace(/\/+$/, '')}/quotation/${encodeURIComponent(code)}`;
  return linkSecret ? `${base}?${LINK_SECRET_PARAM}=${encodeURIComponent(linkSecret)}` : base;
}

/** 'Olá {name}, aqui está o orçamento da {company}: {link}' (spec §5). */
export function quotationShareMessage(name: string, company: string, link: string): string {
  return `Olá ${name}, aqui está o orçamento da ${company}: ${link}`;
}

/** Phone for display: (31) 99999-8888 / (31) 3333-4444; anything else as typed. */
export function formatPhoneBR(raw: string | null | undefined): string {
  const s = String(raw ?? '');
  let d = s.replace(/\D/g, '');
  if (d.startsWith(COUNTRY_CODE) && d.length >= 12) d = d.slice(2);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return s.trim();
}

/**
 * Avisar cliente (issue 31 §7): a pt-BR message naming the job, its stage and — when it came from
 * a quotation — the link the customer follows it on. At Pronto para retirada it says so.
 */
export function workOrderNoticeMessage(i: {
  name: string;
  company: string;
  code: string;
  description: string;
  /** 'pronto_para_retirada' words it as ready for pickup; anything else names `stageLabel`. */
  ready: boolean;
  stageLabel: string;
  link: string | null;
}): string {
  const job = i.description.trim() ? `${i.code} (${i.description.trim().replace(/\s+/g, ' ').slice(0, 80)})` : i.code;
  const hello = `Olá ${i.name || 'cliente'}`;
  const body = i.ready
    ? `${hello}, o seu serviço ${job} da ${i.company} está pronto para retirada!`
    : `${hello}, novidades do seu serviço ${job} da ${i.company}: ${i.stageLabel}.`;
  return i.link ? `${body} Acompanhe por aqui: ${i.link}` : body;
}
