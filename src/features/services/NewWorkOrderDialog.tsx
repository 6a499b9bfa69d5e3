/** Nova OS: a counter job without a quotation — customer, description, value, Previsão de entrega, Responsável. */
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { CustomerDoc, StaffDoc } from '@shared';
import { DataError } from '../../data/db/errors';
import { workOrderCommands } from '../../data/db/work-orders';
import { FormDialog } from '../../ui/FormDialog';
import { MoneyInput } from '../../ui/MoneyInput';
import { MemberSelect } from './MemberSelect';
import { SV } from './messages';
import { done, failed } from './toast';
import type { CustomerPickerComponent } from './types';

type Props = { open: boolean; onClose: () => void; CustomerPicker: CustomerPickerComponent; members: StaffDoc[] };

export function NewWorkOrderDialog({ open, onClose, CustomerPicker, members }: Props) {
  return (
    <FormDialog open={open} onClose={onClose} title={SV.newTitle} size="lg" keepOpenOnOutsideClick closeLabel={SV.cancel} testId="new-work-order">
      <NewWorkOrderForm onClose={onClose} CustomerPicker={CustomerPicker} members={members} />
    </FormDialog>
  );
}

function NewWorkOrderForm({ onClose, CustomerPicker, members }: Omit<Props, 'open'>) {
  const navigate = useNavigate();
  const [customer, setCustomer] = useState<CustomerDoc | null>(null);
  const [description, setDescription] = useState('');
  const [cents, setCents] = useState(0);
  const [forecast, setForecast] = useState('');
  const [responsible, setResponsible] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ customer?: string; description?: string; total_amount?: string; forecast_date?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!customer) return setErrors({ customer: SV.customerRequired });
    setBusy(true);
    try {
      const order = await workOrderCommands.createCounter({
        customer_id: customer.id,
        description,
        total_amount: cents / 100,
        forecast_date: forecast || null,
        responsible_id: responsible,
      });
      done(SV.created(order.code));
      onClose();
      navigate(`/adm/services/${encodeURIComponent(order.id)}`);
    } catch (err) {
      if (err instanceof DataError && err.field) setErrors({ [err.field]: err.message });
      else failed(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <CustomerPicker selected={customer} onSelect={(c) => { setCustomer(c); setErrors((x) => ({ ...x, customer: undefined })); }} error={errors.customer} />
        <Field.Root invalid={!!errors.description} required>
          <Field.Label>{SV.description}</Field.Label>
          <Textarea name="description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
          <Field.ErrorText>{errors.description}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.total_amount}>
          <Field.Label>{SV.value}</Field.Label>
          <MoneyInput name="total_amount" size="lg" valueCents={cents} onChangeCents={setCents} />
          <Field.ErrorText>{errors.total_amount}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errors.forecast_date}>
          <Field.Label>{SV.forecast}</Field.Label>
          <Input type="date" name="forecast_date" size="lg" value={forecast} onChange={(e) => setForecast(e.target.value)} />
          <Field.ErrorText>{errors.forecast_date}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{SV.responsible}</Field.Label>
          <MemberSelect members={members} value={responsible} onChange={setResponsible} />
        </Field.Root>
        <Stack direction="row" justify="end" gap="2" pt="2">
          <Button variant="outline" size="lg" onClick={onClose}>
            {SV.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" size="lg" loading={busy} loadingText={SV.creating}>
            {SV.create}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
