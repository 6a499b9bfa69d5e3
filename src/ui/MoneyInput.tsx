/**
 * Money field: 'R$ ' prefix, '.' thousands, ',' decimals, 2 decimals (spec §5). The value is
 * integer cents; an empty field is 0. Text is masked as typed and normalised on blur.
 */
import { forwardRef, useEffect, useState } from 'react';
import { Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { formatMoneyText, maskMoneyText, parseMoneyText } from '../domain/money-mask';

export type MoneyInputProps = Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> & {
  /** Integer cents. */
  valueCents: number;
  onChangeCents: (cents: number) => void;
};

export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { valueCents, onChangeCents, onBlur, ...rest },
  ref,
) {
  const [text, setText] = useState(() => formatMoneyText(valueCents));
  // Follow changes made from outside (a recalculated total, a reset form) but never rewrite
  // what the user is typing when it already means the same amount ('1,5' vs '1,50').
  useEffect(() => {
    setText((current) => (parseMoneyText(current) === valueCents ? current : formatMoneyText(valueCents)));
  }, [valueCents]);

  return (
    <InputGroup startElement="R$" startElementProps={{ color: 'fg.muted', pointerEvents: 'none' }}>
      <Input
        ref={ref}
        inputMode="decimal"
        autoComplete="off"
        {...rest}
        value={text}
        onChange={(e) => {
          const masked = maskMoneyText(e.target.value);
          setText(masked);
          onChangeCents(parseMoneyText(masked));
        }}
        onBlur={(e) => {
          setText(formatMoneyText(parseMoneyText(text)));
          onBlur?.(e);
        }}
      />
    </InputGroup>
  );
});
