/**
 * A text field whose punctuation is put in as the person types (CPF/CNPJ, CEP: src/domain/
 * fiscal-mask.ts): `edit` turns each keystroke or paste into the masked text and where the caret
 * goes, which is put back after React rewrites the value (as MoneyInput does) — a character typed
 * in the middle lands where the thumb put it, and backspace over a separator is never eaten.
 */
import { forwardRef, useCallback, useLayoutEffect, useRef, type Ref } from 'react';
import { Input, type InputProps } from '@chakra-ui/react';
import type { MaskEdit } from '../domain/fiscal-mask';

export type MaskedInputProps = Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The masked text shown. */
  value: string;
  onValueChange: (text: string) => void;
  edit: (previous: string, raw: string, caret: number, inputType?: string) => MaskEdit;
};

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

export const MaskedInput = forwardRef<HTMLInputElement, MaskedInputProps>(function MaskedInput({ value, onValueChange, edit, ...rest }, ref) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  const setRefs = useCallback(
    (el: HTMLInputElement | null) => {
      input.current = el;
      assignRef(ref, el);
    },
    [ref],
  );

  useLayoutEffect(() => {
    const el = input.current;
    if (el && caret.current !== null && document.activeElement === el) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  return (
    <Input
      ref={setRefs}
      autoComplete="off"
      spellCheck={false}
      {...rest}
      value={value}
      onChange={(e) => {
        const el = e.target;
        const next = edit(value, el.value, el.selectionStart ?? el.value.length, (e.nativeEvent as InputEvent).inputType);
        caret.current = next.caret;
        // The same text again (a character not taken): React keeps the DOM's raw value unless told.
        if (next.text === value) {
          el.value = next.text;
          el.setSelectionRange(next.caret, next.caret);
        }
        onValueChange(next.text);
      }}
    />
  );
});
