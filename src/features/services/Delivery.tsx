/**
 * Entregue (issue 31 §8): who delivered and when, the Garantia, the quotation's receivable (the
 * cash flow's Lançar no caixa or marking it paid — one entrada per quotation, ever) and the
 * Comprovante de entrega PDF.
 */
import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { CheckCheck, FileDown, Wallet } from 'lucide-react';
import type { CompanyDoc, CustomerDoc, QuotationDoc } from '@shared';
import type { WorkOrderView } from '../../data/db/work-orders';
import { formatDate, formatTime } from '../../domain/dates';
import { toaster } from '../../ui/toaster';
import { SV } from './messages';
import { receiptText } from './receipt';
import type { Receivable } from './types';

type Props = {
  order: WorkOrderView;
  customer: CustomerDoc | null;
  company: CompanyDoc | null;
  quotation: QuotationDoc | null;
  deliveredBy: string;
  receivable: Receivable;
};

export function Delivery({ order, customer, company, quotation, deliveredBy, receivable }: Props) {
  const [busy, setBusy] = useState(false);
  const at = order.delivery?.at ?? null;
  const launched = quotation ? receivable.launchedQuotationIds.has(quotation.id) : false;
  const run = async (f: (q: QuotationDoc) => Promise<void>) => {
    if (!quotation) return;
    setBusy(true);
    try {
      await f(quotation);
    } finally {
      setBusy(false);
    }
  };
  const saveReceipt = async () => {
    const id = toaster.create({ type: 'loading', title: SV.receiptSaving });
    try {
      const { saveReceiptPdf } = await import('./receipt-pdf');
      const file = await saveReceiptPdf(
        receiptText({
          company,
          customer,
          code: order.code,
          description: order.description,
          total_amount: order.total_amount,
          deliveredAt: at,
          deliveredBy,
          warrantyUntil: order.warranty_until ?? null,
        }),
      );
      toaster.dismiss(id);
      toaster.create({ type: 'success', title: SV.receiptSaved(file) });
    } catch {
      toaster.dismiss(id);
      toaster.create({ type: 'error', title: SV.receiptError });
    }
  };

  return (
    <Stack gap="3" data-testid="delivery">
      {at && <Text>{SV.deliveredAt(`${formatDate(at)} ${formatTime(at)}`, deliveredBy)}</Text>}
      {order.warranty_until && (
        <Text fontWeight="semibold" fontSize="lg" color="teal.fg" data-testid="warranty">
          {SV.warrantyUntil(formatDate(order.warranty_until))}
        </Text>
      )}
      {quotation && quotation.status === 'accepted' ? (
        <Stack gap="2">
          <Text fontWeight="semibold">{SV.receivable}</Text>
          <Text fontSize="sm" color="fg.muted">
            {SV.receivableHint}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button size="lg" colorPalette="green" disabled={launched || busy} loading={busy} onClick={() => void run(receivable.onLaunchToCash)}>
              <Wallet aria-hidden />
              {launched ? SV.launched : SV.launch}
            </Button>
            {!launched && (
              <Button size="lg" variant="outline" colorPalette="green" disabled={busy} onClick={() => void run(receivable.onMarkPaid)}>
                <CheckCheck aria-hidden />
                {SV.markPaid}
              </Button>
            )}
          </HStack>
        </Stack>
      ) : (
        !quotation && (
          <Text fontSize="sm" color="fg.muted">
            {SV.noReceivable}
          </Text>
        )
      )}
      <Button size="lg" variant="outline" alignSelf={{ base: 'stretch', md: 'start' }} onClick={() => void saveReceipt()}>
        <FileDown aria-hidden />
        {SV.receipt}
      </Button>
    </Stack>
  );
}
