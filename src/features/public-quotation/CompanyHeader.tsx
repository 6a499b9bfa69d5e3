import type { PublicCompany } from '@shared';
import { formatPhoneBR } from '../../domain/whatsapp';
import { PQ_MESSAGES as M } from './messages';

/** Company name and contact details at the top of the quotation (kept when printed). */
export function CompanyHeader({ company }: { company: PublicCompany | null }) {
  if (!company) return null;
  const address = [company.address, company.city].filter(Boolean).join(' — ');
  const phones = company.phones.filter(Boolean).map(formatPhoneBR);
  const whatsapps = company.whatsapp_numbers.filter(Boolean).map(formatPhoneBR);
  return (
    <header className="pq-company">
      <div>
        <p className="pq-company__name">{company.name}</p>
        {company.tagline && <p className="pq-company__tagline">{company.tagline}</p>}
      </div>
      <address className="pq-company__contact">
        {address && <span>{address}</span>}
        {phones.length > 0 && (
          <span>
            {M.phone}: {phones.join(' / ')}
          </span>
        )}
        {whatsapps.length > 0 && (
          <span>
            {M.whatsapp}: {whatsapps.join(' / ')}
          </span>
        )}
        {company.email && (
          <span>
            {M.email}: {company.email}
          </span>
        )}
      </address>
    </header>
  );
}
