/**
 * The quotation form: customer, Descrição, Materiais, Desconto, Impostos, Valor Total (follows
 * the lines, editable by hand), Método de Pagamento, Data de Validade, Prazo de Execução.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Grid, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import type { CustomerDoc, QuotationDoc } from '@shared';
import { DataError, quotationCommands } from '../../data/db/quotations';
import { toYmd } from '../../domain/dates';
import { toCents } from '../../domain/money';
import { needsDecisionResetConfirmation, quotationTotalCents, validateQuotationDraft, QUOTATION_FORM_MESSAGES as QM, type QuotationDraft } from '../../domain/quotation-form';
import { quotationStatusLabel } from '../../domain/quotation-status';
import { MoneyInput } from '../../ui/MoneyInput';
import { clearQuotationsCache } from '../../ui/quotationsCache';
import { toaster } from '../../ui/toaster';
import { CustomerPicker } from './CustomerPicker';
import { MaterialsEditor, newMaterialRow, type MaterialRow } from './MaterialsEditor';
import { FORM_TEXT as F } from './messages';
import type { CustomerFormDialogComponent } from './types';
import { useAsk } from './useAsk';

type Props = {
  editing: QuotationDoc | null;
  initialCustomer: CustomerDoc | null;
  CustomerFormDialog: CustomerFormDialogComponent;
  onDone: () => void;
  onCancel: () => void;
};

const in15Days = () => toYmd(new Date(Date.now() + 15 * 86_400_000));

function initialRows(q: QuotationDoc | null): MaterialRow[] {
  if (!q) return [newMaterialRow()];
  return q.materials.map((m) => ({ ...newMaterialRow(), name: m.name, quantity: m.quantity, priceCents: toCents(m.price) }));
}

export function QuotationForm({ editing, initialCustomer, CustomerFormDialog, onDone, onCancel }: Props) {
  const [customer, setCustomer] = useState<CustomerDoc | null>(initialCustomer);
  const [description, setDescription] = useState(editing?.description ?? '');
  const [rows, setRows] = useState<MaterialRow[]>(() => initialRows(editing));
  const [discount, setDiscount] = useState(toCents(editing?.discounts ?? 0));
  const [taxes, setTaxes] = useState(toCents(editing?.taxes ?? 0));
  const [total, setTotal] = useState(toCents(editing?.total_amount ?? 0));
  const [payment, setPayment] = useState(editing?.payment_method ?? '');
  const [validity, setValidity] = useState(editing?.validity_date ?? in15Days());
  const [deadline, setDeadline] = useState(editing?.execution_deadline ?? '');
  const [errors, setErrors] = useState<ReturnType<typeof validateQuotationDraft>>({});
  const [saving, setSaving] = useState(false);
  const { ask, dialog } = useAsk();

  // Any change of a line, the discount or the taxes recomputes the total (which stays editable).
  const recompute = (r: MaterialRow[], d: number, t: number) => setTotal(quotationTotalCents(r, d, t));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) {
      toaster.create({ type: 'info', title: F.processing, description: F.processingText });
      return;
    }
    const draft: QuotationDraft = {
      customerId: customer?.id ?? null,
      description,
      materials: rows,
      discountCents: discount,
      taxesCents: taxes,
      totalCents: total,
      paymentMethod: payment,
      validityDate: validity,
      executionDeadline: deadline,
    };
    const found = validateQuotationDraft(draft);
    setErrors(found);
    if (found.customer) toaster.create({ type: 'error', title: QM.customerRequired });
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const guard = await quotationCommands.checkDuplicates(draft, { editingId: editing?.id });
      if (guard.identical) {
        toaster.create({ type: 'error', title: F.duplicateTitle, description: QM.identical });
        return;
      }
      if (guard.similar && !(await ask(F.similarTitle, QM.similar))) return;
      if (editing && needsDecisionResetConfirmation(editing.status)) {
        const label = quotationStatusLabel(editing.status).toLowerCase();
        if (!(await ask(F.reopenTitle, F.reopen(label)))) return;
      }
      if (editing) {
        await quotationCommands.update(editing.id, draft);
        toaster.create({ type: 'success', title: F.updatedTitle });
      } else {
        const q = await quotationCommands.create(draft);
        toaster.create({ type: 'success', title: F.createdTitle, description: `${F.created} (${q.code})` });
      }
      clearQuotationsCache();
      onDone();
    } catch (err) {
      toaster.create({ type: 'error', title: F.saveErrorTitle, description: err instanceof DataError ? err.message : F.saveError });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Editar Orçamento' : 'Novo Orçamento'}>
      <Stack gap="4" maxW="4xl" mx="auto">
        <CustomerPicker selected={customer} onSelect={setCustomer} error={errors.customer} CustomerFormDialog={CustomerFormDialog} />
        <Field.Root invalid={Boolean(errors.description)}>
          <Field.Label>{F.description}</Field.Label>
          <Textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
          <Field.ErrorText>{errors.description}</Field.ErrorText>
        </Field.Root>
        <MaterialsEditor
          rows={rows}
          error={errors.materials}
          onChange={(r) => {
            setRows(r);
            recompute(r, discount, taxes);
          }}
        />
        <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(3, 1fr)' }} gap="3">
          <Field.Root>
            <Field.Label>{F.discount}</Field.Label>
            <MoneyInput valueCents={discount} onChangeCents={(c) => (setDiscount(c), recompute(rows, c, taxes))} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{F.taxes}</Field.Label>
            <MoneyInput valueCents={taxes} onChangeCents={(c) => (setTaxes(c), recompute(rows, discount, c))} />
          </Field.Root>
          <Field.Root invalid={Boolean(errors.total)} gridColumn={{ base: 'span 2', md: 'auto' }}>
            <Field.Label>{F.total}</Field.Label>
            <MoneyInput valueCents={total} onChangeCents={setTotal} fontWeight="bold" />
            <Field.ErrorText>{errors.total}</Field.ErrorText>
          </Field.Root>
        </Grid>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3">
          <Field.Root invalid={Boolean(errors.payment)}>
            <Field.Label>{F.payment}</Field.Label>
            <Input value={payment} placeholder={F.paymentPlaceholder} onChange={(e) => setPayment(e.target.value)} />
            <Field.ErrorText>{errors.payment}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.validity)}>
            <Field.Label>{F.validity}</Field.Label>
            <Input type="date" value={validity} onChange={(e) => setValidity(e.target.value)} />
            <Field.ErrorText>{errors.validity}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{F.deadline}</Field.Label>
            <Input value={deadline} placeholder={F.deadlinePlaceholder} onChange={(e) => setDeadline(e.target.value)} />
          </Field.Root>
        </Grid>
        {Object.keys(errors).length > 0 && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {F.fixFields(Object.keys(errors).length)}
          </Text>
        )}
        <HStack justify="flex-end" gap="2" pb="6">
          <Button variant="outline" onClick={onCancel}>
            {F.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" loading={saving} loadingText={F.processing}>
            {editing ? F.update : F.save}
          </Button>
        </HStack>
      </Stack>
      {dialog}
    </form>
  );
}
