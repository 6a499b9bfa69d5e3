/**
 * Toasts for changes other users made (and customers' decisions on the public page), as they
 * arrive: what to show is decided in src/data/db/remote-changes.ts + src/domain/remote-changes.ts.
 * Mounted once by the admin route.
 */
import { useEffect } from 'react';
import { useDatabase } from '../data/db/live-query';
import { watchRemoteChanges } from '../data/db/remote-changes';
import { toaster } from '../ui/toaster';

export function useLiveToasts(): void {
  const fdb = useDatabase();
  useEffect(() => {
    if (!fdb) return;
    return watchRemoteChanges(fdb, (toasts) => {
      for (const t of toasts) {
        toaster.create({
          type: t.type,
          title: t.title,
          description: t.description,
          meta: { remote: t.kind },
          // A customer's decision and an NFS-e outcome stay longer; the rest are short notices.
          ...(t.kind === 'quotation-accepted' || t.kind === 'quotation-rejected' || t.kind.startsWith('nfse-') ? { duration: 10_000, closable: true } : {}),
        });
      }
    });
  }, [fdb]);
}
