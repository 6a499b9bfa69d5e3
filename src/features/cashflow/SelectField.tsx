/** A labelled native select (fast and accessible on phones). */
import { Field, NativeSelect } from '@chakra-ui/react';

export interface Option {
  value: string;
  label: string;
}

interface Props {
  label: string;
  name: string;
  value: string;
  options: readonly Option[];
  onChange: (v: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

export function SelectField({ label, name, value, options, onChange, disabled, placeholder }: Props) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
