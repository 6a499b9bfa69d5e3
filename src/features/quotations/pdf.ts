/**
 * 'Salvar': the quotation as a real PDF file `orcamento-{code}.pdf`, made on the device (works
 * offline). jsPDF is imported here dynamically, so it is downloaded only when a PDF is made.
 */
import type { CompanyDoc, CustomerDoc, QuotationDoc } from '@shared';
import { buildStaticPix } from '../../domain/brcode';
import { companyContactLines } from '../../domain/company-contacts';
import { formatDate } from '../../domain/dates';
import { formatBRL, lineTotalCents, formatCentsBRL, toCents } from '../../domain/money';
import { qrMatrix } from '../../domain/qr';
import { quotationDisplayStatus, quotationStatusLabel } from '../../domain/quotation-status';
import { formatPhoneBR } from '../../domain/whatsapp';

export const pdfFileName = (code: string) => `orcamento-${code}.pdf`;

const M = 15; // page margin, mm
const W = 210;
const BOTTOM = 282;

/** Builds and downloads the PDF; resolves with the file name. */
export async function saveQuotationPdf(q: QuotationDoc, customer: CustomerDoc | null, company: CompanyDoc | null): Promise<string> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  let y = M;
  const ensure = (h: number) => {
    if (y + h > BOTTOM) {
      doc.addPage();
      y = M;
    }
  };
  const text = (s: string, x: number, opts: { size?: number; bold?: boolean; align?: 'left' | 'right' | 'center'; color?: number } = {}) => {
    doc.setFont('helvetica', opts.bold ? 'bold' : 'normal');
    doc.setFontSize(opts.size ?? 10);
    doc.setTextColor(opts.color ?? 20);
    doc.text(s, x, y, { align: opts.align ?? 'left' });
  };
  const wrapped = (s: string, width: number, size = 10) => {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(size);
    const lines = doc.splitTextToSize(s, width) as string[];
    for (const line of lines) {
      ensure(5);
      text(line, M, { size });
      y += size * 0.45;
    }
  };
  const rule = () => {
    doc.setDrawColor(200);
    doc.line(M, y, W - M, y);
    y += 5;
  };

  // Company header and contacts
  if (company) {
    text(company.name, M, { size: 16, bold: true });
    y += 6;
    if (company.tagline) {
      text(company.tagline, M, { size: 9, color: 90 });
      y += 4.5;
    }
    const contacts = companyContactLines(company);
    for (const c of contacts) {
      text(c, M, { size: 9, color: 70 });
      y += 4.2;
    }
    y += 1;
    rule();
  }

  // Title, dates, status
  text(`Orçamento ${q.code}`, M, { size: 14, bold: true });
  text(quotationStatusLabel(quotationDisplayStatus(q, new Date())), W - M, { size: 10, bold: true, align: 'right' });
  y += 6;
  text(`Criado em ${formatDate(q.created_at)}   ·   Válido até ${formatDate(q.validity_date)}`, M, { size: 9, color: 70 });
  y += 8;

  // Customer
  text('Cliente', M, { size: 11, bold: true });
  y += 5;
  text(customer?.name ?? 'Informações do cliente não disponíveis', M);
  y += 4.5;
  const phone = customer?.whatsapp || customer?.phone;
  if (phone) {
    text(formatPhoneBR(phone), M, { size: 9, color: 70 });
    y += 4.5;
  }
  y += 3;

  // Description
  text('Descrição do serviço', M, { size: 11, bold: true });
  y += 5;
  wrapped(q.description, W - 2 * M);
  y += 3;

  // Materials
  if (q.materials.length > 0) {
    ensure(14);
    text('Materiais', M, { size: 11, bold: true });
    y += 6;
    const cols = { name: M, qty: 125, price: 158, sub: W - M };
    const header = () => {
      text('Material', cols.name, { size: 9, bold: true });
      text('Qtd.', cols.qty, { size: 9, bold: true, align: 'right' });
      text('Preço unit.', cols.price, { size: 9, bold: true, align: 'right' });
      text('Subtotal', cols.sub, { size: 9, bold: true, align: 'right' });
      y += 2;
      rule();
    };
    header();
    for (const m of q.materials) {
      doc.setFontSize(9);
      const lines = doc.splitTextToSize(m.name, 95) as string[];
      ensure(lines.length * 4.2 + 1);
      text(String(m.quantity), cols.qty, { size: 9, align: 'right' });
      text(formatBRL(m.price), cols.price, { size: 9, align: 'right' });
      text(formatCentsBRL(lineTotalCents(m.quantity, m.price)), cols.sub, { size: 9, align: 'right' });
      for (const line of lines) {
        text(line, cols.name, { size: 9 });
        y += 4.2;
      }
      y += 0.8;
    }
    y += 1;
  }

  // Totals
  ensure(24);
  rule();
  const totalRow = (label: string, value: string, bold = false) => {
    text(label, 140, { size: bold ? 12 : 10, bold, align: 'right' });
    text(value, W - M, { size: bold ? 12 : 10, bold, align: 'right' });
    y += bold ? 7 : 5;
  };
  if (toCents(q.discounts) > 0) totalRow('Desconto', `-${formatBRL(q.discounts)}`);
  if (toCents(q.taxes) > 0) totalRow('Impostos', formatBRL(q.taxes));
  totalRow('Valor Total', formatBRL(q.total_amount), true);
  y += 3;

  // Terms
  ensure(20);
  for (const [label, value] of [
    ['Forma de Pagamento', q.payment_method],
    ['Validade', formatDate(q.validity_date)],
    ['Prazo de Execução', q.execution_deadline],
  ] as const) {
    text(`${label}:`, M, { bold: true });
    text(value || '—', M + 42);
    y += 5.5;
  }

  // PIX copia-e-cola and QR
  if (company?.pix_key) {
    let payload: string | null = null;
    try {
      payload = buildStaticPix({ key: company.pix_key, merchantName: company.name, merchantCity: company.city, amount: q.total_amount, txid: q.code });
    } catch {
      payload = null;
    }
    if (payload) {
      const qrSize = 40;
      ensure(qrSize + 16);
      y += 3;
      text('Pague com PIX', M, { size: 11, bold: true });
      y += 3;
      const matrix = qrMatrix(payload);
      const cell = qrSize / matrix.length;
      doc.setFillColor(0, 0, 0);
      for (let r = 0; r < matrix.length; r++) {
        for (let c = 0; c < matrix.length; c++) if (matrix[r][c]) doc.rect(M + c * cell, y + r * cell, cell, cell, 'F');
      }
      const top = y;
      y += 4;
      const x = M + qrSize + 6;
      text(`Chave PIX: ${company.pix_key}`, x, { size: 9 });
      y += 5;
      text('PIX copia e cola:', x, { size: 9, bold: true });
      y += 4.5;
      doc.setFont('courier', 'normal');
      doc.setFontSize(7.5);
      for (const line of doc.splitTextToSize(payload, W - M - x) as string[]) {
        doc.text(line, x, y);
        y += 3.4;
      }
      y = Math.max(y, top + qrSize) + 4;
    }
  }

  // Footer on every page
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(120);
    const footer = company ? `${company.name}${company.phones[0] ? ` · ${formatPhoneBR(company.phones[0])}` : ''}` : '';
    doc.text(`${footer}${footer ? ' · ' : ''}Página ${p} de ${pages}`, W / 2, 292, { align: 'center' });
  }

  const file = pdfFileName(q.code);
  doc.save(file);
  return file;
}
