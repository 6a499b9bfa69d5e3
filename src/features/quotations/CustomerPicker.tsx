/**
 * The form's customer search: from 2 trimmed characters, 300 ms after the last key, names
 * containing the text (case/accent-insensitive), at most 5; '+' registers a new customer.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Check, Plus } from 'lucide-react';
import type { CustomerDoc } from '@shared';
import { quotationCommands } from '../../data/db/quotations';
import { CUSTOMER_SEARCH_DEBOUNCE_MS, customerSearchQuery } from '../../domain/quotation-form';
import { formatPhoneBR } from '../../domain/whatsapp';
import { toaster } from '../../ui/toaster';
import { FORM_TEXT as F } from './messages';
import type { CustomerFormDialogComponent } from './types';

type Props = {
  selected: CustomerDoc | null;
  onSelect: (c: CustomerDoc | null) => void;
  error?: string;
  CustomerFormDialog: CustomerFormDialogComponent;
};

export function CustomerPicker({ selected, onSelect, error, CustomerFormDialog }: Props) {
  const [text, setText] = useState(selected?.name ?? '');
  const [found, setFound] = useState<{ query: string; list: CustomerDoc[] }>({ query: '', list: [] });
  const [dialogOpen, setDialogOpen] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    const q = customerSearchQuery(text);
    const mine = ++seq.current;
    if (q === null || (selected && text === selected.name)) return;
    const t = setTimeout(async () => {
      const list = await quotationCommands.searchCustomers(q);
      if (mine !== seq.current) return;
      setFound({ query: text, list });
      if (list.length === 0) toaster.create({ type: 'info', title: F.notFoundTitle, description: F.notFound });
    }, CUSTOMER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, selected]);

  // Results belong to the text they were found for; a selection or a shorter text hides them.
  const results = found.query === text && !(selected && text === selected.name) && customerSearchQuery(text) !== null ? found.list : [];
  const choose = (c: CustomerDoc) => {
    onSelect(c);
    setText(c.name);
  };

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{F.customer}</Field.Label>
      <HStack w="full" gap="2">
        <Input
          value={text}
          placeholder={F.customerPlaceholder}
          autoComplete="off"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls="quotation-customer-results"
          onChange={(e) => {
            const v = e.target.value;
            setText(v);
            if (v.trim() === '' || (selected && v !== selected.name)) onSelect(null);
          }}
        />
        <IconButton aria-label={F.newCustomer} title={F.newCustomer} colorPalette="blue" variant="outline" onClick={() => setDialogOpen(true)}>
          <Plus />
        </IconButton>
      </HStack>
      {results.length > 0 && (
        <Stack id="quotation-customer-results" role="listbox" gap="0" w="full" borderWidth="1px" rounded="md" mt="1" overflow="hidden">
          {results.map((c) => (
            <Button key={c.id} role="option" aria-selected={false} variant="ghost" justifyContent="start" rounded="0" onClick={() => choose(c)}>
              <Box textAlign="start">
                <Text>{c.name}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatPhoneBR(c.phone)}
                </Text>
              </Box>
            </Button>
          ))}
        </Stack>
      )}
      {selected && (
        <Text fontSize="sm" color="green.fg" display="flex" alignItems="center" gap="1" data-testid="selected-customer">
          <Check size={14} /> {F.selected}: {selected.name} · {formatPhoneBR(selected.whatsapp || selected.phone)}
        </Text>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
      <CustomerFormDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        initialName={selected ? '' : text.trim()}
        onSaved={(c) => {
          setDialogOpen(false);
          choose(c);
        }}
      />
    </Field.Root>
  );
}
