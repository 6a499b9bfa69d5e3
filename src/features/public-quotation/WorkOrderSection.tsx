import { WORK_ORDER_STAGE_LABELS, type PublicWorkOrder } from '@shared';
import { formatDate } from '../../domain/dates';
import { PQ_MESSAGES } from './messages';
import { useInstantFormat } from './useInstantFormat';
import './work-order.css';

const M = PQ_MESSAGES.workOrder;

/**
 * Issue 31 §6: the job the accepted quotation became, as its customer follows it — the stages
 * passed with their dates (the server's order), the Previsão de entrega beside the agreed
 * deadline, the Garantia once delivered, and the photos the shop marked for the customer.
 */
export function WorkOrderSection({ job, deadline }: { job: PublicWorkOrder; deadline: string }) {
  const instant = useInstantFormat();
  const last = job.steps.length - 1;
  return (
    <section className="pq-card pq-job" aria-labelledby="pq-job-title">
      <h2 id="pq-job-title" className="pq-job__title">
        {M.heading}
      </h2>
      <p className="pq-job__now">
        {M.stageNow}: <strong>{WORK_ORDER_STAGE_LABELS[job.stage]}</strong>
      </p>

      <h3 className="pq-section__title">{M.steps}</h3>
      <ol className="pq-job__steps">
        {job.steps.map((s, i) => (
          <li key={`${s.stage}-${i}`} className={i === last ? 'pq-job__step pq-job__step--current' : 'pq-job__step'} aria-current={i === last ? 'step' : undefined}>
            <span className="pq-job__stage">
              {WORK_ORDER_STAGE_LABELS[s.stage]}
              {i === last && <span className="pq-job__tag"> {M.current}</span>}
            </span>{' '}
            <span className="pq-muted">{M.stepOn(instant.date(s.at))}</span>
          </li>
        ))}
      </ol>

      <dl className="pq-terms pq-job__dates">
        {job.forecast_date && (
          <div className="pq-row">
            <dt>{M.forecast}</dt>
            <dd>{formatDate(job.forecast_date)}</dd>
          </div>
        )}
        {deadline && (
          <div className="pq-row">
            <dt>{M.deadline}</dt>
            <dd>{deadline}</dd>
          </div>
        )}
        {job.warranty_until && (
          <div className="pq-row">
            <dt>{M.warranty}</dt>
            <dd>{formatDate(job.warranty_until)}</dd>
          </div>
        )}
      </dl>

      {job.photos.length > 0 && (
        <>
          <h3 className="pq-section__title pq-job__photos-title">{M.photos}</h3>
          <ul className="pq-job__photos">
            {job.photos.map((p, i) => (
              <li key={p.url}>
                <a href={p.url} target="_blank" rel="noopener noreferrer">
                  <img src={p.url} width={p.width} height={p.height} alt={M.photoAlt(i + 1)} loading="lazy" decoding="async" />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
