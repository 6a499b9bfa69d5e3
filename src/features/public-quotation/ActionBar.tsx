import { ArrowLeft, Check, Printer, RefreshCw, X } from 'lucide-react';
import { PQ_MESSAGES as M } from './messages';

interface Props {
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
export function ActionBar({ refreshing, busy, onBack, onRefresh, onAccept, onReject, onPrint, canAccept, canReject }: Props) {
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
        {canAccept && (
          <button type="button" className="pq-btn pq-btn--accept" onClick={onAccept} disabled={busy !== null} aria-busy={busy === 'accept'}>
            <Check size={16} aria-hidden="true" />
            {M.accept}
          </button>
        )}
        {canReject && (
          <button type="button" className="pq-btn pq-btn--reject" onClick={onReject} disabled={busy !== null}>
            <X size={16} aria-hidden="true" />
            {M.reject}
          </button>
        )}
        <button type="button" className="pq-btn pq-btn--outline" onClick={onPrint}>
          <Printer size={16} aria-hidden="true" />
          {M.print}
        </button>
      </div>
    </div>
  );
}
