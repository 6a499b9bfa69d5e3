/**
 * The filter panel: a draft edited locally, put in the address by 'Aplicar Filtros'
 * (so a reload or a shared link shows the same list); 'Limpar Filtros' empties it.
 * Collapsible on small screens.
 */
import { memo, useState } from 'react';
import { Badge, Box, Button, Card, Collapsible, Field, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import { ChevronDown, ChevronUp, Filter } from 'lucide-react';
import { EMPTY_FILTERS, FILTER_KEYS, hasActiveFilters, type TransactionFilters } from '../../domain/transaction-filters';
import { TX_TYPE_LABELS } from '../../domain/transaction-rules';
import { CASHFLOW_TEXT as T } from './messages';
import { SelectField } from './SelectField';

interface Props {
  filters: TransactionFilters;
  onApply: (f: TransactionFilters) => void;
  narrow: boolean;
}

const TYPE_OPTIONS = (['entrada', 'saida', 'despesas'] as const).map((v) => ({ value: v, label: TX_TYPE_LABELS[v] }));
const METHOD_OPTIONS = [
  { value: 'pix', label: 'PIX' },
  { value: 'dinheiro', label: 'Dinheiro' },
  { value: 'cartao', label: 'Cartão' },
];
const STATUS_OPTIONS = [
  { value: 'pago', label: 'Pago' },
  { value: 'pendente', label: 'Pendente' },
  { value: 'atrasado', label: 'Atrasado' },
];
const FIXED_OPTIONS = [
  { value: 'true', label: T.fixedOnly },
  { value: 'false', label: T.fixedExcluded },
];

export const FiltersPanel = memo(function FiltersPanel({ filters, onApply, narrow }: Props) {
  const [draft, setDraft] = useState(filters);
  const [open, setOpen] = useState(false);
  // The address is the truth: back/forward or a shared link updates the panel.
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    setDraft(filters);
  }
  const set = (patch: Partial<TransactionFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const active = FILTER_KEYS.filter((k) => filters[k] !== '').length;

  const body = (
    <Box
      as="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 6 }} gap="3">
        <SelectField label={T.filterType} name="type" value={draft.type} placeholder={T.all} options={TYPE_OPTIONS} onChange={(v) => set({ type: v as TransactionFilters['type'] })} />
        <SelectField label={T.filterMethod} name="paymentMethod" value={draft.paymentMethod} placeholder={T.all} options={METHOD_OPTIONS} onChange={(v) => set({ paymentMethod: v as TransactionFilters['paymentMethod'] })} />
        <SelectField label={T.filterStatus} name="paymentStatus" value={draft.paymentStatus} placeholder={T.all} options={STATUS_OPTIONS} onChange={(v) => set({ paymentStatus: v as TransactionFilters['paymentStatus'] })} />
        <SelectField label={T.filterFixed} name="isFixedExpense" value={draft.isFixedExpense} placeholder={T.all} options={FIXED_OPTIONS} onChange={(v) => set({ isFixedExpense: v as TransactionFilters['isFixedExpense'] })} />
        <Field.Root>
          <Field.Label>{T.startDate}</Field.Label>
          <Input type="date" name="startDate" value={draft.startDate} onChange={(e) => set({ startDate: e.target.value })} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{T.endDate}</Field.Label>
          <Input type="date" name="endDate" value={draft.endDate} onChange={(e) => set({ endDate: e.target.value })} />
        </Field.Root>
      </SimpleGrid>
      <HStack justify="flex-end" mt="3" gap="2">
        <Button
          variant="outline"
          size="sm"
          disabled={!hasActiveFilters(filters) && !hasActiveFilters(draft)}
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            onApply(EMPTY_FILTERS);
          }}
        >
          {T.clear}
        </Button>
        <Button type="submit" size="sm" colorPalette="blue">
          {T.apply}
        </Button>
      </HStack>
    </Box>
  );

  if (!narrow) {
    return (
      <Card.Root size="sm" role="region" aria-label={T.filters}>
        <Card.Body>{body}</Card.Body>
      </Card.Root>
    );
  }
  return (
    <Collapsible.Root open={open} onOpenChange={(d) => setOpen(d.open)}>
      <Card.Root size="sm" role="region" aria-label={T.filters}>
        <Card.Body py="2">
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="sm" w="full" justifyContent="space-between" aria-label={open ? T.hideFilters : T.showFilters}>
              <HStack gap="2">
                <Filter size={16} />
                {T.filters}
                {active > 0 && (
                  <Badge colorPalette="blue" size="sm">
                    {active}
                  </Badge>
                )}
              </HStack>
              {open ? <ChevronUp size={16} /> : <ChevronDown size={16} />}
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Box pt="3">{body}</Box>
          </Collapsible.Content>
        </Card.Body>
      </Card.Root>
    </Collapsible.Root>
  );
});
