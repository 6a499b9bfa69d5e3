/** What the Comprovante de entrega says (issue 31 §8), as lines the PDF draws. Pure, unit-tested. */
import { companyContactLines } from '../../domain/company-contacts';
import { formatDate, formatDateTime } from '../../domain/dates';
import { formatBRL } from '../../domain/money';
import { formatPhoneBR } from '../../domain/whatsapp';

export interface ReceiptInput {
  company: { name: string; address?: string | null; city?: string | null; phones: readonly string[]; whatsapp_numbers: readonly string[]; email?: string | null } | null;
  customer: { name: string; phone?: string | null } | null;
  code: string;
  description: string;
  total_amount: number;
  deliveredAt: string | null;
  deliveredBy: string | null;
  warrantyUntil: string | null;
}

export interface ReceiptText {
  fileName: string;
  shop: { name: string; contacts: string[] } | null;
  title: string;
  rows: [label: string, value: string][];
  description: string;
  declaration: string;
  signature: string;
}

export const receiptFileName = (code: string) => `comprovante-entrega-${code}.pdf`;

export function receiptText(i: ReceiptInput): ReceiptText {
  const rows: [string, string][] = [
    ['Ordem de serviço', i.code],
    ['Cliente', i.customer ? [i.customer.name, formatPhoneBR(i.customer.phone)].filter(Boolean).join(' · ') : 'Não informado'],
    ['Valor', formatBRL(i.total_amount)],
    ['Entregue em', i.deliveredAt ? formatDateTime(i.deliveredAt) : '—'],
    ['Entregue por', i.deliveredBy || '—'],
    ['Garantia até', i.warrantyUntil ? formatDate(i.warrantyUntil) : '—'],
  ];
  return {
    fileName: receiptFileName(i.code),
    shop: i.company ? { name: i.company.name, contacts: companyContactLines(i.company) } : null,
    title: `Comprovante de entrega — ${i.code}`,
    rows,
    description: i.description,
    declaration: `Declaro que recebi o serviço descrito acima em perfeitas condições${i.warrantyUntil ? `, com garantia até ${formatDate(i.warrantyUntil)}` : ''}.`,
    signature: i.customer ? `Assinatura do cliente — ${i.customer.name}` : 'Assinatura do cliente',
  };
}
