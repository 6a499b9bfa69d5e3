/** A larger entry or exit with a reason. */
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { FormDialog } from '../../ui/FormDialog';
import { formatQuantity, parseQuantity } from '../../domain/stock';
import { STOCK_TEXT as T } from './messages';

interface Props {
  open: boolean;
  title: string;
  quantity: number;
  onClose: () => void;
  /** Records the movement (the caller asks for confirmation below zero). */
  onSubmit: (delta: number, reason: string) => Promise<void>;
}

export function MovementDialog({ open, title, quantity, onClose, onSubmit }: Props) {
  const [kind, setKind] = useState<'entry' | 'exit'>('entry');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const q = parseQuantity(amount);
    if (q === null || q <= 0) {
      setError(T.moveInvalid);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(kind === 'entry' ? q : -q, reason);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={T.moveTitle}
      onSubmit={submit}
      keepOpenOnOutsideClick
      lazy={false}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" loading={busy}>
            {T.record}
          </Button>
        </>
      }
    >
        <Stack gap="4">
          <Text fontWeight="medium">{title}</Text>
          <Text textStyle="sm" color="fg.muted">
            {T.moved(formatQuantity(quantity))}
          </Text>
          <SegmentGroup.Root value={kind} onValueChange={(d) => setKind(d.value as 'entry' | 'exit')}>
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={[{ value: 'entry', label: T.entry }, { value: 'exit', label: T.exit }]} />
          </SegmentGroup.Root>
          <Field.Root invalid={!!error} required>
            <Field.Label>{T.moveQuantity}</Field.Label>
            <Input
              name="movement-quantity"
              inputMode="decimal"
              autoFocus
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
            />
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>{T.reason}</Field.Label>
            <Input name="movement-reason" placeholder={T.reasonPlaceholder} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
          </Field.Root>
        </Stack>
    </FormDialog>
  );
}
