import { lazy, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LINK_SECRET_PARAM, PHONE_DIGITS_PARAM } from '@shared';
import { ActionBar } from './ActionBar';
import { PhoneGate } from './PhoneGate';
import { CompanyHeader } from './CompanyHeader';
import { ContactFooter } from './ContactFooter';
import { QuotationView } from './QuotationView';
import { ReadyNotice } from './ReadyNotice';
import { WorkOrderSection } from './WorkOrderSection';
import { NfseSection } from './NfseSection';
import { PQ_MESSAGES as M } from './messages';
import { useCompany } from './useCompany';
import { useQuotation } from './useQuotation';
import { formatDate } from '../../domain/dates';
import { KitBoundary, KitToaster } from '../../ui/KitBoundary';
import './quotation.css';

// The first paint (the quotation, its buttons) needs no UI kit; what does loads after it.
const NotFoundPanel = lazy(() => import('./NotFoundPanel').then((m) => ({ default: m.NotFoundPanel })));
// The QR encoder is only downloaded when the shop has a PIX key.
const PixPanel = lazy(() => import('./PixPanel'));
// The reason dialog (and the dialog component code) loads when Recusar is first pressed.
const RejectDialog = lazy(() => import('./RejectDialog'));

interface Props {
  code: string | undefined;
  /** Where Voltar goes when there is no history to go back to (a link opened in a new tab). */
  fallbackPath: string;
}

/** The public quotation page (spec §2, §4, §8), also used inside the staff area. */
export function QuotationPage({ code, fallbackPath }: Props) {
  const navigate = useNavigate();
  const company = useCompany();
  // What opens the quotation (issue 30): the secret of the link staff sent, or the phone digits.
  const [params] = useSearchParams();
  const access = { key: params.get(LINK_SECRET_PARAM), phoneDigits: params.get(PHONE_DIGITS_PARAM) };
  const { state, refreshing, busy, refresh, retry, accept, reject, code: checkedCode } = useQuotation(code, access);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [rejectMounted, setRejectMounted] = useState(false);

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallbackPath);
  };

  return (
    <div className="pq-page">
      <div className="pq-container">
        {state.phase === 'loading' && (
          <div className="pq-loading" role="status" aria-label={M.loading}>
            <span className="pq-spinner" aria-hidden="true" />
          </div>
        )}

        {state.phase === 'locked' && checkedCode && <PhoneGate code={checkedCode} lock={state.lock} message={state.message} />}

        {state.phase === 'missing' && (
          <KitBoundary>
            <NotFoundPanel message={state.message} onBack={back} onRetry={retry} />
          </KitBoundary>
        )}

        {state.phase === 'ready' && (
          <>
            {state.quotation.work_order?.stage === 'pronto_para_retirada' && <ReadyNotice company={company} />}
            <ActionBar
              code={state.quotation.code}
              access={access}
              canAccept={state.quotation.status === 'pending' && !state.quotation.expired}
              canReject={state.quotation.status === 'pending'}
              refreshing={refreshing}
              busy={busy}
              onBack={back}
              onRefresh={refresh}
              onAccept={accept}
              onReject={() => {
                setRejectMounted(true);
                setRejectOpen(true);
              }}
              onPrint={() => window.print()}
            />
            {refreshing && (
              <p className="pq-refreshing pq-no-print" role="status">
                <span className="pq-spinner pq-spinner--small" aria-hidden="true" /> {M.refreshing}
              </p>
            )}
            <CompanyHeader company={company} />
            {/* A job on the floor leads with its stage; the decision line is a quiet note below it (issue 39 §4). */}
            {state.quotation.work_order && <WorkOrderSection job={state.quotation.work_order} deadline={state.quotation.execution_deadline} />}
            {state.quotation.status !== 'pending' ? (
              <p className={state.quotation.work_order ? 'pq-notice pq-notice--quiet' : 'pq-notice'} role="note" data-testid="decided-note">
                {M.decidedNote(state.quotation.status)}
              </p>
            ) : state.quotation.expired ? (
              <p className="pq-notice pq-notice--warning" role="note">
                {M.expiredNote(formatDate(state.quotation.validity_date))}
              </p>
            ) : null}
            {state.quotation.nfse && <NfseSection note={state.quotation.nfse} />}
            <QuotationView quotation={state.quotation} />
            {company?.pix_key && state.quotation.status !== 'rejected' && state.quotation.total_amount > 0 && (
              <KitBoundary>
                <PixPanel
                  pixKey={company.pix_key}
                  merchantName={company.name}
                  merchantCity={company.city}
                  amount={state.quotation.total_amount}
                  code={state.quotation.code}
                />
              </KitBoundary>
            )}
            <ContactFooter company={company} />
            {rejectMounted && (
              <KitBoundary>
                <RejectDialog
                  open={rejectOpen}
                  busy={busy === 'reject'}
                  onClose={() => setRejectOpen(false)}
                  onConfirm={async (reason) => {
                    const ok = await reject(reason);
                    if (ok) setRejectOpen(false);
                    return ok;
                  }}
                />
              </KitBoundary>
            )}
          </>
        )}
      </div>
      <KitToaster />
    </div>
  );
}
