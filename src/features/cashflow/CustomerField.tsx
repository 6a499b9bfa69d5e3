/**
 * Entrada's customer: typing searches (case- and accent-insensitive); choosing one selects it.
 * A chosen customer shows as a tag with 'Trocar'. The form decides what happens to a name
 * typed without choosing (lookup, offer, or the new-customer dialog).
 */
import { useMemo, useState } from 'react';
import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { CustomerDoc } from '@shared';
import { matchesSearch } from '../../domain/search';
import { CASHFLOW_TEXT as T } from './messages';

interface Props {
  customers: readonly CustomerDoc[];
  query: string;
  onQueryChange: (q: string) => void;
  selected: CustomerDoc | null;
  onSelect: (c: CustomerDoc | null) => void;
  error?: string;
  disabled?: boolean;
}

const MAX_SUGGESTIONS = 6;

export function CustomerField({ customers, query, onQueryChange, selected, onSelect, error, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const suggestions = useMemo(() => {
    if (!query.trim()) return [];
    const out: CustomerDoc[] = [];
    for (const c of customers) {
      if (matchesSearch(query, [c.name, c.phone])) out.push(c);
      if (out.length >= MAX_SUGGESTIONS) break;
    }
    return out;
  }, [customers, query]);

  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>
        {T.customer} <Field.RequiredIndicator />
      </Field.Label>
      {selected ? (
        <HStack w="full" justify="space-between" borderWidth="1px" borderRadius="md" px="3" py="1.5" data-testid="selected-customer">
          <Text fontWeight="medium" truncate>
            {selected.name}
            <Text as="span" color="fg.muted" fontWeight="normal" ms="2" fontSize="sm">
              {selected.phone}
            </Text>
          </Text>
          <Button size="xs" variant="ghost" onClick={() => onSelect(null)} disabled={disabled}>
            {T.customerChange}
          </Button>
        </HStack>
      ) : (
        <Box position="relative" w="full">
          <Input
            name="customer"
            autoComplete="off"
            placeholder={T.customerPlaceholder}
            value={query}
            disabled={disabled}
            role="combobox"
            aria-expanded={open && suggestions.length > 0}
            aria-controls="cashflow-customer-options"
            onChange={(e) => {
              onQueryChange(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
          />
          {open && suggestions.length > 0 && (
            <Stack
              id="cashflow-customer-options"
              role="listbox"
              position="absolute"
              zIndex="dropdown"
              top="100%"
              insetX="0"
              mt="1"
              gap="0"
              bg="bg.panel"
              borderWidth="1px"
              borderRadius="md"
              shadow="md"
              maxH="60"
              overflowY="auto"
            >
              {suggestions.map((c) => (
                <Box
                  key={c.id}
                  as="button"
                  role="option"
                  textAlign="start"
                  px="3"
                  py="2"
                  _hover={{ bg: 'bg.muted' }}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    onSelect(c);
                    setOpen(false);
                  }}
                >
                  <Text>{c.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {c.phone}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
