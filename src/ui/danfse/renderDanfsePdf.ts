/**
 * DANFSe (issue 38 §5), step 3: draws a DanfseLayout with jsPDF on ONE A4 portrait page, after
 * NT 008 v2.0 as far as our notes describe it (margins 0.2 cm, 9 pt bold title, 7 pt bold block
 * titles, 6 pt labels, the QR to the consulta pública at X 17.48 cm Y 1.67 cm, at least 1.52 cm).
 * The national PDF endpoint was suspended in July 2026, so the issuer draws it.
 *
 * One page, always: the only variable parts are the two running texts (descrição do serviço,
 * informações complementares, up to 2,000 characters each); they share the room left by the fixed
 * blocks and a text that does not fit is cut with "… (continua na NFS-e)" — the XML has it all.
 *
 * jsPDF is imported here, dynamically; load this module through ./download.ts.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import type { DanfseBlock, DanfseLayout } from '../../domain/nfse/danfse-layout';
import { qrMatrix } from '../../domain/qr';

const PAGE_W = 210;
const PAGE_H = 297;
const M = 2; // NT 008: margins 0.15–0.20 cm
const X0 = M;
const X1 = PAGE_W - M;
const BOTTOM = PAGE_H - M;
const QR_X = 174.8; // NT 008: X 17.48 cm, Y 1.67 cm, at least 1.52 × 1.52 cm
const QR_Y = 16.7;
const QR_SIZE = 18;
const TITLE_H = 4;
const ROW_H = 7;
const SUPPRESSED_H = 5.5;
const LINE_H = 3;
const TEXT_LABEL_H = 3;
const GAP = 1.2;
const TEXT_PT = 7;
export const CONTINUES = '… (continua na NFS-e)';

type Font = 'normal' | 'bold';

function setFont(doc: JsPdf, size: number, style: Font = 'normal', grey = 0) {
  doc.setFont('helvetica', style);
  doc.setFontSize(size);
  doc.setTextColor(grey);
}

/** `s` cut with "…" to fit `width` mm in the current font. */
function fit(doc: JsPdf, s: string, width: number): string {
  if (doc.getTextWidth(s) <= width) return s;
  let cut = s;
  while (cut.length > 0 && doc.getTextWidth(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** The wrapped lines of a running text at TEXT_PT over `width` mm (line breaks in the XML kept). */
function wrap(doc: JsPdf, s: string, width: number): string[] {
  setFont(doc, TEXT_PT);
  return s ? (doc.splitTextToSize(s, width) as string[]) : [];
}

/** Height of a block whose running text gets `lines` lines (its fixed tail included). */
function blockHeight(b: DanfseBlock, lines: number, tailLines: number): number {
  let h = TITLE_H + b.rows.length * ROW_H + (b.suppressed ? SUPPRESSED_H : 0);
  if (b.text) h += (b.text.label ? TEXT_LABEL_H : 0) + (Math.max(lines, 0) + tailLines) * LINE_H + 1.5;
  return h;
}

/**
 * Lines each running text may use: every text gets what it needs when the page has room; else
 * the room is shared (a short text keeps all its lines, the long ones split the rest).
 */
export function shareLines(wanted: number[], available: number): number[] {
  const given = wanted.map(() => 0);
  let left = Math.max(available, 0);
  let open = wanted.map((_, i) => i).filter((i) => wanted[i] > 0);
  while (open.length > 0 && left > 0) {
    const share = Math.max(1, Math.floor(left / open.length));
    for (const i of open) {
      const add = Math.min(share, wanted[i] - given[i], left);
      given[i] += add;
      left -= add;
    }
    open = open.filter((i) => given[i] < wanted[i]);
  }
  // a text always shows at least its first line (with the "continua" note)
  return given.map((g, i) => (wanted[i] > 0 ? Math.max(g, 1) : 0));
}

function drawHeader(doc: JsPdf, l: DanfseLayout) {
  const h = l.header;
  doc.setDrawColor(0);
  doc.setLineWidth(0.4);
  doc.roundedRect(X0 + 1, M + 1.5, 24, 10, 1.5, 1.5, 'S');
  setFont(doc, 16, 'bold');
  doc.text(h.mark, X0 + 13, M + 8.8, { align: 'center' });
  setFont(doc, 9, 'bold');
  doc.text(h.title, PAGE_W / 2, M + 4.5, { align: 'center' });
  doc.text(h.subtitle, PAGE_W / 2, M + 8.3, { align: 'center' });
  if (h.semValidade) {
    setFont(doc, 10, 'bold');
    doc.text(h.semValidade, PAGE_W / 2, M + 12.6, { align: 'center' });
  }
  setFont(doc, 8, 'bold');
  doc.text(fit(doc, h.municipio, 60), X1 - 1, M + 4.5, { align: 'right' });
  setFont(doc, 6);
  doc.text(h.ambienteGerador, X1 - 1, M + 8, { align: 'right' });
  doc.text(h.tipoAmbiente, X1 - 1, M + 11, { align: 'right' });
  doc.setLineWidth(0.3);
  doc.line(X0, M + 14, X1, M + 14);
}

/** QR and its caption in the right column; returns the column's bottom. */
function drawQr(doc: JsPdf, l: DanfseLayout): number {
  const m = qrMatrix(l.qr.url);
  const cell = QR_SIZE / m.length;
  doc.setFillColor(0, 0, 0);
  for (let r = 0; r < m.length; r++) {
    for (let c = 0; c < m.length; c++) if (m[r][c]) doc.rect(QR_X + c * cell, QR_Y + r * cell, cell, cell, 'F');
  }
  setFont(doc, 6);
  const lines = doc.splitTextToSize(l.qr.caption, X1 - QR_X + 0.5) as string[];
  let y = QR_Y + QR_SIZE + 2.6;
  for (const line of lines) {
    doc.text(line, QR_X - 1, y);
    y += 2.4;
  }
  return y;
}

function drawBlock(doc: JsPdf, b: DanfseBlock, x: number, y: number, width: number, lines: string[], tail: string[]): number {
  const top = y;
  doc.setFillColor(225, 225, 225);
  doc.rect(x, y, width, TITLE_H, 'F');
  setFont(doc, 7, 'bold');
  doc.text(b.title.toUpperCase(), x + 1, y + 2.9);
  y += TITLE_H;
  doc.setDrawColor(120);
  doc.setLineWidth(0.15);
  const col = width / 4;
  for (const row of b.rows) {
    let cx = x;
    for (const f of row) {
      const w = col * (f.span ?? 1);
      if (cx > x) doc.line(cx, y, cx, y + ROW_H);
      setFont(doc, 6, 'normal', 70);
      doc.text(fit(doc, f.label, w - 2), cx + 1, y + 2.5);
      setFont(doc, 7.5);
      doc.text(fit(doc, f.value, w - 2), cx + 1, y + 5.8);
      cx += w;
    }
    y += ROW_H;
    doc.line(x, y, x + width, y);
  }
  if (b.suppressed) {
    setFont(doc, 7, 'bold');
    doc.text(b.suppressed, x + width / 2, y + 3.7, { align: 'center' });
    y += SUPPRESSED_H;
  }
  if (b.text) {
    y += 0.5;
    if (b.text.label) {
      setFont(doc, 6, 'normal', 70);
      doc.text(b.text.label, x + 1, y + 2.2);
      y += TEXT_LABEL_H;
    }
    setFont(doc, TEXT_PT);
    for (const line of [...lines, ...tail]) {
      doc.text(line, x + 1, y + 2.3);
      y += LINE_H;
    }
    y += 1;
  }
  doc.setDrawColor(0);
  doc.setLineWidth(0.25);
  doc.rect(x, top, width, y - top, 'S');
  return y;
}

/** The first `n` of `lines`; when some are left out, the last kept one ends with CONTINUES. */
function cut(doc: JsPdf, lines: string[], n: number, width: number): string[] {
  if (lines.length <= n) return lines;
  const kept = lines.slice(0, n);
  setFont(doc, TEXT_PT);
  let last = kept[n - 1];
  // 8% slack: a viewer without Helvetica draws a wider substitute (poppler with DejaVu overflowed the box)
  while (last.length > 0 && doc.getTextWidth(`${last}${CONTINUES}`) > width * 0.92) last = last.slice(0, -1);
  kept[n - 1] = `${last.trimEnd().replace(/[.,;:]+$/, '')}${CONTINUES}`;
  return kept;
}

function drawWatermark(doc: JsPdf, text: string) {
  doc.saveGraphicsState();
  // NT 008 §2.5: grey (K35), at least 50 pt, diagonal across the page
  doc.setGState(doc.GState({ opacity: 0.35 }));
  setFont(doc, 96, 'bold');
  const w = doc.getTextWidth(text);
  const a = Math.PI / 4;
  const cx = PAGE_W / 2;
  const cy = PAGE_H / 2;
  doc.text(text, cx - (w / 2) * Math.cos(a), cy + (w / 2) * Math.sin(a), { angle: 45 });
  doc.restoreGraphicsState();
}

/** The DANFSe as PDF bytes: one A4 portrait page. */
export async function renderDanfsePdf(l: DanfseLayout): Promise<Uint8Array> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait' });
  doc.setProperties({ title: `DANFSe ${l.chave}`, subject: 'Documento Auxiliar da NFS-e' });
  drawHeader(doc, l);
  const qrBottom = drawQr(doc, l);

  // chave and DADOS DA NFS-e beside the QR; the rest full width below both
  const leftW = QR_X - 2 - X0;
  const [dados, ...rest] = l.blocks;
  let y = QR_Y;
  doc.setDrawColor(0);
  doc.setLineWidth(0.25);
  doc.rect(X0, y, leftW, 8.5, 'S');
  setFont(doc, 7, 'bold');
  doc.text('CHAVE DE ACESSO DA NFS-e', X0 + 1, y + 2.9);
  setFont(doc, 10, 'bold');
  doc.text(l.chave, X0 + 1, y + 7.2);
  y += 8.5 + GAP;
  y = drawBlock(doc, dados, X0, y, leftW, [], []);
  y = Math.max(y, qrBottom) + GAP;

  const width = X1 - X0;
  const textW = width - 2;
  const wanted = rest.map((b) => (b.text ? wrap(doc, b.text.value, textW) : []));
  const tails = rest.map((b) => (b.text?.fixedTail ? wrap(doc, b.text.fixedTail, textW) : []));
  const fixed = rest.reduce((h, b, i) => h + blockHeight(b, 0, tails[i].length) + GAP, 0);
  const room = Math.floor((BOTTOM - y - fixed) / LINE_H);
  const given = shareLines(
    wanted.map((w) => w.length),
    room,
  );
  rest.forEach((b, i) => {
    y = drawBlock(doc, b, X0, y, width, cut(doc, wanted[i], given[i], textW), tails[i]) + GAP;
  });

  if (l.watermark) drawWatermark(doc, l.watermark);
  return new Uint8Array(doc.output('arraybuffer'));
}
