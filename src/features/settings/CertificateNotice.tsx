/**
 * The owner's warning about the A1 certificate where the day starts (issue 38 §2): it expires
 * within 30 days, has expired, or is of another CNPJ — with the way to Configurações › Fiscal.
 * Staff never see it (they cannot send a certificate). Composed into the dashboard by src/app.
 */
import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { FiscalCertificateInfo, FiscalSettings } from '@shared';
import { useMyRole } from '../../data/db';
import { useCompanyProfile } from '../../data/db/company';
import { certificateWarningTexts } from '../../domain/fiscal-settings';
import { SETTINGS_TEXT } from './messages';

const T = SETTINGS_TEXT.fiscal;

export function CertificateNotice({ now = new Date() }: { now?: Date }) {
  const role = useMyRole();
  const { company } = useCompanyProfile();
  if (role !== 'owner' || !company) return null;
  const cert = (company.fiscal_certificate as FiscalCertificateInfo | null | undefined) ?? null;
  const cnpj = (company.fiscal as FiscalSettings | null | undefined)?.cnpj ?? null;
  const warnings = certificateWarningTexts(cert, cnpj, now);
  if (warnings.length === 0) return null;
  return (
    <Alert.Root status="warning" data-testid="certificate-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{T.noticeTitle}</Alert.Title>
        {warnings.map((w) => (
          <Alert.Description key={w}>{w}</Alert.Description>
        ))}
        <Link asChild color="blue.fg" fontWeight="medium" mt="1">
          <RouterLink to="/adm/settings?tab=fiscal">{T.noticeLink}</RouterLink>
        </Link>
      </Alert.Content>
    </Alert.Root>
  );
}
