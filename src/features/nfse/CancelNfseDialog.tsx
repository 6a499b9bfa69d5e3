/**
 * Cancelar NFS-e (issue 38, the owner only): cMotivo (Erro na emissão / Serviço não prestado /
 * Outros) and a Motivo of 15–255 characters. Stored on the device; the server sends the event.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { NFSE_CANCEL_REASONS, NFSE_CANCEL_TEXT_MAX, type NfseCancelReasonCode, type NfseDoc } from '@shared';
import { cancelReasonError } from '../../domain/nfse/request';
import { DataError } from '../../data/db/errors';
import { nfseCommands } from '../../data/db/nfse';
import { FormDialog } from '../../ui/FormDialog';
import { toaster } from '../../ui/toaster';
import { NF } from './messages';

type Props = { note: NfseDoc | null; onClose: () => void };

export function CancelNfseDialog({ note, onClose }: Props) {
  return (
    <FormDialog open={note !== null} onClose={onClose} title={NF.cancelTitle} keepOpenOnOutsideClick closeLabel={NF.close} testId="cancel-nfse">
      {note && <CancelForm note={note} onClose={onClose} />}
    </FormDialog>
  );
}

function CancelForm({ note, onClose }: { note: NfseDoc; onClose: () => void }) {
  const [code, setCode] = useState<NfseCancelReasonCode>((note.cancel_reason_code as NfseCancelReasonCode | null) ?? 1);
  const [reason, setReason] = useState(note.cancel_reason ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = cancelReasonError(reason);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await nfseCommands.cancel(note, code, reason);
      toaster.create({ type: 'success', title: NF.cancelAsk, duration: 3000 });
      onClose();
    } catch (err) {
      setError(err instanceof DataError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text fontWeight="semibold">{NF.authorized(note.number ?? '?')}</Text>
        <Field.Root>
          <Field.Label>{NF.cancelReasonCode}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="cancel_reason_code" value={String(code)} onChange={(e) => setCode(Number(e.currentTarget.value) as NfseCancelReasonCode)}>
              {Object.entries(NFSE_CANCEL_REASONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={error !== null} required>
          <Field.Label>{NF.cancelReason}</Field.Label>
          <Textarea name="cancel_reason" rows={3} maxLength={NFSE_CANCEL_TEXT_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
          <Field.HelperText>
            {NF.cancelReasonHint} ({reason.trim().length}/{NFSE_CANCEL_TEXT_MAX})
          </Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <Stack direction="row" justify="end" gap="2">
          <Button variant="outline" onClick={onClose}>
            {NF.close}
          </Button>
          <Button type="submit" colorPalette="red" loading={busy} loadingText={NF.cancelling}>
            {NF.cancelConfirm}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
