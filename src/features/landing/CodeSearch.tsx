import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { notify } from '../../ui/notify';
import { checkLookupCode } from '../../domain/quotation-code';
import { getPublicQuotation } from '../../data/public-api';
import { LANDING_MESSAGES as M } from './messages';

/** Opens /quotation/{code} in a new tab; falls back to this tab when pop-ups are blocked. */
function openQuotation(code: string) {
  const url = `/quotation/${encodeURIComponent(code)}`;
  const w = window.open(url, '_blank');
  if (!w) window.location.assign(url);
}

/**
 * The quotation-code box fixed at the top right (spec §2/§5/§8): empty → 'Por favor, insira
 * um código de orçamento' (toast); otherwise the code is looked up and opened in a new tab when found
 * (or when the server asks for the phone digits, which it does for any code typed here).
 */
export function CodeSearch() {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const check = checkLookupCode(value);
    if (!check.ok && check.reason === 'empty') {
      setInvalid(true);
      notify({ type: 'warning', title: check.message });
      return;
    }
    if (!check.ok) {
      notify({ type: 'error', title: M.search.notFoundTitle, description: M.search.notFoundText });
      return;
    }
    setBusy(true);
    const res = await getPublicQuotation(check.code);
    setBusy(false);
    if (res.ok) {
      openQuotation(res.data.code || check.code);
    } else if (res.status === 403 && res.code === 'quotation_phone_required') {
      // Issue 30: a typed code opens the page that asks for the last 4 digits of the customer's
      // phone — the server answers this for every code, so the page, not the box, says the rest.
      openQuotation(check.code);
    } else if (res.status === 404 || res.status === 400) {
      notify({ type: 'error', title: M.search.notFoundTitle, description: M.search.notFoundText });
    } else {
      notify({ type: 'error', title: M.search.failure });
    }
  }

  return (
    <form className="ld-search" role="search" onSubmit={submit} noValidate>
      <div className="ld-search__box">
        <input
          className="ld-search__input"
          data-testid="code-search-input"
          aria-label={M.search.label}
          placeholder={M.search.placeholder}
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setInvalid(false);
          }}
        />
        <button className="ld-search__button" type="submit" aria-label={M.search.button} disabled={busy}>
          {busy ? <span className="ld-spinner__ring ld-spinner__ring--small" aria-hidden="true" /> : <Search size={18} aria-hidden="true" />}
        </button>
      </div>
    </form>
  );
}
