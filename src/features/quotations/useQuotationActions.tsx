/**
 * What the list, the cards and the staff view do with one quotation: view, copy link, share,
 * save the PDF, delete (with the spec's confirmation). Every §8 message, desktop and mobile.
 */
import { useCallback, useState, type ReactNode } from 'react';
import type { CompanyDoc, CustomerDoc, QuotationDoc } from '@shared';
import { quotationCommands, DataError } from '../../data/db/quotations';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { clearQuotationsCache } from '../../ui/quotationsCache';
import { toaster } from '../../ui/toaster';
import { QT } from './messages';
import { linkFor, planShare, type SharePlan } from './share-plan';

type Ctx = {
  company: CompanyDoc | null;
  customerOf: (q: QuotationDoc) => CustomerDoc | null;
  /** The name of the quotation's customer when it was deleted ('' when unknown), else undefined. */
  removedCustomerOf?: (q: QuotationDoc) => string | undefined;
  mobile: boolean;
};

export type QuotationActions = {
  view: (q: QuotationDoc) => void;
  copy: (q: QuotationDoc) => Promise<void>;
  share: (q: QuotationDoc) => Promise<void>;
  savePdf: (q: QuotationDoc) => Promise<void>;
  askDelete: (q: QuotationDoc, after?: () => void) => void;
  dialogs: ReactNode;
};

const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);

export function useQuotationActions({ company, customerOf, removedCustomerOf, mobile }: Ctx): QuotationActions {
  const [toDelete, setToDelete] = useState<{ q: QuotationDoc; after?: () => void } | null>(null);
  const ok = useCallback(
    (title: string, description?: string) => toaster.create({ type: 'success', title, description, duration: mobile ? 2000 : undefined }),
    [mobile],
  );
  const fail = (title: string, description?: string) => toaster.create({ type: 'error', title, description });

  const copyText = useCallback(
    async (link: string, reason?: string) => {
      try {
        await navigator.clipboard.writeText(link);
        if (reason) toaster.create({ type: 'warning', title: mobile ? QT.copiedMobile : QT.copied, description: reason });
        else ok(mobile ? QT.copiedMobile : QT.copied);
      } catch {
        fail(mobile ? QT.copyFailureMobile : QT.errorTitle, QT.copyFailure);
      }
    },
    [mobile, ok],
  );

  const view = (q: QuotationDoc) => {
    const l = linkFor(q.code, origin(), q.link_secret);
    if (!l.ok) return fail(QT.errorTitle, l.message);
    window.open(l.link, '_blank', 'noopener');
  };

  const copy = async (q: QuotationDoc) => {
    const l = linkFor(q.code, origin(), q.link_secret);
    if (!l.ok) return void fail(mobile ? QT.copyFailureMobile : QT.errorTitle, l.message);
    await copyText(l.link);
  };

  const run = async (plan: SharePlan): Promise<void> => {
    if (plan.kind === 'error') return void fail(QT.errorTitle, plan.message);
    if (plan.kind === 'copy') return copyText(plan.link, plan.reason);
    if (plan.kind === 'whatsapp') {
      const w = window.open(plan.url, '_blank', 'noopener');
      // noopener makes window.open return null even when it opened; a thrown error is the real failure.
      void w;
      return void ok(QT.shared);
    }
    try {
      await navigator.share(plan.data);
      ok(QT.shared);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return; // the user closed the sheet
      await run(plan.fallback);
    }
  };

  const share = async (q: QuotationDoc) => {
    try {
      const plan = planShare({
        code: q.code,
        linkSecret: q.link_secret,
        origin: origin(),
        customer: customerOf(q),
        customerId: q.customer_id,
        removedCustomer: removedCustomerOf?.(q),
        company: company?.name ?? 'empresa',
        canNativeShare: typeof navigator !== 'undefined' && typeof navigator.share === 'function',
      });
      await run(plan);
      clearQuotationsCache();
    } catch {
      fail(QT.errorTitle, shareFailureMessage(q));
    }
  };

  const savePdf = async (q: QuotationDoc) => {
    const id = toaster.create({ type: 'loading', title: QT.pdfSaving });
    try {
      const { saveQuotationPdf } = await import('./pdf');
      const file = await saveQuotationPdf(q, customerOf(q), company);
      toaster.dismiss(id);
      ok(file, QT.pdfSaved(file));
      clearQuotationsCache();
    } catch {
      toaster.dismiss(id);
      fail(QT.errorTitle, QT.pdfError);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { q, after } = toDelete;
    try {
      await quotationCommands.remove(q.id);
      setToDelete(null);
      if (mobile) ok(QT.deletedMobile);
      else ok(QT.deletedTitle, QT.deleted(q.code));
      clearQuotationsCache();
      after?.();
    } catch (e) {
      setToDelete(null);
      fail(mobile ? QT.deleteErrorTitleMobile : QT.deleteErrorTitle, e instanceof DataError ? e.message : QT.deleteError);
    }
  };

  const dialogs = (
    <ConfirmDialog
      open={toDelete !== null}
      title={QT.confirmDeleteTitle}
      message={toDelete ? (mobile ? QT.confirmDeleteMobile : QT.confirmDelete(toDelete.q.code)) : ''}
      confirmLabel={QT.actions.delete}
      busyLabel={QT.deleting}
      destructive
      onConfirm={confirmDelete}
      onCancel={() => setToDelete(null)}
    />
  );

  return { view, copy, share, savePdf, askDelete: (q, after) => setToDelete({ q, after }), dialogs };
}

/** A failure while opening WhatsApp for a customer with a number vs. anything else. */
function shareFailureMessage(q: QuotationDoc): string {
  return q.customer_id ? QT.whatsappFailure : QT.shareFailure;
}
