/** Tells the user when a quotation got a new code because the server refused the old one. */
import { useEffect } from 'react';
import { codeRecoveries$, startQuotationCodeRecovery, takeUnannouncedRecoveries, type CodeRecovery } from '../../data/db/quotations';
import { toaster } from '../../ui/toaster';
import { QT } from './messages';

export function useCodeRecoveryToasts(): void {
  useEffect(() => {
    startQuotationCodeRecovery();
    const tell = (r: CodeRecovery) =>
      toaster.create({ type: 'warning', title: QT.codeChangedTitle, description: QT.codeChanged(r.oldCode, r.newCode), duration: 10_000, closable: true });
    const sub = codeRecoveries$.subscribe(tell);
    takeUnannouncedRecoveries().forEach(tell);
    return () => sub.unsubscribe();
  }, []);
}
