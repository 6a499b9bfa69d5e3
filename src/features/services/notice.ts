/** Avisar cliente (issue 31 §7): the wa.me URL for an OS, or why there is none. Pure. */
import { WORK_ORDER_STAGE_LABELS, type WorkOrderStage } from '@shared';
import { formatWhatsAppNumber, quotationUrl, whatsappLink, workOrderNoticeMessage } from '../../domain/whatsapp';
import { SV } from './messages';

export interface NoticeInput {
  code: string;
  description: string;
  stage: WorkOrderStage;
  customer: { name: string; whatsapp?: string | null; phone?: string | null } | null;
  company: string;
  /** The quotation the OS came from (its link, with the link secret when it has one); null for a counter job. */
  quotation: { code: string; link_secret?: string | null } | null;
  origin: string;
}

export function noticePlan(i: NoticeInput): { ok: true; url: string; text: string } | { ok: false; message: string } {
  if (!i.customer) return { ok: false, message: SV.notifyNoCustomer };
  const number = formatWhatsAppNumber(i.customer.whatsapp || i.customer.phone || '');
  if (!number) return { ok: false, message: SV.notifyNoPhone };
  const link = i.quotation && i.origin ? quotationUrl(i.origin, i.quotation.code, i.quotation.link_secret) : null;
  const text = workOrderNoticeMessage({
    name: i.customer.name,
    company: i.company,
    code: i.code,
    description: i.description,
    ready: i.stage === 'pronto_para_retirada',
    stageLabel: WORK_ORDER_STAGE_LABELS[i.stage],
    link,
  });
  return { ok: true, url: whatsappLink(number, text), text };
}
