/**
 * Mover para…: the usual next stages as big buttons, any other stage from a menu (mistakes get
 * corrected); Cancelada asks first. Entregue sets the Garantia from Configurações.
 */
import { useState } from 'react';
import { Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, ChevronDown } from 'lucide-react';
import { WORK_ORDER_STAGE_LABELS, type WorkOrderStage } from '@shared';
import { workOrderCommands } from '../../data/db/work-orders';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { nextStages, otherStages } from './board';
import { SV } from './messages';
import { attempt, done } from './toast';

type Props = { id: string; code: string; stage: WorkOrderStage; warrantyDays: number | null; onMoved?: (to: WorkOrderStage) => void };

export function StageMover({ id, code, stage, warrantyDays, onMoved }: Props) {
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const move = async (to: WorkOrderStage) => {
    setBusy(true);
    const ok = await attempt(() => workOrderCommands.moveStage(id, to, { warrantyDays }));
    setBusy(false);
    if (ok) {
      done(SV.moved(WORK_ORDER_STAGE_LABELS[to]));
      onMoved?.(to);
    }
  };
  const pick = (to: WorkOrderStage) => (to === 'cancelada' ? setConfirmCancel(true) : void move(to));

  return (
    <Stack gap="2" data-testid="stage-mover">
      <Text fontWeight="semibold" fontSize="sm" color="fg.muted">
        {SV.moveTo}
      </Text>
      {nextStages(stage).map((to, i) => (
        <Button key={to} size="xl" minH="52px" colorPalette={to === 'entregue' || to === 'pronto_para_retirada' ? 'green' : 'blue'} variant={i === 0 ? 'solid' : 'outline'} disabled={busy} onClick={() => pick(to)}>
          <ArrowRight aria-hidden />
          {WORK_ORDER_STAGE_LABELS[to]}
        </Button>
      ))}
      <Menu.Root onSelect={(d) => pick(d.value as WorkOrderStage)} positioning={{ placement: 'bottom-start', sameWidth: true }}>
        <Menu.Trigger asChild>
          <Button size="lg" minH="44px" variant="outline" disabled={busy}>
            {SV.moveOther}
            <ChevronDown aria-hidden />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {otherStages(stage).map((to) => (
                <Menu.Item key={to} value={to} minH="44px" color={to === 'cancelada' ? 'fg.error' : undefined}>
                  {WORK_ORDER_STAGE_LABELS[to]}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ConfirmDialog
        open={confirmCancel}
        title={SV.confirmCancelTitle}
        message={SV.confirmCancel(code)}
        confirmLabel={SV.confirmCancelAction}
        cancelLabel={SV.keep}
        destructive
        onConfirm={async () => {
          setConfirmCancel(false);
          await move('cancelada');
        }}
        onCancel={() => setConfirmCancel(false)}
      />
    </Stack>
  );
}
