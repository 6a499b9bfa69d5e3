import { Badge } from '@chakra-ui/react';
import { WORK_ORDER_STAGE_LABELS, type WorkOrderStage } from '@shared';
import { SV } from './messages';

const COLOR: Record<WorkOrderStage, string> = {
  aguardando_inicio: 'gray',
  aguardando_material: 'orange',
  em_execucao: 'blue',
  pronto_para_retirada: 'green',
  entregue: 'teal',
  cancelada: 'red',
};

export function StageBadge({ stage, size = 'sm' }: { stage: WorkOrderStage; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge colorPalette={COLOR[stage]} variant="subtle" size={size} data-testid="stage-badge">
      {WORK_ORDER_STAGE_LABELS[stage]}
    </Badge>
  );
}

export function LateBadge({ size = 'sm' }: { size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge colorPalette="red" variant="solid" size={size} data-testid="late-badge">
      {SV.late}
    </Badge>
  );
}
