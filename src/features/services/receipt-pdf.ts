/**
 * 'Comprovante de entrega': the receipt as a PDF made on the device (offline too), like the
 * quotation's. jsPDF is imported dynamically, so it is downloaded only when a receipt is made.
 * Saved as a download, and returned too, for the phone's share sheet (Delivery.tsx).
 */
import type { ReceiptText } from './receipt';

const M = 15;
const W = 210;

export async function saveReceiptPdf(r: ReceiptText): Promise<{ fileName: string; pdf: Blob }> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  let y = M;
  const text = (s: string, x: number, opts: { size?: number; bold?: boolean; color?: number; align?: 'left' | 'right' | 'center' } = {}) => {
    doc.setFont('helvetica', opts.bold ? 'bold' : 'normal');
    doc.setFontSize(opts.size ?? 10);
    doc.setTextColor(opts.color ?? 20);
    doc.text(s, x, y, { align: opts.align ?? 'left' });
  };
  const wrapped = (s: string, x: number, width: number, size = 10) => {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(size);
    for (const line of doc.splitTextToSize(s, width) as string[]) {
      text(line, x, { size });
      y += size * 0.45;
    }
  };
  const rule = () => {
    doc.setDrawColor(200);
    doc.line(M, y, W - M, y);
    y += 6;
  };

  if (r.shop) {
    text(r.shop.name, M, { size: 16, bold: true });
    y += 6;
    for (const c of r.shop.contacts) {
      text(c, M, { size: 9, color: 70 });
      y += 4.2;
    }
    y += 1;
    rule();
  }
  text(r.title, M, { size: 14, bold: true });
  y += 9;
  for (const [label, value] of r.rows) {
    text(label, M, { size: 10, color: 90 });
    text(value, M + 45, { size: 10, bold: true });
    y += 6;
  }
  y += 2;
  text('Serviço', M, { size: 10, color: 90 });
  y += 5;
  wrapped(r.description, M, W - 2 * M);
  y += 6;
  rule();
  wrapped(r.declaration, M, W - 2 * M);
  y += 28;
  doc.setDrawColor(60);
  doc.line(M + 20, y, W - M - 20, y);
  y += 5;
  text(r.signature, W / 2, { size: 9, color: 70, align: 'center' });
  doc.save(r.fileName);
  return { fileName: r.fileName, pdf: doc.output('blob') };
}
