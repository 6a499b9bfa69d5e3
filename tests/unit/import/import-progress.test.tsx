/**
 * 'Importando… 0 de 0' (issue 39 §4): the running step started with a total of 0 until the first
 * batch reported. The plan knows how many rows it writes (rowsToWrite): shown from the first frame.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const run = vi.fn(() => new Promise<never>(() => undefined));
vi.mock('../../../src/data/db/imports', () => ({
  importCommands: { run, context: async () => ({ customers: [], catalog: [], items: [] }) },
}));
vi.mock('../../../src/features/import/readSpreadsheet', () => ({
  ImportReadError: class extends Error {},
  preloadCsvParser: () => undefined,
  readSpreadsheet: async () => ({
    headers: ['Nome', 'Telefone'],
    rows: [
      ['Maria Souza', '(11) 98765-4321'],
      ['João Lima', '(11) 91234-5678'],
      ['Ana Reis', '(21) 99876-5432'],
    ],
  }),
}));
vi.mock('../../../src/ui/municipios', () => ({ loadMunicipios: async () => null }));
const { useImportFlow } = await import('../../../src/features/import/useImportFlow');
const { IMPORT_TEXT } = await import('../../../src/features/import/messages');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
afterEach(() => act(() => root?.unmount()));

test('the running step shows the plan\'s total from its first frame, not "0 de 0"', async () => {
  let flow!: ReturnType<typeof useImportFlow>;
  const frames: string[] = [];
  function Probe() {
    flow = useImportFlow('customers');
    if (flow.step.name === 'running') frames.push(IMPORT_TEXT.progress(flow.step.progress.done, flow.step.progress.total));
    return null;
  }
  root = createRoot(document.createElement('div'));
  await act(async () => root!.render(<Probe />));
  await act(() => flow.choose(new File(['x'], 'clientes.csv')));
  expect(flow.step.name).toBe('preview');
  await act(async () => void flow.start());
  expect(run).toHaveBeenCalledTimes(1);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames[0]).toBe(IMPORT_TEXT.progress(0, 3));
  expect(frames.every((f) => f === 'Importando… 0 de 3')).toBe(true);
});
