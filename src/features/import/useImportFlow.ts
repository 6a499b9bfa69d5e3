/**
 * The import's steps: choose a file → read it (nothing written) → mapping and preview → import in
 * batches (cancellable) → summary. The plan is recomputed from the table whenever the user
 * changes a column's match or the duplicates' choice.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { shopDate } from '@shared';
import { importCommands, type ImportContext, type ImportProgress, type ImportSummary } from '../../data/db/imports';
import { matchHeaders, unmappedColumns, type ImportKind } from '../../domain/import/headers';
import {
  missingColumns,
  planCustomers,
  planStock,
  planTransactions,
  rowsToWrite,
  type ColumnMapping,
  type DuplicatePolicy,
  type ImportPlan,
  type SheetTable,
} from '../../domain/import/plan';
import { IMPORT_TEXT as T } from './messages';
import { ImportReadError, preloadCsvParser, readSpreadsheet } from './readSpreadsheet';
import { loadMunicipios, type MunicipiosModule } from '../../ui/municipios';

export type ImportStep =
  | { name: 'choose'; error: string | null }
  | { name: 'reading' }
  | { name: 'preview' }
  | { name: 'running'; progress: ImportProgress; stopping: boolean }
  | { name: 'done'; summary: ImportSummary }
  | { name: 'failed'; message: string };

export function planFor(
  kind: ImportKind,
  table: SheetTable,
  mapping: ColumnMapping,
  context: ImportContext,
  policy: DuplicatePolicy,
  today: string,
  municipios: MunicipiosModule | null = null,
): ImportPlan {
  if (kind === 'customers') return planCustomers(table, mapping, context.customers, policy, municipios?.resolveMunicipio ?? null);
  if (kind === 'stock') return planStock(table, mapping, context.catalog, context.items);
  return planTransactions(table, mapping, context.customers, today);
}

export function useImportFlow(kind: ImportKind) {
  const [step, setStep] = useState<ImportStep>({ name: 'choose', error: null });
  const [file, setFile] = useState<{ name: string; table: SheetTable; context: ImportContext; municipios: MunicipiosModule | null } | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [policy, setPolicy] = useState<DuplicatePolicy>('skip');
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    // Choosing the file takes a person a moment: the parser and, for customers, the IBGE list with
    // its index get ready meanwhile instead of after the choice (bench:ui import, read + plan at 4× CPU).
    preloadCsvParser();
    if (kind === 'customers') loadMunicipios().then((m) => void m.municipioCount()).catch(() => undefined);
  }, [kind]);

  const plan = useMemo(
    () => (file ? planFor(kind, file.table, mapping, file.context, policy, shopDate(new Date()), file.municipios) : null),
    [kind, file, mapping, policy],
  );
  const missing = useMemo(() => missingColumns(kind, mapping), [kind, mapping]);
  // The columns nothing takes are named in the preview (issue 39): no data dropped unannounced.
  const unmapped = useMemo(() => (file ? unmappedColumns(file.table.headers, file.table.rows, mapping) : []), [file, mapping]);

  async function choose(chosen: File) {
    setStep({ name: 'reading' });
    try {
      // Customers' Cidade + UF are resolved through the IBGE list (issue 38), loaded on demand;
      // without it the cities are reported as left out and the customers still imported.
      const [table, context, municipios] = await Promise.all([
        readSpreadsheet(chosen),
        importCommands.context(kind),
        kind === 'customers' ? loadMunicipios().catch(() => null) : null,
      ]);
      setFile({ name: chosen.name, table, context, municipios });
      setMapping(matchHeaders(kind, table.headers));
      setStep({ name: 'preview' });
    } catch (e) {
      setStep({ name: 'choose', error: e instanceof ImportReadError ? e.message : T.readFailed });
    }
  }

  async function start() {
    if (!plan || !file) return;
    const controller = new AbortController();
    abort.current = controller;
    // The plan knows how many rows it writes: 'Importando… 0 de 5000' from the first frame (issue 39 §4).
    setStep({ name: 'running', progress: { done: 0, total: rowsToWrite(plan) }, stopping: false });
    try {
      const summary = await importCommands.run(plan, {
        file: file.name,
        signal: controller.signal,
        onProgress: (progress) => setStep((s) => (s.name === 'running' ? { ...s, progress } : s)),
      });
      setStep({ name: 'done', summary });
    } catch (e) {
      setStep({ name: 'failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      abort.current = null;
    }
  }

  function stop() {
    abort.current?.abort();
    setStep((s) => (s.name === 'running' ? { ...s, stopping: true } : s));
  }

  function reset() {
    setFile(null);
    setMapping({});
    setStep({ name: 'choose', error: null });
  }

  return { step, file, mapping, setMapping, policy, setPolicy, plan, missing, unmapped, choose, start, stop, reset };
}
