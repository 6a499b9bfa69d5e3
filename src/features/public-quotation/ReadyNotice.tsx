import type { PublicCompany } from '@shared';
import { PQ_MESSAGES } from './messages';
import './work-order.css';

const M = PQ_MESSAGES.workOrder;

/** Issue 31 §6: at Pronto para retirada, above everything — the job is ready, where and when to pick it up. */
export function ReadyNotice({ company }: { company: PublicCompany | null }) {
  const address = company ? [company.address, company.city].filter(Boolean).join(' — ') : '';
  return (
    <section className="pq-ready" role="status" aria-labelledby="pq-ready-title">
      <h2 id="pq-ready-title" className="pq-ready__title">
        {M.readyTitle}
      </h2>
      {address && (
        <p>
          {M.readyText} <strong>{address}</strong>
        </p>
      )}
      {company?.opening_hours && (
        <p>
          {M.hours}: <strong>{company.opening_hours}</strong>
        </p>
      )}
    </section>
  );
}
