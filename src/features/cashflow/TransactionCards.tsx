/**
 * Small screens: one card per transaction; 'Mais'/'Menos' shows Registrado por and Data e hora.
 * Plain elements with the kit's classes made once per render of the list (KitClassNames): a
 * phone's page of 20 cards was ~400 kit components resolving their styles (issue 33).
 */
import { memo, useState } from 'react';
import { KitClassNames, recipeStyles, slotRecipeStyles } from '../../ui/KitClassNames';
import { TX_BADGES } from './badgeStyles';
import { CASHFLOW_TEXT as T } from './messages';
import type { RowView } from './rowView';

interface Props {
  rows: RowView[];
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

const card = slotRecipeStyles('card', { size: 'sm' });
const truncate = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
const row = { display: 'flex', alignItems: 'center', gap: '2' } as const;

const STYLES = {
  list: { display: 'flex', flexDirection: 'column', gap: '2' },
  root: card.root,
  body: { ...card.body, gap: '2' },
  top: { ...row, justifyContent: 'space-between', alignItems: 'start' },
  titleBox: { minW: '0' },
  title: { ...truncate, fontWeight: 'medium' },
  detail: { ...truncate, fontSize: 'xs', color: 'fg.muted' },
  amountIn: { fontWeight: 'semibold', whiteSpace: 'nowrap', color: 'green.fg' },
  amountOut: { fontWeight: 'semibold', whiteSpace: 'nowrap', color: 'red.fg' },
  tags: { ...row, flexWrap: 'wrap' },
  date: { fontSize: 'xs', color: 'fg.muted' },
  more: { display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', bg: 'bg.muted', borderRadius: 'md', p: '2' },
  muted: { color: 'fg.muted' },
  bottom: { ...row, justifyContent: 'space-between' },
  buttons: row,
  toggle: recipeStyles('button', { variant: 'ghost', size: 'xs' }),
  edit: recipeStyles('button', { variant: 'outline', size: 'xs' }),
  remove: { ...recipeStyles('button', { variant: 'outline', size: 'xs' }), colorPalette: 'red' },
  ...TX_BADGES,
};
type Classes = { [K in keyof typeof STYLES]: string };

function TransactionCard({ r, c, onEdit, onDelete }: { r: RowView; c: Classes; onEdit: (id: string) => void; onDelete: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={c.root} data-testid="transaction-card">
      <div className={c.body}>
        <div className={c.top}>
          <div className={c.titleBox}>
            <p className={c.title}>{r.title}</p>
            {r.detail && <p className={c.detail}>{r.detail}</p>}
          </div>
          <p className={r.type === 'entrada' ? c.amountIn : c.amountOut}>{r.amount}</p>
        </div>
        <div className={c.tags}>
          <span className={c[r.type]}>{r.typeLabel}</span>
          <span className={c[r.statusColor as 'green']} data-testid="transaction-status">
            {r.statusLabel}
          </span>
          <p className={c.date}>
            {r.date}
            {r.due && ` · ${T.due} ${r.due}`}
          </p>
        </div>
        {open && (
          <div className={c.more}>
            <p>
              <span className={c.muted}>{T.byLabel}: </span>
              {r.by}
            </p>
            <p>
              <span className={c.muted}>{T.dateTime}: </span>
              {r.dateTime}
            </p>
          </div>
        )}
        <div className={c.bottom}>
          <button type="button" className={c.toggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? T.less : T.more}
          </button>
          <div className={c.buttons}>
            <button type="button" className={c.edit} onClick={() => onEdit(r.id)}>
              {T.edit}
            </button>
            <button type="button" className={c.remove} onClick={() => onDelete(r.id)}>
              {T.remove}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

export const TransactionCards = memo(function TransactionCards({ rows, onEdit, onDelete }: Props) {
  return (
    <KitClassNames styles={STYLES}>
      {(c) => (
        <div className={c.list} role="list" aria-label={T.listLabel}>
          {rows.map((r) => (
            <div role="listitem" key={r.id}>
              <TransactionCard r={r} c={c} onEdit={onEdit} onDelete={onDelete} />
            </div>
          ))}
        </div>
      )}
    </KitClassNames>
  );
});
