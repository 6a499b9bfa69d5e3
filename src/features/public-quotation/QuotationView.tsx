import type { PublicQuotation } from '@shared';
import { formatBRL, toCents } from '../../domain/money';
import { formatDate } from '../../domain/dates';
import { decisionPrefix, quotationStatusColor, quotationStatusLabel } from '../../domain/quotation-status';
import { MaterialsTable } from './MaterialsTable';
import { PQ_MESSAGES as M } from './messages';
import { useInstantFormat } from './useInstantFormat';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`pq-row${strong ? ' pq-row--strong' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The quotation itself (spec §2): title, status, customer, description, materials, totals, terms.
 * A pending quotation past its validity date shows 'Vencido' (issue 17): `expired` comes with the
 * quotation (the server's clock on the public page, the device's in the staff view).
 */
export function QuotationView({ quotation: q }: { quotation: PublicQuotation }) {
  const decided = decisionPrefix(q.status);
  const shown = q.status === 'pending' && q.expired ? 'expired' : q.status;
  const instant = useInstantFormat();
  return (
    <article className="pq-card">
      <div className="pq-title">
        <div>
          <h1 className="pq-title__code">{M.title(q.code)}</h1>
          <p className="pq-muted">{M.createdOn(instant.date(q.created_at))}</p>
        </div>
        <div className="pq-status">
          <span className={`pq-badge pq-badge--${quotationStatusColor(shown)}`} aria-label={`${M.status}: ${quotationStatusLabel(shown)}`}>
            {quotationStatusLabel(shown)}
          </span>
          {decided && q.decided_at && (
            <p className="pq-muted">
              {decided} {instant.dateTime(q.decided_at)}
            </p>
          )}
        </div>
      </div>
      {q.status === 'rejected' && q.decision_reason && (
        <p className="pq-reason">
          <strong>{M.decisionReason}:</strong> {q.decision_reason}
        </p>
      )}

      <section className="pq-section" aria-labelledby="pq-customer">
        <h2 id="pq-customer" className="pq-section__title">
          {M.customerHeading}
        </h2>
        <p>{q.customer?.name || M.customerUnavailable}</p>
      </section>

      <section className="pq-section" aria-labelledby="pq-description">
        <h2 id="pq-description" className="pq-section__title">
          {M.descriptionHeading}
        </h2>
        <p className="pq-description">{q.description}</p>
      </section>

      <MaterialsTable materials={q.materials ?? []} />

      <dl className="pq-totals">
        {toCents(q.discounts) > 0 && <Row label={M.discounts} value={`-${formatBRL(q.discounts)}`} />}
        {toCents(q.taxes) > 0 && <Row label={M.taxes} value={formatBRL(q.taxes)} />}
        <Row label={M.total} value={formatBRL(q.total_amount)} strong />
      </dl>

      <dl className="pq-terms">
        <Row label={M.paymentMethod} value={q.payment_method || '—'} />
        <Row label={M.validity} value={formatDate(q.validity_date) || '—'} />
        <Row label={M.deadline} value={q.execution_deadline || '—'} />
      </dl>
    </article>
  );
}
