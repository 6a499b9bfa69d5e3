import { useState } from 'react';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import type { ExportTable } from '../../../domain/reports';
import { toaster } from '../../../ui/toaster';
import { REPORT_TEXT as T } from '../messages';

export type ExportFormat = 'xlsx' | 'csv';

/** Builds the file on demand; the export libraries load only on the first click. */
async function runExport(table: ExportTable, format: ExportFormat): Promise<void> {
  if (table.rows.length === 0) {
    toaster.create({ type: 'warning', title: T.noData });
    return;
  }
  try {
    const { exportTable } = await import('../export/files');
    await exportTable(table, format);
    toaster.create({ type: 'success', title: T.exported });
  } catch (err) {
    console.error(err);
    toaster.create({ type: 'error', title: T.exportError });
  }
}

export interface ExportMenuProps {
  label?: string;
  /** Called at click time, so the table reflects what is on screen then. */
  getTable: () => ExportTable;
  size?: 'sm' | 'md';
  variant?: 'solid' | 'outline';
}

/** 'Exportar Relatório' with a choice of xlsx or csv. */
export function ExportMenu({ label = T.exportReport, getTable, size = 'sm', variant = 'solid' }: ExportMenuProps) {
  const [busy, setBusy] = useState(false);
  const pick = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await runExport(getTable(), format);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu.Root onSelect={(d) => void pick(d.value as ExportFormat)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size={size} variant={variant} colorPalette="blue" loading={busy} loadingText={T.exporting}>
          <Download /> {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="xlsx">{T.asXlsx}</Menu.Item>
            <Menu.Item value="csv">{T.asCsv}</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
