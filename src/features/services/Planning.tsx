/** Responsável and Previsão de entrega (saved as they change), the quotation's Prazo de execução beside. */
import { useState } from 'react';
import { Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import type { StaffDoc } from '@shared';
import { workOrderCommands, type WorkOrderView } from '../../data/db/work-orders';
import { MemberSelect } from './MemberSelect';
import { SV } from './messages';
import { attempt, done } from './toast';

export function Planning({ order, members }: { order: WorkOrderView; members: StaffDoc[] }) {
  const [forecast, setForecast] = useState(order.forecast_date ?? '');
  // Another device (or this one) saved a new date: show it (React's "adjust state on a prop change").
  const [seen, setSeen] = useState(order.forecast_date ?? '');
  if ((order.forecast_date ?? '') !== seen) {
    setSeen(order.forecast_date ?? '');
    setForecast(order.forecast_date ?? '');
  }
  const save = async (patch: { responsible_id?: string | null; forecast_date?: string | null }) => {
    if (await attempt(() => workOrderCommands.update(order.id, patch))) done(SV.saved);
  };
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <Field.Root>
        <Field.Label>{SV.responsible}</Field.Label>
        <MemberSelect members={members} value={order.responsible_id ?? null} onChange={(id) => void save({ responsible_id: id })} />
      </Field.Root>
      <Field.Root>
        <Field.Label>{SV.forecast}</Field.Label>
        <Input
          type="date"
          size="lg"
          name="forecast_date"
          value={forecast}
          onChange={(e) => setForecast(e.target.value)}
          onBlur={() => {
            if (forecast !== (order.forecast_date ?? '')) void save({ forecast_date: forecast || null });
          }}
        />
        {order.execution_deadline && (
          <Field.HelperText>
            {SV.deadline}: <Text as="span" fontWeight="medium" color="fg">{order.execution_deadline}</Text>
          </Field.HelperText>
        )}
      </Field.Root>
    </SimpleGrid>
  );
}
