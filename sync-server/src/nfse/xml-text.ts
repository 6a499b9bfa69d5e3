/**
 * Text for the national XML: escaped, and inside what the XSD's TSString allows. The national
 * schemas only admit Latin-1 printable characters ([!-ÿ], spaces only inside), so typographic
 * punctuation that phones insert (— “ ” ‘ ’ …) is written as its ASCII look-alike instead of making
 * the whole note fail validation; anything else outside Latin-1 (emoji) is dropped.
 */
const LOOKALIKES: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2022': '-',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

function toLatin1(text: string): string {
  let out = '';
  for (const ch of text) {
    const mapped = LOOKALIKES[ch];
    if (mapped !== undefined) out += mapped;
    else if (ch.codePointAt(0)! <= 0xff) out += ch;
  }
  return out;
}

// Control characters are what these patterns are for (the XSD's [!-ÿ] admits none).
/* eslint-disable no-control-regex */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]+/g;
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]+/g;
/* eslint-enable no-control-regex */

/** One-line text (TSString): no control characters, single spaces, trimmed. */
export function lineText(text: string): string {
  return toLatin1(text.normalize('NFC'))
    .replace(CONTROL, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Text that may keep line breaks (TSStringComQuebraDeLinha, e.g. xDescServ). */
export function multilineText(text: string): string {
  return toLatin1(text.normalize('NFC'))
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_BUT_NEWLINE, ' ')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .trim();
}

/** `<name>escaped</name>`; nothing when the value is absent (optional elements). */
export function el(name: string, value: string | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  return `<${name}>${escapeXml(value)}</${name}>`;
}
