/**
 * Issue 40, "tests the suite lacks": today's cash entries import — they are not 'data no futuro' —
 * on São Paulo's calendar, near midnight too: at 23:30 in São Paulo it is already 02:30 of the
 * next day in UTC, and at 00:10 the day has just turned. The plan (today from the clock, as the
 * import dialog computes it) and the write (importCommands.run with that clock) over a real local
 * database; tomorrow's row is still left out.
 */
import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { shopDate, type TransactionDoc } from '@shared';
import { localDatabase } from '../../support/local-db';
import { createImportCommands } from '../../../src/data/db/imports';
import { planTransactions, type SheetTable } from '../../../src/domain/import/plan';
import { matchHeaders } from '../../../src/domain/import/headers';

const getDb = localDatabase('import-today', 'me', ['customers', 'transactions']);
const imports = createImportCommands(getDb);

const sheet = (rows: string[][]): SheetTable => ({ headers: ['Data', 'Tipo', 'Valor', 'Cliente', 'Descrição'], rows });

describe('cash entries dated today, near midnight in São Paulo', () => {
  const cases = [
    { clock: '2025-11-28T02:30:00.000Z', today: '27/11/2025', yesterday: '26/11/2025', tomorrow: '28/11/2025', label: '23:30 in São Paulo (02:30 UTC the next day)' },
    { clock: '2025-11-27T03:10:00.000Z', today: '27/11/2025', yesterday: '26/11/2025', tomorrow: '28/11/2025', label: '00:10 in São Paulo (03:10 UTC)' },
    { clock: '2025-11-27T02:50:00.000Z', today: '26/11/2025', yesterday: '25/11/2025', tomorrow: '27/11/2025', label: '23:50 in São Paulo (already the 27th in UTC)' },
  ];
  for (const c of cases) {
    test(`at ${c.label}: today's and yesterday's import, tomorrow's is 'data no futuro'`, async () => {
      const now = new Date(c.clock);
      const rows = [
        [c.today, 'Entrada', '150,00', 'Maria Souza', `Hoje ${c.label}`],
        [c.yesterday, 'Entrada', '80,00', 'Maria Souza', `Ontem ${c.label}`],
        [c.tomorrow, 'Entrada', '99,00', 'Maria Souza', `Amanhã ${c.label}`],
      ];
      const table = sheet(rows);
      const plan = planTransactions(table, matchHeaders('transactions', table.headers), [{ id: 'c1', name: 'Maria Souza' }], shopDate(now));
      expect(plan.problems.map((p) => `${p.line} ${p.message}`)).toEqual(['4 data no futuro']);
      expect(plan.creates.map((r) => r.description)).toEqual([`Hoje ${c.label}`, `Ontem ${c.label}`]);

      const summary = await imports.run(plan, { file: 'caixa.csv', now: () => now });
      expect(summary).toMatchObject({ status: 'done', created: 2 });
      const fdb = await getDb();
      const stored = (await fdb.db.transactions.find().exec()).map((d) => d.toJSON() as TransactionDoc).filter((t) => t.description?.endsWith(c.label));
      const day = (description: string) => shopDate(stored.find((t) => t.description === description)!.created_at);
      const ymd = (br: string) => br.split('/').reverse().join('-');
      // Each on its own day of the cash book (São Paulo's calendar), today's at the import's instant.
      expect(day(`Hoje ${c.label}`)).toBe(ymd(c.today));
      expect(stored.find((t) => t.description === `Hoje ${c.label}`)!.created_at).toBe(now.toISOString());
      expect(day(`Ontem ${c.label}`)).toBe(ymd(c.yesterday));
      expect(stored).toHaveLength(2);
    });
  }
});
