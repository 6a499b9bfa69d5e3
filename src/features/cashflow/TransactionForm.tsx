/**
 * The transaction form (create, or 'Editar Transação' with the type fixed). Fields per type:
 * Entrada → customer; Saída → tipo de saída (material, serviço, outros) and payee; Despesa Fixa →
 * the nine categories, no payment method, no 'Pago Parcial'.
 */
import { memo, useState, type ComponentType, type FormEvent } from 'react';
import { Alert, Button, Field, HStack, Input, SegmentGroup, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { CustomerDoc, TransactionDoc } from '@shared';
import {
  CATEGORY_LABELS,
  FIXED_EXPENSE_CATEGORIES,
  FORM_METHODS,
  SAIDA_CATEGORIES,
  statusesFor,
  TX_METHOD_LABELS,
  TX_STATUS_LABELS,
  TX_TYPE_LABELS,
  TX_TYPES,
  type TxType,
} from '../../domain/transaction-rules';
import { shopDate } from '../../domain/transaction-status';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { MoneyInput } from '../../ui/MoneyInput';
import { CustomerField } from './CustomerField';
import { defaultForm, formFromTransaction, type FormState } from './formState';
import { CASHFLOW_TEXT as T } from './messages';
import { SelectField } from './SelectField';
import { useTransactionSubmit } from './useTransactionSubmit';
import { customerNotYetSynced } from '../../domain/customers';

export type CustomerFormDialogComponent = ComponentType<{
  open: boolean;
  onClose: () => void;
  initialName?: string;
  onSaved?: (c: CustomerDoc) => void;
}>;

interface Props {
  customers: readonly CustomerDoc[];
  CustomerFormDialog: CustomerFormDialogComponent;
  userEmail: string | null;
  /** Editing this transaction ('Editar Transação'); creating when absent. */
  editing?: TransactionDoc | null;
  onDone?: (t: TransactionDoc) => void;
  onCancel?: () => void;
}

/** The entry's customer; one not on this device yet keeps its link (shown as not synced yet). */
function customerOfEntry(t: TransactionDoc, customers: readonly CustomerDoc[]): CustomerDoc | null {
  if (!t.customer_id) return null;
  return customers.find((c) => c.id === t.customer_id) ?? customerNotYetSynced<CustomerDoc>(t.customer_id);
}

const opts = (values: readonly string[], labels: Record<string, string>) => values.map((v) => ({ value: v, label: labels[v] ?? v }));

export const TransactionForm = memo(function TransactionForm({ customers, CustomerFormDialog, userEmail, editing = null, onDone, onCancel }: Props) {
  const [form, setForm] = useState<FormState>(() =>
    editing ? formFromTransaction(editing, customerOfEntry(editing, customers)) : defaultForm(new Date()),
  );
  const [newCustomerName, setNewCustomerName] = useState<string | null>(null);
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));
  const s = useTransactionSubmit({
    editing,
    userEmail,
    openNewCustomer: setNewCustomerName,
    onDone: (t) => {
      if (!editing) setForm((f) => defaultForm(new Date(), f.type));
      onDone?.(t);
    },
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void s.submit(form);
  };
  const selectCustomer = (c: CustomerDoc | null) => {
    set({ customer: c, customerQuery: c?.name ?? form.customerQuery });
    s.clearOffer();
    s.setErrors((er) => ({ ...er, customer: undefined }));
  };
  const statuses = statusesFor(form.type);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? T.editTitle : T.newTitle}>
      <Stack gap="4">
        <Stack direction={{ base: 'column', lg: editing ? 'column' : 'row' }} gap="4" align="stretch">
        <Field.Root disabled={!!editing} w="auto" flexShrink={0}>
          <Field.Label>{T.type}</Field.Label>
          <SegmentGroup.Root
            size="sm"
            value={form.type}
            disabled={!!editing}
            onValueChange={(d) => d.value && set({ type: d.value as TxType, status: form.status === 'parcial' && d.value === 'despesas' ? 'pendente' : form.status })}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={TX_TYPES.map((t) => ({ value: t, label: TX_TYPE_LABELS[t] }))} />
          </SegmentGroup.Root>
        </Field.Root>

        {form.type === 'entrada' ? (
          <Stack gap="2" flex="1" minW="0">
            <CustomerField
              customers={customers}
              query={form.customerQuery}
              onQueryChange={(q) => {
                set({ customerQuery: q });
                s.clearOffer();
              }}
              selected={form.customer}
              onSelect={selectCustomer}
              error={s.errors.customer}
              disabled={s.busy}
            />
            {s.offered && (
              <Alert.Root status="info" size="sm">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>{T.customerFound(s.offered.name)}</Alert.Description>
                </Alert.Content>
                <Button size="xs" colorPalette="blue" onClick={() => selectCustomer(s.offered)}>
                  {T.useCustomer}
                </Button>
              </Alert.Root>
            )}
          </Stack>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" flex="1">
            {form.type === 'saida' ? (
              <SelectField label={T.saidaType} name="saidaCategory" value={form.saidaCategory} options={opts(SAIDA_CATEGORIES, CATEGORY_LABELS)} onChange={(v) => set({ saidaCategory: v })} />
            ) : (
              <SelectField label={T.expenseCategory} name="expenseCategory" value={form.expenseCategory} options={opts(FIXED_EXPENSE_CATEGORIES, CATEGORY_LABELS)} onChange={(v) => set({ expenseCategory: v })} />
            )}
            <Field.Root>
              <Field.Label>{T.payee}</Field.Label>
              <Input name="payee" placeholder={T.payeePlaceholder} value={form.name} onChange={(e) => set({ name: e.target.value })} />
            </Field.Root>
          </SimpleGrid>
        )}
        </Stack>

        <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
          <Field.Root required invalid={!!s.errors.amount}>
            <Field.Label>
              {T.amount} <Field.RequiredIndicator />
            </Field.Label>
            <MoneyInput name="amount" aria-label={T.amount} valueCents={form.amountCents} onChangeCents={(c) => set({ amountCents: c })} />
            {s.errors.amount && <Field.ErrorText>{s.errors.amount}</Field.ErrorText>}
          </Field.Root>
          {form.type !== 'despesas' && (
            <SelectField label={T.method} name="method" value={form.method} options={opts(FORM_METHODS, TX_METHOD_LABELS)} onChange={(v) => set({ method: v as FormState['method'] })} />
          )}
          <SelectField label={T.status} name="status" value={form.status} options={opts(statuses, TX_STATUS_LABELS)} onChange={(v) => set({ status: v as FormState['status'] })} />
          <Field.Root invalid={!!s.errors.date} disabled={!!editing}>
            <Field.Label>{T.date}</Field.Label>
            <Input type="date" name="date" max={shopDate(new Date())} value={form.date} onChange={(e) => set({ date: e.target.value })} />
            {editing ? <Field.HelperText>{T.dateLocked}</Field.HelperText> : s.errors.date && <Field.ErrorText>{s.errors.date}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>{T.dueDate}</Field.Label>
            <Input type="date" name="dueDate" value={form.dueDate} onChange={(e) => set({ dueDate: e.target.value })} />
          </Field.Root>
        </SimpleGrid>

        <Field.Root>
          <Field.Label>{T.description}</Field.Label>
          <Textarea name="description" rows={1} autoresize placeholder={T.descriptionPlaceholder} value={form.description} onChange={(e) => set({ description: e.target.value })} />
        </Field.Root>

        <HStack justify="flex-end" gap="2">
          {onCancel && (
            <Button variant="outline" onClick={onCancel} disabled={s.busy} flex={{ base: '1', sm: 'initial' }}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" colorPalette="blue" loading={s.busy} loadingText={editing ? T.saving : T.submitting} flex={{ base: '1', sm: 'initial' }}>
            {editing ? T.save : T.submit}
          </Button>
        </HStack>
      </Stack>

      <CustomerFormDialog
        open={newCustomerName !== null}
        initialName={newCustomerName ?? undefined}
        onClose={() => setNewCustomerName(null)}
        onSaved={(c) => {
          setNewCustomerName(null);
          selectCustomer(c);
        }}
      />
      <ConfirmDialog
        open={s.similarPending !== null}
        title={T.similarTitle}
        message={`${T.similar} ${T.similarQuestion}`}
        confirmLabel={T.similarConfirm}
        busyLabel={T.submitting}
        onConfirm={s.confirmSimilar}
        onCancel={s.cancelSimilar}
      />
    </form>
  );
});
