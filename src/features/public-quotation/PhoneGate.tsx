import type { QuotationLock } from '@shared';
import { PHONE_DIGITS_PARAM } from '@shared';
import { PQ_MESSAGES as M } from './messages';

interface Props {
  code: string;
  lock: QuotationLock;
  message: string;
}

/**
 * Issue 30: a quotation opened by its bare code (typed on the landing, or an old link without the
 * secret) asks for the last 4 digits of the customer's phone first. A plain GET form to the page
 * itself (?tel=1234): it works before any JavaScript has run and after, the server drawing the
 * answer either way. Wrong digits and unknown codes get the same answer (the server's).
 */
export function PhoneGate({ code, lock, message }: Props) {
  const mismatch = lock === 'quotation_phone_mismatch';
  return (
    <form className="pq-card pq-gate" method="get" action={`/quotation/${encodeURIComponent(code)}`} aria-labelledby="pq-gate-title">
      <h1 id="pq-gate-title" className="pq-gate__title">
        {M.title(code)}
      </h1>
      <p>{M.gate.intro}</p>
      {mismatch && (
        <p className="pq-notice pq-notice--warning" role="alert">
          {message}
        </p>
      )}
      <label className="pq-gate__label" htmlFor="pq-gate-digits">
        {M.gate.label}
      </label>
      <input
        id="pq-gate-digits"
        className="pq-gate__input"
        name={PHONE_DIGITS_PARAM}
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]{4}"
        minLength={4}
        maxLength={4}
        required
        aria-invalid={mismatch || undefined}
        title={M.gate.inputTitle}
      />
      <button type="submit" className="pq-btn pq-btn--accept">
        {M.gate.submit}
      </button>
      <p className="pq-gate__hint">{M.gate.hint}</p>
    </form>
  );
}
