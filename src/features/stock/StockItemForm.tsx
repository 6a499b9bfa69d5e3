/** 'Cadastro de Item' (and 'Editar Item'): the catalogue selects, dimension free or picked, quantities. */
import { thicknessDisplay } from '../../domain/catalog';
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { FormDialog } from '../../ui/FormDialog';
import { catalogNameKey, type CatalogKind } from '@shared';
import { stockCommands, type StockItemWithQuantity } from '../../data/db/stock';
import { parseQuantity, validateStockForm, type StockFormErrors, type StockFormValues } from '../../domain/stock';
import { toaster } from '../../ui/toaster';
import { STOCK_TEXT as T } from './messages';
import type { CatalogLookup } from './useCatalogLookup';

interface Props {
  open: boolean;
  item: StockItemWithQuantity | null;
  lookup: CatalogLookup;
  onClose: () => void;
}

const EMPTY: StockFormValues = {
  category_id: '',
  type_id: '',
  material_id: '',
  thickness_id: '',
  dimension: '',
  quantity: '',
  minimum_quantity: '',
  description: '',
};

function initial(item: StockItemWithQuantity | null, lookup: CatalogLookup): StockFormValues {
  if (!item) return EMPTY;
  return {
    category_id: item.category_id,
    type_id: item.type_id,
    material_id: item.material_id,
    thickness_id: item.thickness_id,
    dimension: lookup.name(item.dimension_id) ?? '',
    quantity: '',
    minimum_quantity: String(item.minimum_quantity).replace('.', ','),
    description: item.description ?? '',
  };
}

export function StockItemForm({ open, item, lookup, onClose }: Props) {
  const [values, setValues] = useState<StockFormValues>(() => initial(item, lookup));
  const [errors, setErrors] = useState<StockFormErrors>({});
  const [saving, setSaving] = useState(false);
  const editing = item !== null;
  const types = useMemo(
    () => lookup.list('type').filter((t) => t.parent_id === values.category_id || t.id === values.type_id),
    [lookup, values.category_id, values.type_id],
  );

  const set = (k: keyof StockFormValues, v: string) => {
    const next = { ...values, [k]: v };
    if (k === 'category_id' && lookup.byId.get(values.type_id)?.parent_id !== v) next.type_id = '';
    setValues(next);
    if (errors[k]) setErrors({ ...errors, [k]: undefined });
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const found = validateStockForm(values, { editing });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const key = catalogNameKey(values.dimension);
    const existing = lookup.list('dimension').find((d) => catalogNameKey(d.name) === key);
    const dimension = existing ? { id: existing.id } : { text: values.dimension };
    const common = {
      category_id: values.category_id,
      type_id: values.type_id,
      material_id: values.material_id,
      thickness_id: values.thickness_id,
      dimension,
      minimum_quantity: parseQuantity(values.minimum_quantity) ?? 0,
      description: values.description,
    };
    setSaving(true);
    try {
      if (item) {
        await stockCommands.update(item.id, common);
        toaster.create({ type: 'success', title: T.updatedTitle, description: T.updated });
      } else {
        await stockCommands.create({ ...common, quantity: parseQuantity(values.quantity) ?? 0 });
        toaster.create({ type: 'success', title: T.createdTitle, description: T.created });
      }
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: T.errorTitle, description: err instanceof Error ? err.message : String(err) });
    } finally {
      setSaving(false);
    }
  }

  const select = (k: keyof StockFormValues, label: string, kind: CatalogKind, options = lookup.list(kind), placeholder: string = T.select) => (
    <Field.Root invalid={!!errors[k]} required>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={k} value={values[k]} onChange={(e) => set(k, e.currentTarget.value)}>
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {kind === 'thickness' ? thicknessDisplay(o) : o.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {errors[k] && <Field.ErrorText>{errors[k]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? T.editTitle : T.formTitle}
      size="lg"
      onSubmit={onSubmit}
      closeLabel={T.close}
      keepOpenOnOutsideClick
      lazy={false}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" loading={saving} loadingText={T.saving}>
            {T.save}
          </Button>
        </>
      }
    >
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {select('category_id', T.category, 'category')}
            {select('type_id', T.type, 'type', types, values.category_id ? T.select : T.selectCategoryFirst)}
            {select('material_id', T.material, 'material')}
            {select('thickness_id', T.thickness, 'thickness')}
          </SimpleGrid>
          <Field.Root invalid={!!errors.dimension} required>
            <Field.Label>{T.dimension}</Field.Label>
            <Input
              name="dimension"
              list="stock-dimensions"
              placeholder={T.dimensionPlaceholder}
              value={values.dimension}
              onChange={(e) => set('dimension', e.target.value)}
              autoComplete="off"
            />
            <datalist id="stock-dimensions">
              {lookup.list('dimension').map((d) => (
                <option key={d.id} value={d.name} />
              ))}
            </datalist>
            {errors.dimension ? <Field.ErrorText>{errors.dimension}</Field.ErrorText> : <Field.HelperText>{T.dimensionHint}</Field.HelperText>}
          </Field.Root>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {!editing && (
              <Field.Root invalid={!!errors.quantity} required>
                <Field.Label>{T.quantity}</Field.Label>
                <Input name="quantity" inputMode="decimal" value={values.quantity} onChange={(e) => set('quantity', e.target.value)} />
                {errors.quantity ? <Field.ErrorText>{errors.quantity}</Field.ErrorText> : <Field.HelperText>{T.quantityHint}</Field.HelperText>}
              </Field.Root>
            )}
            <Field.Root invalid={!!errors.minimum_quantity}>
              <Field.Label>{T.minimum}</Field.Label>
              <Input
                name="minimum_quantity"
                inputMode="decimal"
                value={values.minimum_quantity}
                onChange={(e) => set('minimum_quantity', e.target.value)}
              />
              {errors.minimum_quantity && <Field.ErrorText>{errors.minimum_quantity}</Field.ErrorText>}
            </Field.Root>
          </SimpleGrid>
          <Field.Root>
            <Field.Label>{T.description}</Field.Label>
            <Textarea name="description" value={values.description} onChange={(e) => set('description', e.target.value)} rows={2} />
          </Field.Root>
        </Stack>
    </FormDialog>
  );
}
