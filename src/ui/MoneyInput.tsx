/**
 * Money field: 'R$ ' prefix, '.' thousands, ',' decimals, 2 decimals (spec §5). The value is
 * integer cents; an empty field is 0, shown empty with the placeholder '0,00' — a tap puts the
 * caret at the end of whatever is shown, and digits typed after a shown '0,00' fell beyond the
 * two decimals (issue 29). Text is masked key by key (editMoneyText: the caret stays after the
 * digit just typed) and normalised on blur.
 */
import { forwardRef, useCallback, useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { editMoneyText, formatMoneyText, moneyFieldText, parseMoneyText } from '../domain/money-mask';

export type MoneyInputProps = Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> & {
  /** Integer cents. */
  valueCents: number;
  onChangeCents: (cents: number) => void;
};

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { valueCents, onChangeCents, onBlur, ...rest },
  ref,
) {
  const [text, setText] = useState(() => moneyFieldText(valueCents));
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  const setRefs = useCallback((el: HTMLInputElement | null) => {
    input.current = el;
    assignRef(ref, el);
  }, [ref]);

  // Follow changes made from outside (a recalculated total, a reset form) but never rewrite
  // what the user is typing when it already means the same amount ('1,5' vs '1,50').
  useEffect(() => {
    setText((current) => (parseMoneyText(current) === valueCents ? current : moneyFieldText(valueCents)));
  }, [valueCents]);

  // React puts the caret at the end when it rewrites a controlled value: put it back after the
  // digit just typed.
  useLayoutEffect(() => {
    const el = input.current;
    if (el && caret.current !== null && document.activeElement === el) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  return (
    <InputGroup startElement="R$" startElementProps={{ color: 'fg.muted', pointerEvents: 'none' }}>
      <Input
        ref={setRefs}
        inputMode="decimal"
        autoComplete="off"
        placeholder={formatMoneyText(0)}
        {...rest}
        value={text}
        onChange={(e) => {
          const el = e.target;
          const inputType = (e.nativeEvent as InputEvent).inputType;
          const edit = editMoneyText(text, el.value, el.selectionStart ?? el.value.length, inputType);
          caret.current = edit.caret;
          setText(edit.text);
          // The same text again (a digit not taken): React keeps the DOM's raw value unless told.
          if (edit.text === text) {
            el.value = edit.text;
            el.setSelectionRange(edit.caret, edit.caret);
          }
          onChangeCents(parseMoneyText(edit.text));
        }}
        onBlur={(e) => {
          setText(moneyFieldText(parseMoneyText(text)));
          onBlur?.(e);
        }}
      />
    </InputGroup>
  );
});
