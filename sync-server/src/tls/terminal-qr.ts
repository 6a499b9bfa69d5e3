/**
 * A QR code drawn with half-block characters, black on white whatever the terminal's colours, so a
 * phone's camera opens the LAN address straight from `npm run lan`'s output. The code itself comes
 * from qrcode-generator (the same library the quotation page's PIX code uses).
 */
import qrcode from 'qrcode-generator';

/** The quiet zone the QR standard asks for, in modules: cameras need it on a dark terminal. */
const QUIET = 4;

export function terminalQr(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  const dark = (r: number, c: number) => r >= 0 && c >= 0 && r < size && c < size && qr.isDark(r, c);
  const lines: string[] = [];
  for (let r = -QUIET; r < size + QUIET; r += 2) {
    let line = '\x1b[47m\x1b[30m';
    for (let c = -QUIET; c < size + QUIET; c++) {
      const top = dark(r, c);
      const bottom = dark(r + 1, c);
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    lines.push(`${line}\x1b[0m`);
  }
  return lines.join('\n');
}
