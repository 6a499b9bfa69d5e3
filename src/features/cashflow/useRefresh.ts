/** 'Atualizar dados': resync now; ignored within 2 s (spec §2.1, §8). */
import { useState } from 'react';
import { DataError } from '../../data/db/errors';
import { transactionCommands } from '../../data/db/transactions';
import { toaster } from '../../ui/toaster';
import { CASHFLOW_TEXT as T } from './messages';

export function useRefresh() {
  const [refreshing, setRefreshing] = useState(false);
  async function refresh() {
    try {
      const run = transactionCommands.refresh();
      setRefreshing(true);
      await run;
      toaster.create({ type: 'success', title: T.refreshOk });
    } catch (err) {
      if (err instanceof DataError && err.code === 'too_soon') toaster.create({ type: 'warning', title: err.message });
      else toaster.create({ type: 'error', title: T.refreshFailed });
    } finally {
      setRefreshing(false);
    }
  }
  return { refreshing, refresh };
}
