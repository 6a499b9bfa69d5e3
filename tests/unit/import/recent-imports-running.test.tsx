/**
 * Issue 40, "tests the suite lacks": 'Desfazer importação' is not offered while that import is
 * still running (its batches are still being written: undoing half of it would leave the other
 * half), in the import dialog's and the sync centre's list of recent imports. Once it ends it is.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ImportRecord } from '../../../src/data/db/imports';
import { stubMatchMedia } from '../../support/match-media';
import { rootPerTest } from '../../support/react-root';

let imports: Partial<ImportRecord>[] = [];
const undo = vi.fn(async () => ({ kind: 'customers', removed: 0, emptied: 0, catalog: 0 }));
vi.mock('../../../src/data/db/imports', () => ({
  useRecentImports: () => ({ imports, loading: false }),
  importCommands: { undo },
}));
const { RecentImports } = await import('../../../src/features/import/RecentImports');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const record = (file: string, status: ImportRecord['status']): Partial<ImportRecord> => ({
  id: `imp-${file}`, kind: 'customers', file, at: '2026-11-27T13:00:00.000Z', status, total: 1200, created: 500, updated: 0, skipped: 0,
});

describe('Desfazer importação in the recent imports', () => {
  const root = rootPerTest();
  beforeEach(() => stubMatchMedia());

  const show = (showKind: boolean) =>
    act(async () => {
      root().render(
        <ChakraProvider value={defaultSystem}>
          <RecentImports kind={showKind ? undefined : 'customers'} showKind={showKind} />
        </ChakraProvider>,
      );
    });
  const row = (file: string) => document.querySelector<HTMLElement>(`[data-import="${file}"]`)!;
  const undoButton = (file: string) => [...row(file).querySelectorAll('button')].find((b) => b.textContent === 'Desfazer importação') ?? null;

  for (const showKind of [false, true]) {
    it(`is not offered for an import still running, and is once it ended (${showKind ? 'sync centre' : 'import dialog'})`, async () => {
      imports = [record('clientes-novos.csv', 'running'), record('clientes.csv', 'done'), record('antigos.csv', 'cancelled')];
      await show(showKind);
      expect(row('clientes-novos.csv').textContent).toContain('Em andamento');
      expect(undoButton('clientes-novos.csv')).toBeNull();
      expect(undoButton('clientes.csv')).not.toBeNull();
      expect(undoButton('antigos.csv')).not.toBeNull();

      // The import ends: now it can be undone.
      imports = [record('clientes-novos.csv', 'done'), ...imports.slice(1)];
      await show(showKind);
      expect(row('clientes-novos.csv').textContent).toContain('Concluída');
      expect(undoButton('clientes-novos.csv')).not.toBeNull();
    });
  }
});
