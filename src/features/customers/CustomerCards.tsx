/** Mobile list (< 768 px): one card per customer; tapping a card opens details. */
import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { CustomerRow } from '../../data/db/customers';
import { CustomerActions, type CustomerActionHandlers } from './CustomerActions';
import { CUSTOMER_TEXT as T } from './messages';
import { formatPhoneBR } from '../../domain/whatsapp';

export function CustomerCards({ rows, countsLoading = false, ...handlers }: { rows: CustomerRow[]; countsLoading?: boolean } & CustomerActionHandlers) {
  return (
    <Stack as="ul" listStyleType="none" gap="3" aria-label={T.title}>
      {rows.map((c) => (
        <Box
          as="li"
          key={c.id}
          data-customer={c.id}
          borderWidth="1px"
          borderColor={c.refused ? 'red.300' : 'border'}
          bg={c.refused ? 'red.50' : 'bg'}
          rounded="lg"
          p="3"
          cursor="pointer"
          onClick={() => handlers.onDetails(c)}
        >
          <Text fontWeight="semibold" fontSize="md" lineClamp={2}>
            {c.name}
          </Text>
          {c.refused && (
            <Text textStyle="xs" color="red.700" mt="1">
              <Badge colorPalette="red" size="sm" me="1">
                {T.refusedBadge}
              </Badge>
              {c.refused.message}
            </Text>
          )}
          <Stack gap="0.5" mt="1" textStyle="sm" color="fg.muted">
            <Text>
              {T.colPhone}: {formatPhoneBR(c.phone)}
            </Text>
            <Text>
              {T.colWhatsapp}: {c.whatsapp ?? T.none}
            </Text>
            {c.description && <Text lineClamp={2}>{c.description}</Text>}
          </Stack>
          <HStack justify="space-between" mt="2" gap="2" wrap="wrap">
            <HStack gap="2">
              <Badge variant="subtle">
                {T.colTransactions}: {countsLoading ? '…' : c.transaction_count}
              </Badge>
              <Badge variant="subtle">
                {T.colQuotations}: {countsLoading ? '…' : c.quotation_count}
              </Badge>
            </HStack>
            <CustomerActions customer={c} {...handlers} />
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
