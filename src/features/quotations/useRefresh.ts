/** 'Atualizar': resync now, then a toast with the count (or that the data is this device's copy). */
import { useState } from 'react';
import { refreshQuotations } from '../../data/db/quotations';
import { clearQuotationsCache } from '../../ui/quotationsCache';
import { toaster } from '../../ui/toaster';
import { QT } from './messages';

export function useRefresh(mobile: boolean) {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    clearQuotationsCache();
    try {
      const r = await refreshQuotations();
      toaster.create({
        type: r.offline ? 'info' : 'success',
        title: QT.refreshedTitle,
        description: r.offline ? QT.refreshedOffline(r.count) : QT.refreshed(r.count),
        duration: mobile ? 2000 : r.offline ? 6000 : undefined,
      });
    } catch {
      toaster.create({ type: 'error', title: QT.refreshErrorTitle, description: QT.refreshError });
    } finally {
      setRefreshing(false);
    }
  };
  return { refreshing, refresh };
}
