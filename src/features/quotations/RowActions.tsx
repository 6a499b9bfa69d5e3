/** The action buttons of one quotation (table row, card, staff view). */
import { useState, type JSX } from 'react';
import { Button, HStack, IconButton } from '@chakra-ui/react';
import { ClipboardList, Eye, FileDown, Link2, Pencil, Share2, Trash2, Wallet, Wrench } from 'lucide-react';
import type { QuotationDoc } from '@shared';
import { QT } from './messages';
import type { WorkOrderHooks } from './types';
import type { QuotationActions } from './useQuotationActions';

export type LaunchProps = {
  onLaunchToCash?: (q: QuotationDoc) => Promise<void>;
  launchedQuotationIds?: ReadonlySet<string>;
} & WorkOrderHooks;

type Props = LaunchProps & {
  q: QuotationDoc;
  actions: QuotationActions;
  onEdit: (q: QuotationDoc) => void;
  /** Labels next to the icons (cards, staff view) instead of icons only (table). */
  withLabels?: boolean;
  /** Hide the copy-link button (cards keep view/edit/share/delete as the spec lists). */
  compact?: boolean;
  afterDelete?: () => void;
};

/** An accepted quotation: 'Abrir ordem de serviço', or 'Ver ordem de serviço' once it has one. */
export function WorkOrderButton({ q, onOpenWorkOrder, onViewWorkOrder, workOrderQuotationIds, size = 'xs' }: WorkOrderHooks & { q: QuotationDoc; size?: 'xs' | 'sm' }) {
  const [busy, setBusy] = useState(false);
  const has = workOrderQuotationIds?.has(q.id) ?? false;
  if (has && onViewWorkOrder) {
    return (
      <Button size={size} variant="outline" colorPalette="blue" onClick={() => onViewWorkOrder(q)}>
        <ClipboardList size={14} aria-hidden="true" />
        {QT.actions.viewWorkOrder}
      </Button>
    );
  }
  if (!onOpenWorkOrder || q.status !== 'accepted' || has) return null;
  return (
    <Button
      size={size}
      colorPalette="blue"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onOpenWorkOrder(q);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Wrench size={14} aria-hidden="true" />
      {QT.actions.openWorkOrder}
    </Button>
  );
}

export function LaunchButton({ q, onLaunchToCash, launchedQuotationIds, size = 'xs' }: LaunchProps & { q: QuotationDoc; size?: 'xs' | 'sm' }) {
  const [busy, setBusy] = useState(false);
  if (!onLaunchToCash || q.status !== 'accepted') return null;
  const launched = launchedQuotationIds?.has(q.id) ?? false;
  return (
    <Button
      size={size}
      colorPalette="green"
      variant={launched ? 'outline' : 'solid'}
      disabled={launched || busy}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onLaunchToCash(q);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Wallet size={14} aria-hidden="true" />
      {launched ? QT.actions.launched : QT.actions.launch}
    </Button>
  );
}

type ActionItem = { key: string; label: string; icon: JSX.Element; run: () => void; red?: boolean };

/** The row's actions in order (Visualizar, Editar, Copiar link, Compartilhar, Salvar PDF, Excluir). */
export function rowActionItems({ q, actions, onEdit, compact, afterDelete }: Pick<Props, 'q' | 'actions' | 'onEdit' | 'compact' | 'afterDelete'>): ActionItem[] {
  return [
    { key: 'view', label: QT.actions.view, icon: <Eye size={16} />, run: () => actions.view(q) },
    { key: 'edit', label: QT.actions.edit, icon: <Pencil size={16} />, run: () => onEdit(q) },
    ...(compact ? [] : [{ key: 'copy', label: QT.actions.copy, icon: <Link2 size={16} />, run: () => void actions.copy(q) }]),
    { key: 'share', label: QT.actions.share, icon: <Share2 size={16} />, run: () => void actions.share(q) },
    { key: 'save', label: QT.actions.save, icon: <FileDown size={16} />, run: () => void actions.savePdf(q) },
    { key: 'delete', label: QT.actions.delete, icon: <Trash2 size={16} />, run: () => actions.askDelete(q, afterDelete), red: true },
  ];
}

export function RowActions({ q, actions, onEdit, withLabels, compact, afterDelete, onOpenWorkOrder, onViewWorkOrder, workOrderQuotationIds, ...launch }: Props) {
  const items = rowActionItems({ q, actions, onEdit, compact, afterDelete });
  return (
    <HStack gap="1" wrap="wrap">
      {items.map((it) =>
        withLabels ? (
          <Button key={it.key} size="xs" variant="outline" colorPalette={it.red ? 'red' : 'gray'} onClick={it.run}>
            {it.icon}
            {it.label}
          </Button>
        ) : (
          <IconButton key={it.key} size="xs" variant="ghost" colorPalette={it.red ? 'red' : 'gray'} aria-label={it.label} title={it.label} onClick={it.run}>
            {it.icon}
          </IconButton>
        ),
      )}
      <LaunchButton q={q} {...launch} />
      <WorkOrderButton q={q} onOpenWorkOrder={onOpenWorkOrder} onViewWorkOrder={onViewWorkOrder} workOrderQuotationIds={workOrderQuotationIds} />
    </HStack>
  );
}
