/** Materiais usados: pick a stock item and a quantity (the stock goes down); a line removed goes back. */
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Field, HStack, IconButton, Input, NativeSelect, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Undo2 } from 'lucide-react';
import { useCatalog } from '../../data/db/catalog';
import { useStockItems } from '../../data/db/stock';
import { workOrderCommands } from '../../data/db/work-orders';
import type { MaterialUsed } from '../../domain/work-orders';
import { formatQuantity, parseQuantity, productLabel } from '../../domain/stock';
import { SV } from './messages';
import { attempt, done } from './toast';

/**
 * Item labels as the stock screen shows them ('Metalon Aço Carbono 2 mm 6000 mm'). labelOf is null
 * until both the stock and the catalogue are read: before, a line would read '— — 2', then the
 * item's id, for a second or two (issue 39 §4).
 */
function useItemLabels(): { options: { id: string; label: string; quantity: number }[]; labelOf: (id: string) => string | null } {
  const { items, loading: itemsLoading } = useStockItems();
  const { entries, loading: catalogLoading } = useCatalog();
  const loading = itemsLoading || catalogLoading;
  return useMemo(() => {
    const byId = new Map(entries.map((e) => [e.id, e]));
    const name = (id: string) => byId.get(id)?.name ?? null;
    const options = items
      .map((item) => {
        const t = byId.get(item.thickness_id);
        const label = productLabel({
          type: name(item.type_id),
          material: name(item.material_id),
          thickness: t ? { value: t.value ?? null, unit: t.unit ?? 'mm', name: t.name } : null,
          dimension: name(item.dimension_id),
        });
        return { id: item.id, label: label || item.description || item.id, quantity: item.quantity };
      })
      .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
    const labels = new Map(options.map((o) => [o.id, o.label]));
    return { options, labelOf: (id: string) => (loading ? null : (labels.get(id) ?? '—')) };
  }, [items, entries, loading]);
}

export function Materials({ orderId, materials }: { orderId: string; materials: MaterialUsed[] }) {
  const { options, labelOf } = useItemLabels();
  const [itemId, setItemId] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = options.find((o) => o.id === itemId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const q = parseQuantity(amount);
    if (!itemId) return setError(SV.chooseItem);
    if (q === null || q <= 0) return setError('Informe uma quantidade maior que zero.');
    setBusy(true);
    const ok = await attempt(() => workOrderCommands.useMaterial(orderId, itemId, q));
    setBusy(false);
    if (ok) {
      setAmount('');
      setItemId('');
      done(SV.materialAdded);
    }
  };

  return (
    <Stack gap="3">
      {materials.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {SV.noMaterials}
        </Text>
      ) : (
        <Stack gap="1" as="ul" listStyleType="none">
          {materials.map((m) => {
            const label = labelOf(m.stock_item_id);
            return (
              <HStack as="li" key={m.stock_item_id} justify="space-between" borderBottomWidth="1px" py="1" data-testid="work-order-material">
                {label === null ? (
                  <HStack gap="2" flex="1" aria-busy="true">
                    <VisuallyHidden>{SV.materialLoading}</VisuallyHidden>
                    <Skeleton height="1.1em" flex="1" maxW="16rem" data-testid="material-skeleton" />
                    <Skeleton height="1.1em" width="2.5rem" />
                  </HStack>
                ) : (
                  <Text>
                    {label} — <Text as="span" fontWeight="semibold">{formatQuantity(m.quantity)}</Text>
                  </Text>
                )}
                <IconButton
                  size="md"
                  variant="ghost"
                  disabled={label === null}
                  aria-label={SV.removeMaterial(label ?? '')}
                  title={SV.removeMaterial(label ?? '')}
                  onClick={async () => {
                    if (await attempt(() => workOrderCommands.returnMaterial(orderId, m.stock_item_id))) done(SV.materialReturned);
                  }}
                >
                  <Undo2 />
                </IconButton>
              </HStack>
            );
          })}
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="2" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'end' }}>
          <Field.Root flex="2" invalid={!!error && !itemId}>
            <Field.Label>{SV.item}</Field.Label>
            <NativeSelect.Root size="lg">
              <NativeSelect.Field name="stock_item_id" value={itemId} onChange={(e) => { setItemId(e.target.value); setError(null); }}>
                <option value="">{SV.chooseItem}</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label} ({formatQuantity(o.quantity)})
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {chosen && <Field.HelperText>{SV.inStock(formatQuantity(chosen.quantity))}</Field.HelperText>}
          </Field.Root>
          <Field.Root flex="1" invalid={!!error && !!itemId}>
            <Field.Label>{SV.quantity}</Field.Label>
            <Input name="material_quantity" size="lg" inputMode="decimal" value={amount} onChange={(e) => { setAmount(e.target.value); setError(null); }} />
          </Field.Root>
          <Button type="submit" size="lg" colorPalette="blue" variant="outline" loading={busy}>
            {SV.addMaterial}
          </Button>
        </Stack>
        {error && (
          <Text color="fg.error" fontSize="sm" mt="1" role="alert">
            {error}
          </Text>
        )}
      </form>
    </Stack>
  );
}
