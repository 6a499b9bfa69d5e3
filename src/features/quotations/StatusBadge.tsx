import { Badge } from '@chakra-ui/react';
import { quotationStatusColor, quotationStatusLabel } from '../../domain/quotation-status';

/** Pendente (yellow) / Aceito (green) / Rejeitado (red); any other value as is. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={quotationStatusColor(status)} variant="subtle" data-testid="status-badge">
      {quotationStatusLabel(status)}
    </Badge>
  );
}
