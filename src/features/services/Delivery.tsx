/**
 * Entregue (issue 31 §8): who delivered and when, the Garantia, the quotation's receivable (the
 * cash flow's Lançar no caixa or marking it paid — one entrada per quotation, ever) and the
 * Comprovante de entrega PDF: once saved, the section says where (a phone's download goes by
 * with no word of its own) and offers the share sheet where the phone has one (issue 39 §4).
 */
import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { CheckCheck, CircleCheck, FileDown, Share2, Wallet } from 'lucide-react';
import type { CompanyDoc, CustomerDoc, QuotationDoc } from '@shared';
import type { WorkOrderView } from '../../data/db/work-orders';
import { formatDate, formatTime } from '../../domain/dates';
import { toaster } from '../../ui/toaster';
import { SV } from './messages';
import { receiptText } from './receipt';
import { shareableReceipt } from './receipt-share';
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
  // The receipt just saved: its name, and the file to share when this device shares files.
  const [saved, setSaved] = useState<{ fileName: string; file: File | null } | null>(null);
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
      const { fileName, pdf } = await saveReceiptPdf(
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
      toaster.create({ type: 'success', title: SV.receiptSaved(fileName) });
      setSaved({ fileName, file: shareableReceipt(pdf, fileName) });
    } catch {
      toaster.dismiss(id);
      toaster.create({ type: 'error', title: SV.receiptError });
    }
  };

  // From the button's own tap: the share sheet needs a fresh user gesture (the PDF's making used it up).
  const share = async (file: File) => {
    try {
      await navigator.share({ files: [file], title: SV.receipt });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return; // the user closed the sheet
      toaster.create({ type: 'error', title: SV.receiptShareError });
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
      {saved && (
        <Stack gap="2" role="status" data-testid="receipt-saved" borderWidth="1px" borderColor="green.muted" bg="green.subtle" rounded="md" p="3">
          <HStack gap="2" align="start" color="green.fg">
            <CircleCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text textStyle="sm" wordBreak="break-word">
              {SV.receiptSavedWhere(saved.fileName)}
            </Text>
          </HStack>
          {saved.file && (
            <Button size="md" colorPalette="green" alignSelf={{ base: 'stretch', md: 'start' }} onClick={() => void share(saved.file!)}>
              <Share2 aria-hidden />
              {SV.receiptShare}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
