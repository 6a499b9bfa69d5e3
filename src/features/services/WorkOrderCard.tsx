/** One OS on the floor list or the board: a large tap target opening its view. */
import { memo } from 'react';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { WorkOrderView } from '../../data/db/work-orders';
import { formatDate } from '../../domain/dates';
import { SV } from './messages';
import { LateBadge, StageBadge } from './StageBadge';

type Props = { order: WorkOrderView; customer: string | null; responsible: string | null };

export const WorkOrderCard = memo(function WorkOrderCard({ order, customer, responsible }: Props) {
  return (
    <Box
      asChild
      display="block"
      borderWidth="1px"
      rounded="lg"
      bg="bg"
      p="3"
      minH="44px"
      shadow="xs"
      _hover={{ borderColor: 'blue.300', shadow: 'sm' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
    >
      <Link to={`/adm/services/${encodeURIComponent(order.id)}`} data-testid="work-order-card" data-code={order.code}>
        <Stack gap="1.5">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontFamily="mono" fontWeight="bold">
              {order.code}
            </Text>
            <HStack gap="1">
              {order.late && <LateBadge />}
              <StageBadge stage={order.stage} />
            </HStack>
          </HStack>
          <Text fontWeight="semibold" color={customer ? undefined : 'fg.muted'} lineClamp={1}>
            {customer ?? SV.noCustomer}
          </Text>
          <Text fontSize="sm" color="fg.muted" lineClamp={1} title={order.description}>
            {order.description}
          </Text>
          <HStack justify="space-between" gap="3" fontSize="sm" wrap="wrap">
            <Text color="fg.muted">
              {SV.responsible}: <Text as="span" color="fg">{responsible ?? SV.nobody}</Text>
            </Text>
            <Text color={order.late ? 'red.fg' : 'fg.muted'} fontWeight={order.late ? 'semibold' : undefined}>
              {SV.forecast}: {order.forecast_date ? formatDate(order.forecast_date) : SV.noForecast}
            </Text>
          </HStack>
        </Stack>
      </Link>
    </Box>
  );
});
