import { Badge } from '@chakra-ui/react';
import { PAYMENT_STATUS_LABELS, type EffectiveStatus } from '../../../domain/transaction-status';

/** Payment status pill: green when pago, yellow otherwise (spec §2.4); overdue reads 'Atrasado'. */
export function StatusPill({ status }: { status: EffectiveStatus }) {
  return (
    <Badge colorPalette={status === 'pago' ? 'green' : 'yellow'} variant="subtle" rounded="full" px="2">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
