/** Issue 32 §1: a CSV as Brazilian Excel writes it, read through papaparse; garbage refused. */
import { describe, expect, it } from 'vitest';
import { ImportReadError, parseCsvBytes } from '../../../src/features/import/readSpreadsheet';
import { matchHeaders } from '../../../src/domain/import/headers';
import { planCustomers, problemText } from '../../../src/domain/import/plan';

const cp1252 = (s: string) => Uint8Array.from([...s].map((c) => ({ ç: 0xe7, ã: 0xe3, é: 0xe9 })[c] ?? c.charCodeAt(0)));

describe('parseCsvBytes', () => {
  it("Windows-1252 with ';' and a quoted field with a line break", async () => {
    const t = await parseCsvBytes(cp1252('Nome;Telefone;Observação\r\nJoão da Conceição;35 3743-0001;"Portão\r\nfundos; lado"\r\n\r\n'));
    expect(t.headers).toEqual(['Nome', 'Telefone', 'Observação']);
    expect(t.rows).toEqual([['João da Conceição', '35 3743-0001', 'Portão\r\nfundos; lado']]);
  });
  it("UTF-8 with BOM and ','", async () => {
    const t = await parseCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Nome,Valor\nAção,"1.234,50"\n')]));
    expect(t).toEqual({ headers: ['Nome', 'Valor'], rows: [['Ação', '1.234,50']], firstLine: 2 });
  });
  it('binary garbage and a header without rows are refused in pt-BR', async () => {
    await expect(parseCsvBytes(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01, 0x02]))).rejects.toThrow(ImportReadError);
    await expect(parseCsvBytes(new TextEncoder().encode('Nome;Telefone\n'))).rejects.toThrow('A planilha está vazia');
  });

  it('lines are the sheet\'s own row numbers (issue 39): blank rows kept and counted, above the header too', async () => {
    const csv = 'Nome;Telefone\r\nAna;35 3743-0001\r\nBeto;35 3743-0002\r\n\r\nCarla;35 3743-0003\r\nSem Telefone;\r\n\r\n\r\n';
    const t = await parseCsvBytes(new TextEncoder().encode(csv));
    expect(t.rows).toEqual([['Ana', '35 3743-0001'], ['Beto', '35 3743-0002'], [], ['Carla', '35 3743-0003'], ['Sem Telefone']]);
    const plan = planCustomers(t, matchHeaders('customers', t.headers), [], 'skip');
    // Row 6 of the sheet (after the blank row 4) is the one without a phone.
    expect(plan.problems.map(problemText)).toEqual(['Linha 6, Telefone: telefone em branco']);
    expect(plan.creates.map((c) => [c.line, c.name])).toEqual([[2, 'Ana'], [3, 'Beto'], [5, 'Carla']]);

    const below = await parseCsvBytes(new TextEncoder().encode('\n;\nNome;Telefone\nAna;\n'));
    expect(below.firstLine).toBe(4);
    expect(planCustomers(below, matchHeaders('customers', below.headers), [], 'skip').problems.map(problemText)).toEqual(['Linha 4, Telefone: telefone em branco']);
  });
});
