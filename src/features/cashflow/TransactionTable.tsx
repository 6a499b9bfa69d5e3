/**
 * Wide screens: Tipo, Descrição, Valor, Data, Status, Registrado por, Ações. Only the page's rows,
 * drawn as plain elements with the kit's classes made once per render (KitClassNames): the kit's
 * components cost most of a cold open's rendering with data (issue 33).
 */
import { memo } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { iconButtonStyles, KitClassNames, tableStyles } from '../../ui/KitClassNames';
import { TX_BADGES } from './badgeStyles';
import { TableScroll } from '../../ui/ScrollRegion';
import { CASHFLOW_TEXT as T } from './messages';
import type { RowView } from './rowView';

interface Props {
  rows: RowView[];
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

const table = tableStyles({ interactive: true });
const truncate = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

const STYLES = {
  ...table,
  cellTitle: { ...table.cell, maxW: 'xs' },
  cellBy: { ...table.cell, maxW: '48' },
  cellNowrap: { ...table.cell, whiteSpace: 'nowrap' },
  amountIn: { ...table.cell, textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: 'green.fg' },
  amountOut: { ...table.cell, textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: 'red.fg' },
  truncate,
  by: { ...truncate, fontSize: 'sm' },
  small: { ...truncate, fontSize: 'xs', color: 'fg.muted' },
  due: { fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' },
  actions: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '1' },
  edit: iconButtonStyles('ghost', 'xs'),
  remove: iconButtonStyles('ghost', 'xs', 'red'),
  ...TX_BADGES,
};

export const TransactionTable = memo(function TransactionTable({ rows, onEdit, onDelete }: Props) {
  return (
    <TableScroll label="Lançamentos">
      <KitClassNames styles={STYLES}>
        {(c) => (
          <table className={c.root} aria-label={T.listLabel}>
            <thead className={c.header}>
              <tr className={c.row}>
                <th className={c.head}>{T.colType}</th>
                <th className={c.head}>{T.colDescription}</th>
                <th className={c.headEnd}>{T.colAmount}</th>
                <th className={c.head}>{T.colDate}</th>
                <th className={c.head}>{T.colStatus}</th>
                <th className={c.head}>{T.colBy}</th>
                <th className={c.headEnd}>{T.colActions}</th>
              </tr>
            </thead>
            <tbody className={c.body}>
              {rows.map((r) => (
                <tr key={r.id} className={c.row} data-testid="transaction-row">
                  <td className={c.cell}>
                    <span className={c[r.type]}>{r.typeLabel}</span>
                  </td>
                  <td className={c.cellTitle}>
                    <p className={c.truncate} title={r.title}>
                      {r.title}
                    </p>
                    {r.detail && <p className={c.small}>{r.detail}</p>}
                  </td>
                  <td className={r.type === 'entrada' ? c.amountIn : c.amountOut}>{r.amount}</td>
                  <td className={c.cellNowrap}>{r.date}</td>
                  <td className={c.cell}>
                    <span className={c[r.statusColor as 'green']} data-testid="transaction-status">
                      {r.statusLabel}
                    </span>
                    {r.due && (
                      <p className={c.due}>
                        {T.due} {r.due}
                      </p>
                    )}
                  </td>
                  <td className={c.cellBy}>
                    <p className={c.by} title={r.by}>
                      {r.by}
                    </p>
                  </td>
                  <td className={c.cell}>
                    <div className={c.actions}>
                      <button type="button" className={c.edit} aria-label={T.editAria(r.title)} title={T.edit} onClick={() => onEdit(r.id)}>
                        <Pencil />
                      </button>
                      <button type="button" className={c.remove} aria-label={T.removeAria(r.title)} title={T.remove} onClick={() => onDelete(r.id)}>
                        <Trash2 />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </KitClassNames>
    </TableScroll>
  );
});
