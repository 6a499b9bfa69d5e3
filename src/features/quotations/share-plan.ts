/** How a quotation is shared (spec §5, §8): device share sheet, else WhatsApp, else copy the link. */
import { isValidQuotationCode } from '@shared';
import { formatWhatsAppNumber, quotationShareMessage, quotationUrl, whatsappLink } from '../../domain/whatsapp';
import { QT } from './messages';

export type SharePlan =
  | { kind: 'error'; message: string }
  | { kind: 'native'; data: { title: string; text: string; url: string }; fallback: SharePlan }
  | { kind: 'whatsapp'; url: string; link: string }
  /** `reason`: why WhatsApp was not possible (spec §8 message), shown with the copied link. */
  | { kind: 'copy'; link: string; reason?: string };

export type ShareInput = {
  code: string;
  /** The quotation's link secret (issue 30), when it has one: the link carries it. */
  linkSecret?: string | null;
  origin: string;
  customer: { name: string; whatsapp?: string | null; phone?: string | null } | null;
  /** The quotation's customer_id: set while `customer` is null means it has not reached this device yet… */
  customerId?: string | null;
  /** …unless it was deleted (here or on another device): its name then ('' when unknown). */
  removedCustomer?: string | null;
  company: string;
  canNativeShare: boolean;
};

/**
 * The link of a quotation, or an error message (spec §8). With the quotation's secret when it has
 * one (issue 30); without it (a quotation from before, until the server's copy arrives) the bare
 * link, which asks the customer for the last 4 digits of their phone.
 */
export function linkFor(code: string, origin: string, linkSecret?: string | null): { ok: true; link: string } | { ok: false; message: string } {
  if (!code || !isValidQuotationCode(code)) return { ok: false, message: QT.invalidCode };
  if (!origin) return { ok: false, message: QT.linkFailure };
  return { ok: true, link: quotationUrl(origin, code, linkSecret) };
}

export function planShare(i: ShareInput): SharePlan {
  const l = linkFor(i.code, i.origin, i.linkSecret);
  if (!l.ok) return { kind: 'error', message: l.message };
  const name = i.customer?.name ?? '';
  const text = quotationShareMessage(name || 'cliente', i.company, l.link);
  let fallback: SharePlan;
  if (!i.customer) {
    const reason = !i.customerId ? QT.noCustomerShare : i.removedCustomer != null ? QT.customerRemovedShare : QT.customerNotSyncedShare;
    fallback = { kind: 'copy', link: l.link, reason };
  } else {
    const number = formatWhatsAppNumber(i.customer.whatsapp || i.customer.phone || '');
    fallback = number
      ? { kind: 'whatsapp', url: whatsappLink(number, text), link: l.link }
      : { kind: 'copy', link: l.link, reason: QT.noPhone };
  }
  if (i.canNativeShare) return { kind: 'native', data: { title: QT.shareTitle(i.code), text, url: l.link }, fallback };
  return fallback;
}
