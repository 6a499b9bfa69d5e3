/** Which column fills each field: the first guess (matchHeaders), changeable per field. */
import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { ImportKind } from '../../domain/import/headers';
import { FIELD_LABELS, REQUIRED_FIELDS, type ColumnMapping, type DuplicatePolicy } from '../../domain/import/plan';
import { IMPORT_TEXT as T } from './messages';

interface Props {
  kind: ImportKind;
  headers: readonly string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  policy: DuplicatePolicy;
  onPolicyChange: (policy: DuplicatePolicy) => void;
}

export function MappingFields({ kind, headers, mapping, onChange, policy, onPolicyChange }: Props) {
  const labels = FIELD_LABELS[kind];
  return (
    <SimpleGrid columns={{ base: 2, lg: 3 }} gap="3">
      {Object.entries(labels).map(([field, label]) => {
        const required = REQUIRED_FIELDS[kind].includes(field);
        const value = mapping[field];
        return (
          <Field.Root key={field} required={required} invalid={required && (value === null || value === undefined)}>
            <Field.Label textStyle="sm">
              {label}
              {required && <Field.RequiredIndicator />}
            </Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={`Coluna de ${label}`}
                value={value === null || value === undefined ? '' : String(value)}
                onChange={(e) => onChange({ ...mapping, [field]: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
              >
                <option value="">{T.notImported}</option>
                {headers.map((h, i) => (
                  <option key={i} value={String(i)}>
                    {h || `Coluna ${i + 1}`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        );
      })}
      {kind === 'customers' && (
        <Field.Root>
          <Field.Label textStyle="sm">{T.duplicatesLabel}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field aria-label={T.duplicatesLabel} value={policy} onChange={(e) => onPolicyChange(e.currentTarget.value as DuplicatePolicy)}>
              <option value="skip">{T.duplicateSkip}</option>
              <option value="fill">{T.duplicateFill}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
    </SimpleGrid>
  );
}
