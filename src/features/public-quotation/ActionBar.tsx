import { ArrowLeft, Check, Printer, RefreshCw, X } from 'lucide-react';
import { LINK_SECRET_PARAM, PHONE_DIGITS_PARAM, type QuotationAccessParams } from '@shared';
import { PQ_MESSAGES as M } from './messages';

interface Props {
  /** The quotation's code: the forms' addresses. */
  code: string;
  /** What opened the page (issue 30): the forms post it again, as the server asks it of every decision. */
  access: QuotationAccessParams;
  refreshing: boolean;
  busy: 'accept' | 'reject' | null;
  onBack: () => void;
  onRefresh: () => void;
  onAccept: () => void;
  onReject: () => void;
  onPrint: () => void;
  /** False once the customer decided or the quotation ran out (the server would refuse). */
  canAccept: boolean;
  /** False once the customer decided. */
  canReject: boolean;
}

/**
 * Voltar, Atualizar (spinning icon + aria-busy while refreshing), Aceitar, Recusar, Imprimir.
 * Aceitar and Recusar only while the customer may still decide from the link (issue 17).
 * Plain buttons styled like the UI kit's (quotation.css): they are part of the first paint, which
 * must not wait for the kit on a phone.
 */
export function ActionBar({ code, access, refreshing, busy, onBack, onRefresh, onAccept, onReject, onPrint, canAccept, canReject }: Props) {
  const action = (verb: 'aceitar' | 'recusar') => `/quotation/${encodeURIComponent(code)}/${verb}`;
  const accessFields = (
    <>
      {access.key && <input type="hidden" name={LINK_SECRET_PARAM} value={access.key} />}
      {!access.key && access.phoneDigits && <input type="hidden" name={PHONE_DIGITS_PARAM} value={access.phoneDigits} />}
    </>
  );
  return (
    <div className="pq-no-print pq-actions">
      <div className="pq-actions__group">
        <button type="button" className="pq-btn pq-btn--outline" onClick={onBack}>
          <ArrowLeft size={16} aria-hidden="true" />
          {M.back}
        </button>
        <button
          type="button"
          className="pq-btn pq-btn--outline"
          onClick={onRefresh}
          disabled={refreshing}
          aria-busy={refreshing}
          title={refreshing ? M.refreshing : undefined}
        >
          <RefreshCw size={16} aria-hidden="true" className={refreshing ? 'pq-spin' : undefined} />
          {M.refresh}
        </button>
      </div>
      <div className="pq-actions__group">
        {/* Real forms: before the script runs a tap posts them and the server answers with the
            drawn page (sync-server/src/public/routes.ts); once it runs, it handles them here. */}
        {canAccept && (
          <form method="post" action={action('aceitar')} className="pq-form" onSubmit={(e) => (e.preventDefault(), onAccept())}>
            {accessFields}
            <button type="submit" className="pq-btn pq-btn--accept" disabled={busy !== null} aria-busy={busy === 'accept'}>
              <Check size={16} aria-hidden="true" />
              {M.accept}
            </button>
          </form>
        )}
        {canReject && (
          <form method="post" action={action('recusar')} className="pq-form" onSubmit={(e) => (e.preventDefault(), onReject())}>
            {accessFields}
            <button type="submit" className="pq-btn pq-btn--reject" disabled={busy !== null}>
              <X size={16} aria-hidden="true" />
              {M.reject}
            </button>
          </form>
        )}
        <button type="button" className="pq-btn pq-btn--outline" onClick={onPrint}>
          <Printer size={16} aria-hidden="true" />
          {M.print}
        </button>
      </div>
    </div>
  );
}
