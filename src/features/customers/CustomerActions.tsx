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

export function CustomerActions({
  customer,
  onDetails,
  onEdit,
  onDelete,
  showFix = true,
}: { customer: CustomerRow; showFix?: boolean } & CustomerActionHandlers) {
  const stop = (fn: (c: CustomerRow) => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn(customer);
  };
  return (
    <HStack gap="1" justify="flex-end" wrap="wrap" onClick={(e) => e.stopPropagation()}>
      {showFix && customer.refused && (
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

/** 'Corrigir' on its own (the table shows it under the refusal, keeping the actions column narrow). */
export function FixButton({ customer, onEdit }: { customer: CustomerRow; onEdit: (c: CustomerRow) => void }) {
  return (
    <Button
      size="xs"
      colorPalette="red"
      variant="solid"
      mt="1"
      onClick={(e) => {
        e.stopPropagation();
        onEdit(customer);
      }}
    >
      <Wrench aria-hidden /> {T.fix}
    </Button>
  );
}
