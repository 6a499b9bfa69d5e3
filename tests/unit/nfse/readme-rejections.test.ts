/**
 * README's "Rejeições comuns" repeats the help the app shows next to a rejected note: each row's
 * text is schemas/nfse-rejections.ts's for that code, so the two never tell the shop different things.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NFSE_REJECTION_HELP } from '@shared';

const README = readFileSync(resolve(__dirname, '../../../README.md'), 'utf8');

function tableRows(): Map<string, string> {
  const start = README.indexOf('### Rejeições comuns');
  const section = README.slice(start, README.indexOf('\n### ', start + 1));
  const rows = new Map<string, string>();
  for (const m of section.matchAll(/^\| (E\d{4}) \| (.+) \|$/gm)) rows.set(m[1], m[2]);
  return rows;
}

describe('README › Nota fiscal (NFS-e) › Rejeições comuns', () => {
  it('lists the common codes with the same text as the app', () => {
    const rows = tableRows();
    expect([...rows.keys()]).toEqual(['E0004', 'E0008', 'E0014', 'E0116', 'E0120', 'E0160', 'E0190', 'E0310', 'E0710', 'E0712', 'E0714', 'E0718', 'E0822']);
    for (const [code, text] of rows) expect(text, code).toBe(NFSE_REJECTION_HELP[code]);
  });
});
