/**
 * Wide screens: Código, Cliente, Descrição, Valor Total, Status, Ações. The rows are plain
 * elements with the kit's classes made once per render (KitClassNames): the kit's components
 * cost most of a cold open's rendering with data (issue 33). The launch and work-order buttons
 * (accepted quotations only, with their own busy state) stay kit components.
 */
import { memo } from 'react';
import type { QuotationDoc } from '@shared';
import { formatBRL } from '../../domain/money';
import { quotationDisplayStatus, quotationStatusColor, quotationStatusLabel } from '../../domain/quotation-status';
import { iconButtonStyles, KitClassNames, tableStyles } from '../../ui/KitClassNames';
import { STATUS_BADGES } from './badgeStyles';
import { TableScroll } from '../../ui/ScrollRegion';
import { customerColumn, type QuotationRow } from './list-model';
import { QT } from './messages';
import { LaunchButton, rowActionItems, WorkOrderButton, type LaunchProps } from './RowActions';
import type { QuotationActions } from './useQuotationActions';

type Props = LaunchProps & { rows: QuotationRow[]; actions: QuotationActions; onEdit: (q: QuotationDoc) => void };

const table = tableStyles({ striped: true });

const STYLES = {
  ...table,
  code: { ...table.cell, fontFamily: 'mono', fontWeight: 'semibold', whiteSpace: 'nowrap' },
  description: { ...table.cell, maxW: 'xs' },
  total: { ...table.cell, textAlign: 'end', whiteSpace: 'nowrap' },
  clamp: { lineClamp: 2 },
  muted: { color: 'fg.muted' },
  actions: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '1' },
  action: iconButtonStyles('ghost', 'xs'),
  actionRed: iconButtonStyles('ghost', 'xs', 'red'),
  ...STATUS_BADGES,
};

export const QuotationsTable = memo(function QuotationsTable({ rows, actions, onEdit, onOpenWorkOrder, onViewWorkOrder, workOrderQuotationIds, ...launch }: Props) {
  const now = new Date();
  return (
    <TableScroll label="Lista de orçamentos">
      <KitClassNames styles={STYLES}>
        {(c) => (
          <table className={c.root} data-testid="quotations-table">
            <thead className={c.header}>
              <tr className={c.row}>
                <th className={c.head}>{QT.col.code}</th>
                <th className={c.head}>{QT.col.customer}</th>
                <th className={c.head}>{QT.col.description}</th>
                <th className={c.headEnd}>{QT.col.total}</th>
                <th className={c.head}>{QT.col.status}</th>
                <th className={c.head}>{QT.col.actions}</th>
              </tr>
            </thead>
            <tbody className={c.body}>
              {rows.map(({ q, customer, removedCustomer }) => {
                const shown = quotationDisplayStatus({ status: q.status, validity_date: q.validity_date }, now);
                return (
                  <tr key={q.id} className={c.row} data-testid="quotation-row" data-code={q.code}>
                    <td className={c.code}>{q.code}</td>
                    <td className={c.cell}>{customer?.name ?? <span className={c.muted}>{customerColumn({ q, customer, removedCustomer }, QT.noCustomer)}</span>}</td>
                    <td className={c.description}>
                      <p className={c.clamp} title={q.description}>
                        {q.description}
                      </p>
                    </td>
                    <td className={c.total}>{formatBRL(q.total_amount)}</td>
                    <td className={c.cell}>
                      <span className={c[quotationStatusColor(shown)]} data-testid="status-badge">
                        {quotationStatusLabel(shown)}
                      </span>
                    </td>
                    <td className={c.cell}>
                      <div className={c.actions}>
                        {rowActionItems({ q, actions, onEdit }).map((it) => (
                          <button key={it.key} type="button" className={it.red ? c.actionRed : c.action} aria-label={it.label} title={it.label} onClick={it.run}>
                            {it.icon}
                          </button>
                        ))}
                        <LaunchButton q={q} {...launch} />
                        <WorkOrderButton q={q} onOpenWorkOrder={onOpenWorkOrder} onViewWorkOrder={onViewWorkOrder} workOrderQuotationIds={workOrderQuotationIds} />
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </KitClassNames>
    </TableScroll>
  );
});
