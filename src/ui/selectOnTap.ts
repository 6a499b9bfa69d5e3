import type { FocusEvent, MouseEvent } from 'react';

/**
 * Props for a small number field that already shows a value (a material's quantity starts at 1):
 * the tap that focuses it selects what is there, so the digits typed next replace it — as a
 * thumb expects — instead of landing after it ('1' + 6 gave 16). The click that follows the focus
 * would put the caret back at the tap, so its mouseup is cancelled and it selects again; later
 * taps place the caret as usual.
 */
// setSelectionRange rather than select(): iOS Safari ignores select() on a field it has just focused.
const selectAll = (el: HTMLInputElement) => el.setSelectionRange(0, el.value.length);

export const selectAllOnTap = {
  onFocus(e: FocusEvent<HTMLInputElement>) {
    e.currentTarget.dataset.justFocused = '1';
    selectAll(e.currentTarget);
  },
  // The mouseup of the focusing tap would collapse the selection to the tap (WebKit does).
  onMouseUp(e: MouseEvent<HTMLInputElement>) {
    if (e.currentTarget.dataset.justFocused === '1') e.preventDefault();
  },
  onClick(e: MouseEvent<HTMLInputElement>) {
    if (e.currentTarget.dataset.justFocused !== '1') return;
    delete e.currentTarget.dataset.justFocused;
    selectAll(e.currentTarget);
  },
  onBlur(e: FocusEvent<HTMLInputElement>) {
    delete e.currentTarget.dataset.justFocused;
  },
};
