/**
 * Configurações › Fiscal (issue 38 §2, owner only): the NFS-e settings of the shop and its A1
 * certificate, both read from the local company document (offline too; the certificate's part is
 * written by the server and comes back by replication).
 */
import { HStack, Card, Spinner, Stack, Text } from '@chakra-ui/react';
import type { FiscalCertificateInfo, FiscalSettings } from '@shared';
import { useCompanyProfile } from '../../data/db/company';
import { CertificateCard } from './CertificateCard';
import { FiscalSettingsForm } from './FiscalSettingsForm';
import { SETTINGS_TEXT } from './messages';

const T = SETTINGS_TEXT.fiscal;

export function FiscalTab() {
  const { company, loading } = useCompanyProfile();
  if (loading) {
    return (
      <HStack color="fg.muted">
        <Spinner size="sm" />
        <Text>{T.loading}</Text>
      </HStack>
    );
  }
  const fiscal = (company?.fiscal as FiscalSettings | null | undefined) ?? null;
  const numbering = { stored: fiscal, serverNext: company?.nfse_next_number ?? null };
  return (
    <Stack gap="5">
      <Card.Root>
        <Card.Body>
          <FiscalSettingsForm numbering={numbering} />
        </Card.Body>
      </Card.Root>
      <CertificateCard stored={(company?.fiscal_certificate as FiscalCertificateInfo | null | undefined) ?? null} companyCnpj={fiscal?.cnpj ?? null} />
    </Stack>
  );
}
