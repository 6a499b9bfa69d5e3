import { Badge } from '@chakra-ui/react';
import { quotationDisplayStatus, quotationStatusColor, quotationStatusLabel } from '../../domain/quotation-status';

/**
 * Pendente (yellow) / Aceito (green) / Rejeitado (red) / Vencido (orange: pending and past its
 * validity date on this device's clock, issue 17); any other value as is.
 */
export function StatusBadge({ status, validityDate }: { status: string; validityDate?: string | null }) {
  const shown = quotationDisplayStatus({ status, validity_date: validityDate }, new Date());
  return (
    <Badge colorPalette={quotationStatusColor(shown)} variant="subtle" data-testid="status-badge">
      {quotationStatusLabel(shown)}
    </Badge>
  );
}
