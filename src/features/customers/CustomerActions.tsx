/** Row/card actions: details, edit, delete — and 'Corrigir' for a customer the server refused. */
import { Button, HStack, IconButton } from '@chakra-ui/react';
import { Eye, Pencil, Trash2, Wrench } from 'lucide-react';
import type { CustomerRow } from '../../data/db/customers';
import { CUSTOMER_TEXT as T } from './messages';

export interface CustomerActionHandlers {
  onDetails: (c: CustomerRow) => void;
  onEdit: (c: CustomerRow) => void;
  onDelete: (c: CustomerRow) => void;
}

export function CustomerActions({ customer, onDetails, onEdit, onDelete }: { customer: CustomerRow } & CustomerActionHandlers) {
  const stop = (fn: (c: CustomerRow) => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn(customer);
  };
  return (
    <HStack gap="1" justify="flex-end" onClick={(e) => e.stopPropagation()}>
      {customer.refused && (
        <Button size="xs" colorPalette="red" variant="solid" onClick={stop(onEdit)}>
          <Wrench aria-hidden /> {T.fix}
        </Button>
      )}
      <IconButton size="sm" variant="ghost" aria-label={`${T.details}: ${customer.name}`} title={T.details} onClick={stop(onDetails)}>
        <Eye />
      </IconButton>
      <IconButton size="sm" variant="ghost" aria-label={`${T.edit}: ${customer.name}`} title={T.edit} onClick={stop(onEdit)}>
        <Pencil />
      </IconButton>
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={`${T.delete}: ${customer.name}`}
        title={T.delete}
        onClick={stop(onDelete)}
      >
        <Trash2 />
      </IconButton>
    </HStack>
  );
}
