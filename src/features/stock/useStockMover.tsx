/** Records movements; one that would take the quantity below zero asks for confirmation first. */
import { useState } from 'react';
import { stockCommands } from '../../data/db/stock';
import { formatQuantity } from '../../domain/stock';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toaster } from '../../ui/toaster';
import { STOCK_TEXT as T } from './messages';

interface Pending {
  itemId: string;
  delta: number;
  reason: string | null;
  now: number;
  resolve: (done: boolean) => void;
}

export function useStockMover() {
  const [pending, setPending] = useState<Pending | null>(null);

  const record = async (itemId: string, delta: number, reason: string | null, quiet: boolean): Promise<boolean> => {
    try {
      const q = await stockCommands.move(itemId, delta, reason);
      if (!quiet) toaster.create({ type: 'success', title: T.movedTitle, description: T.moved(formatQuantity(q)) });
      return true;
    } catch (err) {
      toaster.create({ type: 'error', title: T.errorTitle, description: err instanceof Error ? err.message : String(err) });
      return false;
    }
  };

  /** Resolves true when the movement was recorded. `quiet`: no success toast (the ±1 buttons). */
  const move = async (itemId: string, delta: number, reason: string | null = null, quiet = false): Promise<boolean> => {
    if (delta < 0) {
      const now = await stockCommands.quantity(itemId);
      if (now + delta < 0) {
        return new Promise<boolean>((resolve) => setPending({ itemId, delta, reason, now, resolve }));
      }
    }
    return record(itemId, delta, reason, quiet);
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={T.negativeTitle}
      message={pending ? T.negativeMessage(formatQuantity(pending.now), formatQuantity(pending.now + pending.delta)) : ''}
      confirmLabel={T.negativeConfirm}
      destructive
      onConfirm={async () => {
        if (!pending) return;
        const ok = await record(pending.itemId, pending.delta, pending.reason, false);
        pending.resolve(ok);
        setPending(null);
      }}
      onCancel={() => {
        pending?.resolve(false);
        setPending(null);
      }}
    />
  );
  return { move, dialog };
}
