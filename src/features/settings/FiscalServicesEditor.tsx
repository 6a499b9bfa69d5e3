/**
 * The shop's services in Configurações › Fiscal: code of the Lista de Serviços Nacional typed as
 * 14.01.01 (punctuated as typed) and the description the Emitir NFS-e dialog starts from. On a
 * phone each service is a small block (code and remove on one line, the description below); on a
 * wide screen one row.
 */
import { Box, Button, Field, Grid, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { FISCAL_SERVICES_MAX, type ServiceDraft, type ServiceRowErrors } from '../../domain/fiscal-settings';
import { editServiceCodeText } from '../../domain/fiscal-mask';
import { MaskedInput } from '../../ui/MaskedInput';
import { SETTINGS_TEXT } from './messages';

const T = SETTINGS_TEXT.fiscal;

export interface FiscalServicesEditorProps {
  services: ServiceDraft[];
  onChange: (services: ServiceDraft[]) => void;
  rowErrors?: ServiceRowErrors[];
  listError?: string;
}

export function FiscalServicesEditor({ services, onChange, rowErrors = [], listError }: FiscalServicesEditorProps) {
  const setRow = (i: number, patch: Partial<ServiceDraft>) => onChange(services.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Stack gap="3" data-testid="fiscal-services">
      {services.map((s, i) => {
        const err = rowErrors[i] ?? {};
        // On a wide screen the rows line up under the first row's labels (kept for screen readers).
        const label = i > 0 ? { srOnly: { base: false, md: true } } : {};
        return (
          // Rows have no id of their own: the index is their identity while the list is edited.
          <Grid
            key={i}
            templateColumns={{ base: 'minmax(0, 9rem) 1fr', md: '9rem 1fr auto' }}
            gap="2"
            alignItems="start"
            borderWidth={{ base: '1px', md: '0' }}
            rounded="md"
            p={{ base: '3', md: '0' }}
          >
            <Field.Root invalid={Boolean(err.code)}>
              <Field.Label {...label}>{T.serviceCode}</Field.Label>
              <MaskedInput
                name={`service-code-${i}`}
                value={s.code}
                onValueChange={(code) => setRow(i, { code })}
                edit={editServiceCodeText}
                inputMode="numeric"
                placeholder="14.01.01"
                maxLength={8}
              />
              <Field.ErrorText>{err.code}</Field.ErrorText>
            </Field.Root>
            <Box gridColumn={{ base: '2', md: '3' }} gridRow="1" justifySelf="end" pt={{ base: '0', md: i === 0 ? '8' : '1' }}>
              <IconButton aria-label={T.removeService(s.code)} variant="ghost" colorPalette="red" size="sm" onClick={() => onChange(services.filter((_, j) => j !== i))}>
                <Trash2 />
              </IconButton>
            </Box>
            <Field.Root invalid={Boolean(err.description)} gridColumn={{ base: '1 / -1', md: '2' }} gridRow={{ base: '2', md: '1' }}>
              <Field.Label {...label}>{T.serviceDescription}</Field.Label>
              {/* Grows with the text: a phone shows the whole description, not its first words. */}
              <Textarea
                name={`service-description-${i}`}
                value={s.description}
                onChange={(e) => setRow(i, { description: e.target.value })}
                autoComplete="off"
                maxLength={2000}
                rows={1}
                autoresize
              />
              <Field.ErrorText>{err.description}</Field.ErrorText>
            </Field.Root>
          </Grid>
        );
      })}
      {listError && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {listError}
        </Text>
      )}
      <Box>
        <Button variant="outline" size="sm" onClick={() => onChange([...services, { code: '', description: '' }])} disabled={services.length >= FISCAL_SERVICES_MAX}>
          <Plus /> {T.addService}
        </Button>
      </Box>
    </Stack>
  );
}
