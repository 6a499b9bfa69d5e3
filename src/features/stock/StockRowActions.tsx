/**
 * The quantity with − and + (1 each click), plus Movimentar, Ver / editar and Excluir. Plain
 * elements with classes the list makes once per render (KitClassNames, issue 33): a page of 20
 * items was ~300 kit components resolving their styles.
 */
import { ArrowLeftRight, Eye, Minus, Plus, Trash2 } from 'lucide-react';
import { formatQuantity } from '../../domain/stock';
import { iconButtonStyles } from '../../ui/KitClassNames';
import { STOCK_TEXT as T } from './messages';

export const ROW_ACTION_STYLES = {
  stepper: { display: 'flex', alignItems: 'center', gap: '1' },
  step: iconButtonStyles('outline', 'xs'),
  quantity: { minW: '10', textAlign: 'center', fontWeight: 'semibold' },
  actions: { display: 'flex', alignItems: 'center', gap: '0' },
  action: iconButtonStyles('ghost', 'sm'),
  remove: iconButtonStyles('ghost', 'sm', 'red'),
};
export type RowActionClasses = { [K in keyof typeof ROW_ACTION_STYLES]: string };

interface QuantityProps {
  c: RowActionClasses;
  quantity: number;
  label: string;
  onPlus: () => void;
  onMinus: () => void;
}

export function QuantityStepper({ c, quantity, label, onPlus, onMinus }: QuantityProps) {
  return (
    <div className={c.stepper}>
      <button type="button" className={c.step} aria-label={`${T.minusOne}: ${label}`} onClick={onMinus}>
        <Minus />
      </button>
      <p className={c.quantity} data-testid="stock-quantity">
        {formatQuantity(quantity)}
      </p>
      <button type="button" className={c.step} aria-label={`${T.plusOne}: ${label}`} onClick={onPlus}>
        <Plus />
      </button>
    </div>
  );
}

interface ActionsProps {
  c: RowActionClasses;
  label: string;
  onMove: () => void;
  onView: () => void;
  onDelete: () => void;
}

export function RowActions({ c, label, onMove, onView, onDelete }: ActionsProps) {
  return (
    <div className={c.actions}>
      <button type="button" className={c.action} aria-label={`${T.move}: ${label}`} title={T.move} onClick={onMove}>
        <ArrowLeftRight />
      </button>
      <button type="button" className={c.action} aria-label={`${T.view}: ${label}`} title={T.view} onClick={onView}>
        <Eye />
      </button>
      <button type="button" className={c.remove} aria-label={`${T.remove}: ${label}`} title={T.remove} onClick={onDelete}>
        <Trash2 />
      </button>
    </div>
  );
}
