import type { PublicCompany } from '@shared';
import { formatPhoneBR, whatsappLink } from '../../domain/whatsapp';
import { PQ_MESSAGES as M } from './messages';

/** "Questions? Talk to us" with WhatsApp links, phones and e-mail. */
export function ContactFooter({ company }: { company: PublicCompany | null }) {
  if (!company) return null;
  const whatsapps = company.whatsapp_numbers.filter(Boolean);
  const phones = company.phones.filter(Boolean);
  if (whatsapps.length === 0 && phones.length === 0 && !company.email) return null;
  return (
    <footer className="pq-footer">
      <p>{M.contactFooter}</p>
      <p className="pq-footer__links">
        {whatsapps.map((n) => (
          <a key={n} href={whatsappLink(n)} target="_blank" rel="noopener noreferrer">
            {M.whatsapp} {formatPhoneBR(n)}
          </a>
        ))}
        {phones.map((n) => (
          <a key={n} href={`tel:${n.replace(/[^\d+]/g, '')}`}>
            {M.phone} {formatPhoneBR(n)}
          </a>
        ))}
        {company.email && <a href={`mailto:${company.email}`}>{company.email}</a>}
      </p>
    </footer>
  );
}
