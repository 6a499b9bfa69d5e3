/** 'Desfazer importação': asks first, then removes the import's records (or says why it cannot). */
import { useState } from 'react';
import { importCommands, type ImportRecord } from '../../data/db/imports';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toaster } from '../../ui/toaster';
import { IMPORT_TEXT as T } from './messages';

export function useUndoImport(onUndone?: () => void) {
  const [target, setTarget] = useState<Pick<ImportRecord, 'id' | 'kind' | 'created'> | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function confirm() {
    if (!target) return;
    try {
      const done = await importCommands.undo(target.id, setProgress);
      toaster.create({ type: 'success', title: T.undone, description: T.undoneSummary(done.kind, done.removed, done.emptied, done.catalog) });
      onUndone?.();
    } catch (e) {
      toaster.create({ type: 'error', title: T.undoFailed, description: e instanceof Error ? e.message : String(e) });
    } finally {
      setProgress(null);
      setTarget(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={T.undoConfirmTitle}
      message={target ? T.undoConfirm(target.kind, target.created) : ''}
      confirmLabel={T.undo}
      cancelLabel={T.cancel}
      busyLabel={progress && progress.total > 0 ? T.undoing(progress.done, progress.total) : T.undo}
      destructive
      onConfirm={confirm}
      onCancel={() => setTarget(null)}
    />
  );
  return { requestUndo: setTarget, dialog };
}
