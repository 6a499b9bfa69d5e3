/** Tells the user when a quotation got a new code because the server refused the old one. */
import { useEffect } from 'react';
import { codeRecoveries$, startQuotationCodeRecovery } from '../../data/db/quotations';
import { toaster } from '../../ui/toaster';
import { QT } from './messages';

export function useCodeRecoveryToasts(): void {
  useEffect(() => {
    startQuotationCodeRecovery();
    const sub = codeRecoveries$.subscribe((r) =>
      toaster.create({ type: 'warning', title: QT.codeChangedTitle, description: QT.codeChanged(r.oldCode, r.newCode), duration: 10_000, closable: true }),
    );
    return () => sub.unsubscribe();
  }, []);
}
