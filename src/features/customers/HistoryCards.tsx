/** The details dialog's history on small screens: one compact card per transaction/quotation. */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { CustomerQuotation, CustomerTransaction } from '../../data/db/customers';
import { formatDate } from '../../domain/dates';
import { formatBRL } from '../../domain/money';
import { quotationDisplayStatus, quotationStatusColor, quotationStatusLabel } from '../../domain/quotation-status';
import { effectiveStatus, PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, shopDate } from '../../domain/transaction-status';
import { CUSTOMER_TEXT as T } from './messages';

type Props = { kind: 'transactions'; rows: CustomerTransaction[] } | { kind: 'quotations'; rows: CustomerQuotation[] };

interface Item {
  id: string;
  heading: string;
  date: string;
  description: string;
  value: string;
  status: { label: string; color: string };
}

function items(p: Props): Item[] {
  if (p.kind === 'transactions') {
    const today = shopDate(new Date());
    return p.rows.map((t) => {
      const s = effectiveStatus(t, today);
      return {
        id: t.id,
        heading: T.transactionTypes[t.type] ?? t.type,
        date: formatDate(t.created_at),
        description: t.description || t.name || T.none,
        value: formatBRL(t.amount),
        status: { label: PAYMENT_STATUS_LABELS[s], color: PAYMENT_STATUS_COLORS[s] },
      };
    });
  }
  const now = new Date();
  return p.rows.map((q) => {
    const shown = quotationDisplayStatus(q, now);
    return {
      id: q.id,
      heading: q.code,
      date: formatDate(q.created_at),
      description: q.description,
      value: formatBRL(q.total_amount),
      status: { label: quotationStatusLabel(shown), color: quotationStatusColor(shown) },
    };
  });
}

export function HistoryCards(props: Props) {
  return (
    <Stack as="ul" listStyleType="none" gap="2" aria-label={props.kind === 'transactions' ? T.tabTransactions : T.tabQuotations}>
      {items(props).map((i) => (
        <Box as="li" key={i.id} borderWidth="1px" rounded="md" p="3">
          <HStack justify="space-between" gap="2">
            <Text fontWeight="semibold">{i.heading}</Text>
            <Badge colorPalette={i.status.color}>{i.status.label}</Badge>
          </HStack>
          <Text textStyle="sm" color="fg.muted" lineClamp={2}>
            {i.description}
          </Text>
          <HStack justify="space-between" mt="1" textStyle="sm">
            <Text color="fg.muted">
              {T.colDate}: {i.date}
            </Text>
            <Text fontWeight="medium">{i.value}</Text>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
