/**
 * import:legacy decides each file's encoding by a check of its bytes and says which (issue 40 §6):
 * one bad byte in a UTF-8 export no longer switches the whole file to Windows-1252 (every 'ã'
 * read as 'Ã£' without a word); a file saved again by Excel is still read as Windows-1252.
 * Reading files only: no database.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readExportFolder } from '../../sync-server/src/legacy/files';
import { encodingLines } from '../../sync-server/src/legacy/encoding';
import { parseExport } from '../../sync-server/src/legacy/import';

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const cp1252 = (s: string) => Buffer.from([...s].map((c) => ({ ç: 0xe7, ã: 0xe3, é: 0xe9, õ: 0xf5, Á: 0xc1 })[c] ?? c.charCodeAt(0)));

describe('import:legacy file encodings', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forja-legacy-enc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // UTF-8 as the export writes it, with one stray Windows-1252 'ç' (0xE7) pasted into line 3.
  writeFileSync(
    path.join(dir, 'customers.csv'),
    Buffer.concat([
      utf8('id,name,phone,whatsapp,description,created_at\n'),
      utf8('c1,João da Conceição,(35) 3743-0001,,Portão de aço,2024-03-01T10:00:00Z\n'),
      utf8('c2,Ana Pe'),
      Buffer.from([0xe7]),
      utf8('a,(35) 3743-0002,,Serralheria Áurea,2024-03-02T10:00:00Z\n'),
      utf8('c3,Usinagem São José,(35) 3743-0003,,Mandrilhamento de eixo,2024-03-03T10:00:00Z\n'),
    ]),
  );
  // Opened and saved again in a Brazilian Excel: Windows-1252 and ';'.
  writeFileSync(
    path.join(dir, 'transactions.csv'),
    cp1252('id;type;customer_id;name;category;description;amount;payment_method;payment_status;due_date;created_at;created_by\nt1;income;c1;João;Serviço;Soldagem do portão;1.234,50;PIX;paid;01/03/2024;01/03/2024;\n'),
  );
  // Plain UTF-8.
  writeFileSync(path.join(dir, 'users.csv'), utf8('id,email\nu1,ana@oficina.com.br\n'));

  test('a UTF-8 file with one bad byte stays UTF-8: its accents read right, the bad byte is named by its line', () => {
    const files = readExportFolder(dir);
    expect(files.customers?.encoding).toBe('utf-8');
    expect(files.customers?.invalidLines).toEqual([3]);
    const rows = parseExport(files).customers!.rows.map((r) => r.values.name);
    expect(rows).toEqual(['João da Conceição', 'Ana Pe\uFFFDa', 'Usinagem São José']);
    expect(files.customers?.text).not.toContain('Ã');
  });

  test('a file saved by Excel in Windows-1252 is read as such; a plain UTF-8 one as UTF-8', () => {
    const files = readExportFolder(dir);
    expect(files.transactions?.encoding).toBe('windows-1252');
    expect(parseExport(files).transactions!.rows[0].values).toMatchObject({ name: 'João', category: 'Serviço', description: 'Soldagem do portão' });
    expect(files.users?.encoding).toBe('utf-8');
    expect(files.users?.invalidLines).toEqual([]);
  });

  test('the CLI says which encoding it used for each file, and where a UTF-8 file had bad bytes', () => {
    const lines = encodingLines(Object.values(readExportFolder(dir)));
    expect(lines[0]).toBe('Codificação: customers.csv em UTF-8; transactions.csv em Windows-1252 (salvo de novo pelo Excel); users.csv em UTF-8.');
    expect(lines.slice(1)).toEqual([
      '  Atenção: customers.csv tem um trecho que não é UTF-8 válido (linha 3), lido como “�”: confira essa linha no arquivo.',
    ]);
  });
});
