/**
 * 'Dados fiscais (para nota fiscal)' of the customer form (issue 38): the shell around the shared
 * field block (src/ui/FiscalFields.tsx — CPF/CNPJ, CEP, address, Município, the same the Emitir
 * NFS-e dialog edits), all optional here. Below Nome, Telefone, WhatsApp and Descrição, folded
 * away until tapped on a new customer (a 390 px phone keeps the main fields in view); open when
 * the customer has fiscal data or one of the fields is refused. The Município list loads only
 * once the section is open (the block is not mounted before).
 */
import { useId } from 'react';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { FiscalDraft, FiscalErrors } from '../../domain/customer-fiscal';
import { FiscalFields } from '../../ui/FiscalFields';
import { CUSTOMER_TEXT as T } from './messages';

export interface CustomerFiscalFieldsProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: FiscalDraft;
  onChange: (patch: Partial<FiscalDraft>) => void;
  errors: FiscalErrors;
}

export function CustomerFiscalFields({ open, onOpenChange, draft, onChange, errors }: CustomerFiscalFieldsProps) {
  const contentId = useId();
  return (
    <Box borderTopWidth="1px" pt="2">
      <Button
        variant="ghost"
        size="sm"
        px="1"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
        {T.fiscalSection}
      </Button>
      {open && (
        <Stack id={contentId} gap="3" mt="2">
          <Text fontSize="sm" color="fg.muted">
            {T.fiscalHint}
          </Text>
          <FiscalFields draft={draft} onChange={onChange} errors={errors} />
        </Stack>
      )}
    </Box>
  );
}
