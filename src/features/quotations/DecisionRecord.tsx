/** What the customer did with the quotation: viewed at, decided at, reason, earlier decisions. */
import { Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { QuotationDoc } from '@shared';
import { formatDateTime } from '../../domain/dates';
import { quotationStatusLabel } from '../../domain/quotation-status';
import { QT } from './messages';
import { StatusBadge } from './StatusBadge';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between" gap="4" wrap="wrap">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium">{value}</Text>
    </HStack>
  );
}

export function DecisionRecord({ q }: { q: QuotationDoc }) {
  const history = [...(q.decision_history ?? [])].reverse();
  const decided = q.status === 'accepted' || q.status === 'rejected';
  return (
    <Card.Root size="sm" data-testid="decision-record">
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            {QT.decisionHeading}
          </Heading>
          <StatusBadge status={q.status} validityDate={q.validity_date} />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          <Line label={QT.viewedAt} value={q.viewed_at ? formatDateTime(q.viewed_at) : QT.notViewed} />
          <Line label={QT.decidedAt} value={decided && q.decided_at ? formatDateTime(q.decided_at) : QT.notDecided} />
          {decided && q.decision_reason && <Line label={QT.reason} value={q.decision_reason} />}
          {history.length > 0 && (
            <Box borderTopWidth="1px" pt="2" mt="1">
              <Text fontWeight="semibold" mb="1">
                {QT.history}
              </Text>
              {history.map((h, i) => (
                <Text key={i} fontSize="sm" data-testid="decision-history-entry">
                  {quotationStatusLabel(h.status)}
                  {h.decided_at ? ` em ${formatDateTime(h.decided_at)}` : ''}
                  {h.reason ? ` — ${QT.reason}: ${h.reason}` : ''} ({QT.resetAt} {formatDateTime(h.reset_at)})
                </Text>
              ))}
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
