/** Wide screens: a board, one column per open stage and Pronto para retirada (Entregue/Cancelada when filtered in). */
import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { WORK_ORDER_STAGE_LABELS } from '@shared';
import type { WorkOrderView } from '../../data/db/work-orders';
import { ACTIVE_STAGES, type StageGroup } from './board';
import { SV } from './messages';
import { WorkOrderCard } from './WorkOrderCard';

type Props = {
  groups: StageGroup<WorkOrderView>[];
  showClosed: boolean;
  customerName: (id: string | null | undefined) => string | null;
  memberName: (id: string | null | undefined) => string | null;
};

export function StageBoard({ groups, showClosed, customerName, memberName }: Props) {
  const columns = groups.filter((g) => showClosed || ACTIVE_STAGES.includes(g.stage));
  return (
    <Box overflowX="auto" pb="2" data-testid="stage-board" tabIndex={0} aria-label={SV.title}>
      <HStack align="stretch" gap="3" minW={`${columns.length * 240}px`}>
        {columns.map((g) => {
          const id = `column-${g.stage}`;
          return (
            <Box as="section" key={g.stage} aria-labelledby={id} flex="1" minW="230px" bg="bg.muted" rounded="lg" p="2" data-stage={g.stage}>
              <HStack justify="space-between" px="1" mb="2">
                <Heading as="h2" size="sm" id={id}>
                  {WORK_ORDER_STAGE_LABELS[g.stage]}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {g.orders.length}
                </Text>
              </HStack>
              <Stack gap="2">
                {g.orders.length === 0 && (
                  <Text fontSize="sm" color="fg.muted" px="1" py="2">
                    {SV.emptyStage}
                  </Text>
                )}
                {g.orders.map((o) => (
                  <WorkOrderCard key={o.id} order={o} customer={customerName(o.customer_id)} responsible={memberName(o.responsible_id)} />
                ))}
              </Stack>
            </Box>
          );
        })}
      </HStack>
    </Box>
  );
}
