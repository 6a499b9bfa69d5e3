/** Small screens: one quotation as a card, 'Mais'/'Menos' revealing creator, date and materials. */
import { memo, useState } from 'react';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import type { CustomerDoc, QuotationDoc } from '@shared';
import { useStaffEmail } from '../../data/db/staff';
import { formatDate, formatDateTime } from '../../domain/dates';
import { formatBRL, formatDecimalBR } from '../../domain/money';
import { customerColumn } from './list-model';
import { QT } from './messages';
import { LaunchButton, rowActionItems, WorkOrderButton, type LaunchProps } from './RowActions';
import { quotationDisplayStatus, quotationStatusColor, quotationStatusLabel } from '../../domain/quotation-status';
import { KitClassNames, recipeStyles, slotRecipeStyles } from '../../ui/KitClassNames';
import { STATUS_BADGES } from './badgeStyles';
import type { QuotationActions } from './useQuotationActions';

type Props = LaunchProps & {
  q: QuotationDoc;
  customer: CustomerDoc | null;
  /** The deleted customer's last name, when it was deleted. */
  removedCustomer?: string;
  actions: QuotationActions;
  onEdit: (q: QuotationDoc) => void;
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between" gap="3" align="start">
      <Text color="fg.muted" fontSize="sm" flexShrink={0}>
        {label}
      </Text>
      <Text fontSize="sm" textAlign="end">
        {value}
      </Text>
    </HStack>
  );
}

function Details({ q }: { q: QuotationDoc }) {
  const email = useStaffEmail(q.created_by);
  return (
    <Stack gap="1" borderTopWidth="1px" pt="2" data-testid="card-details">
      <Field label={QT.createdBy} value={email ?? q.created_by ?? QT.none} />
      <Field label={QT.dateTime} value={formatDateTime(q.created_at)} />
      {q.materials.length > 0 && (
        <Box>
          <Text color="fg.muted" fontSize="sm">
            {QT.materials}
          </Text>
          {q.materials.map((m, i) => (
            <Text key={i} fontSize="sm">
              {m.name} — {m.quantity}x R$ {formatDecimalBR(m.price)}
            </Text>
          ))}
        </Box>
      )}
    </Stack>
  );
}

const card = slotRecipeStyles('card', { size: 'sm' });
const outline = recipeStyles('button', { variant: 'outline', size: 'xs' });

export const CARD_STYLES = {
  list: { display: 'flex', flexDirection: 'column', gap: '3' },
  root: card.root,
  body: { ...card.body, gap: '2' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  code: { fontFamily: 'mono', fontWeight: 'bold' },
  customer: { fontWeight: 'semibold' },
  customerMissing: { fontWeight: 'semibold', color: 'fg.muted' },
  field: { display: 'flex', alignItems: 'start', justifyContent: 'space-between', gap: '3' },
  label: { color: 'fg.muted', fontSize: 'sm', flexShrink: 0 },
  value: { fontSize: 'sm', textAlign: 'end' },
  description: { fontSize: 'sm' },
  descriptionClamped: { fontSize: 'sm', lineClamp: 3 },
  toggle: { ...recipeStyles('button', { variant: 'ghost', size: 'xs' }), alignSelf: 'start' },
  actions: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '1' },
  action: { ...outline, colorPalette: 'gray' },
  actionRed: { ...outline, colorPalette: 'red' },
  ...STATUS_BADGES,
};
export type CardClasses = { [K in keyof typeof CARD_STYLES]: string };

function PlainField({ c, label, value }: { c: CardClasses; label: string; value: string }) {
  return (
    <div className={c.field}>
      <p className={c.label}>{label}</p>
      <p className={c.value}>{value}</p>
    </div>
  );
}

/**
 * Plain elements with the kit's classes (QuotationCards makes them once per list): a phone's page
 * of cards was ~200 kit components resolving their styles (issue 33). The launch and work-order
 * buttons (accepted only, with their own busy state) and the details (opened on demand) stay
 * kit components.
 */
export const QuotationCard = memo(function QuotationCard({ q, customer, removedCustomer, actions, onEdit, c, onOpenWorkOrder, onViewWorkOrder, workOrderQuotationIds, ...launch }: Props & { c: CardClasses }) {
  const [open, setOpen] = useState(false);
  const shown = quotationDisplayStatus({ status: q.status, validity_date: q.validity_date }, new Date());
  return (
    <div className={c.root} data-testid="quotation-card" data-code={q.code}>
      <div className={c.body}>
        <div className={c.head}>
          <p className={c.code}>{q.code}</p>
          <span className={c[quotationStatusColor(shown)]} data-testid="status-badge">
            {quotationStatusLabel(shown)}
          </span>
        </div>
        <p className={customer ? c.customer : c.customerMissing}>{customerColumn({ q, customer, removedCustomer }, QT.noCustomer)}</p>
        <PlainField c={c} label={QT.validity} value={formatDate(q.validity_date) || QT.none} />
        <PlainField c={c} label={QT.col.total} value={formatBRL(q.total_amount)} />
        {q.description && <p className={open ? c.description : c.descriptionClamped}>{q.description}</p>}
        <PlainField c={c} label={QT.paymentMethod} value={q.payment_method || QT.none} />
        <PlainField c={c} label={QT.deadline} value={q.execution_deadline || QT.none} />
        {open && <Details q={q} />}
        <button type="button" className={c.toggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? <ChevronUp size={14} /> : <ChevronDown size={14} />}
          {open ? QT.less : QT.more}
        </button>
        <div className={c.actions}>
          {rowActionItems({ q, actions, onEdit, compact: true }).map((it) => (
            <button key={it.key} type="button" className={it.red ? c.actionRed : c.action} onClick={it.run}>
              {it.icon}
              {it.label}
            </button>
          ))}
          <LaunchButton q={q} {...launch} />
          <WorkOrderButton q={q} onOpenWorkOrder={onOpenWorkOrder} onViewWorkOrder={onViewWorkOrder} workOrderQuotationIds={workOrderQuotationIds} />
        </div>
      </div>
    </div>
  );
});

/** The cards of a page, with their classes made once. */
export function QuotationCards({ rows, ...rest }: Omit<Props, 'q' | 'customer' | 'removedCustomer'> & { rows: { q: QuotationDoc; customer: CustomerDoc | null; removedCustomer?: string }[] }) {
  return (
    <KitClassNames styles={CARD_STYLES}>
      {(c) => (
        <div className={c.list}>
          {rows.map((r) => (
            <QuotationCard key={r.q.id} q={r.q} customer={r.customer} removedCustomer={r.removedCustomer} c={c} {...rest} />
          ))}
        </div>
      )}
    </KitClassNames>
  );
}
