/** 'Atualizar dados': resync now; ignored within 2 s (spec §2.1, §8). */
import { useRef, useState } from 'react';
import { DataError } from '../../data/db/errors';
import { transactionCommands } from '../../data/db/transactions';
import { toaster } from '../../ui/toaster';
import { CASHFLOW_TEXT as T } from './messages';

export function useRefresh() {
  const [refreshing, setRefreshing] = useState(false);
  // Presses still being answered: a press refused as too soon ends at once, and must not take
  // 'Atualizando...' away from the refresh that is still running.
  const pending = useRef(0);
  async function refresh() {
    pending.current += 1;
    setRefreshing(true);
    try {
      await transactionCommands.refresh();
      toaster.create({ type: 'success', title: T.refreshOk });
    } catch (err) {
      if (err instanceof DataError && err.code === 'too_soon') toaster.create({ type: 'warning', title: err.message });
      else toaster.create({ type: 'error', title: T.refreshFailed });
    } finally {
      pending.current -= 1;
      if (pending.current === 0) setRefreshing(false);
    }
  }
  return { refreshing, refresh };
}
