/** Small screens: one quotation as a card, 'Mais'/'Menos' revealing creator, date and materials. */
import { memo, useState } from 'react';
import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import type { CustomerDoc, QuotationDoc } from '@shared';
import { useStaffEmail } from '../../data/db/staff';
import { formatDate, formatDateTime } from '../../domain/dates';
import { formatBRL, formatDecimalBR } from '../../domain/money';
import { customerColumn } from './list-model';
import { QT } from './messages';
import { RowActions, type LaunchProps } from './RowActions';
import { StatusBadge } from './StatusBadge';
import type { QuotationActions } from './useQuotationActions';

type Props = LaunchProps & {
  q: QuotationDoc;
  customer: CustomerDoc | null;
  /** The deleted customer's last name, when it was deleted. */
  removedCustomer?: string;
  actions: QuotationActions;
  onEdit: (q: QuotationDoc) => void;
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between" gap="3" align="start">
      <Text color="fg.muted" fontSize="sm" flexShrink={0}>
        {label}
      </Text>
      <Text fontSize="sm" textAlign="end">
        {value}
      </Text>
    </HStack>
  );
}

function Details({ q }: { q: QuotationDoc }) {
  const email = useStaffEmail(q.created_by);
  return (
    <Stack gap="1" borderTopWidth="1px" pt="2" data-testid="card-details">
      <Field label={QT.createdBy} value={email ?? q.created_by ?? QT.none} />
      <Field label={QT.dateTime} value={formatDateTime(q.created_at)} />
      {q.materials.length > 0 && (
        <Box>
          <Text color="fg.muted" fontSize="sm">
            {QT.materials}
          </Text>
          {q.materials.map((m, i) => (
            <Text key={i} fontSize="sm">
              {m.name} — {m.quantity}x R$ {formatDecimalBR(m.price)}
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );
}

export const QuotationCard = memo(function QuotationCard({ q, customer, removedCustomer, actions, onEdit, ...launch }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Card.Root size="sm" data-testid="quotation-card" data-code={q.code}>
      <Card.Body gap="2">
        <HStack justify="space-between">
          <Text fontFamily="mono" fontWeight="bold">
            {q.code}
          </Text>
          <StatusBadge status={q.status} validityDate={q.validity_date} />
        </HStack>
        <Text fontWeight="semibold" color={customer ? undefined : 'fg.muted'}>{customerColumn({ q, customer, removedCustomer }, QT.noCustomer)}</Text>
        <Field label={QT.validity} value={formatDate(q.validity_date) || QT.none} />
        <Field label={QT.col.total} value={formatBRL(q.total_amount)} />
        {q.description && (
          <Text fontSize="sm" lineClamp={open ? undefined : 3}>
            {q.description}
          </Text>
        )}
        <Field label={QT.paymentMethod} value={q.payment_method || QT.none} />
        <Field label={QT.deadline} value={q.execution_deadline || QT.none} />
        {open && <Details q={q} />}
        <Button size="xs" variant="ghost" alignSelf="start" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? <ChevronUp size={14} /> : <ChevronDown size={14} />}
          {open ? QT.less : QT.more}
        </Button>
        <RowActions q={q} actions={actions} onEdit={onEdit} withLabels compact {...launch} />
      </Card.Body>
    </Card.Root>
  );
});
