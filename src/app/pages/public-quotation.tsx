import { useLocation, useParams } from 'react-router-dom';
import { QuotationPage } from '../../features/public-quotation/QuotationPage';

/** /quotation/:code (public) and /adm/quotation/:code (inside the staff shell). */
export default function PublicQuotationRoute() {
  const { code } = useParams();
  const inAdmin = useLocation().pathname.startsWith('/adm/');
  return <QuotationPage key={code ?? ''} code={code} fallbackPath={inAdmin ? '/adm/quotations' : '/'} />;
}
