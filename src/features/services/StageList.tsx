/** The phone's floor list: one section per stage, Entregue and Cancelada collapsed at the end. */
import { useState } from 'react';
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { WORK_ORDER_STAGE_LABELS } from '@shared';
import type { WorkOrderView } from '../../data/db/work-orders';
import { CLOSED_STAGES, type StageGroup } from './board';
import { SV } from './messages';
import { WorkOrderCard } from './WorkOrderCard';

type Props = {
  groups: StageGroup<WorkOrderView>[];
  customerName: (id: string | null | undefined) => string | null;
  memberName: (id: string | null | undefined) => string | null;
};

function Section({ group, customerName, memberName }: Props & { group: StageGroup<WorkOrderView> }) {
  const id = `stage-${group.stage}`;
  return (
    <Box as="section" aria-labelledby={id} data-stage={group.stage}>
      <HStack justify="space-between" mb="2">
        <Heading as="h2" size="sm" id={id}>
          {WORK_ORDER_STAGE_LABELS[group.stage]}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {group.orders.length}
        </Text>
      </HStack>
      <Stack gap="2">
        {group.orders.map((o) => (
          <WorkOrderCard key={o.id} order={o} customer={customerName(o.customer_id)} responsible={memberName(o.responsible_id)} />
        ))}
      </Stack>
    </Box>
  );
}

export function StageList({ groups, customerName, memberName }: Props) {
  const [showClosed, setShowClosed] = useState(false);
  const open = groups.filter((g) => !CLOSED_STAGES.includes(g.stage) && g.orders.length > 0);
  const closed = groups.filter((g) => CLOSED_STAGES.includes(g.stage) && g.orders.length > 0);
  const closedCount = closed.reduce((n, g) => n + g.orders.length, 0);
  return (
    <Stack gap="5" data-testid="stage-list">
      {open.map((g) => (
        <Section key={g.stage} group={g} groups={groups} customerName={customerName} memberName={memberName} />
      ))}
      {closedCount > 0 && (
        <Button variant="outline" size="lg" minH="44px" onClick={() => setShowClosed((s) => !s)} aria-expanded={showClosed}>
          {showClosed ? <ChevronUp size={16} aria-hidden /> : <ChevronDown size={16} aria-hidden />}
          {SV.closedGroup(closedCount)}
        </Button>
      )}
      {showClosed && closed.map((g) => <Section key={g.stage} group={g} groups={groups} customerName={customerName} memberName={memberName} />)}
    </Stack>
  );
}
