/** QR codes (qrcode-generator), as data: the public page draws an SVG path, the PDF draws squares. */
import qrcode from 'qrcode-generator';

/** The QR matrix of `text` (error correction M): matrix[row][col] true = dark module. */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const rows: boolean[][] = [];
  for (let r = 0; r < n; r++) {
    const row: boolean[] = [];
    for (let c = 0; c < n; c++) row.push(qr.isDark(r, c));
    rows.push(row);
  }
  return rows;
}

/** QR code as one SVG path, so React renders it without innerHTML. */
export function qrSvgPath(text: string): { size: number; d: string } {
  const m = qrMatrix(text);
  let d = '';
  for (let r = 0; r < m.length; r++) {
    for (let c = 0; c < m.length; c++) {
      if (m[r][c]) d += `M${c} ${r}h1v1h-1z`;
    }
  }
  return { size: m.length, d };
}
