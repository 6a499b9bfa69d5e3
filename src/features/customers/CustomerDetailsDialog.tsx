/**
 * 'Detalhes de {name}': the customer's CPF/CNPJ and address (issue 38), then tabs Transações and
 * Orçamentos of one customer, live from the local database.
 */
import { Badge, CloseButton, Dialog, HStack, Portal, Spinner, Table, Tabs, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import { HistoryCards } from './HistoryCards';
import { CustomerFiscalSummary } from './CustomerFiscalSummary';
import { useSmallScreen } from './useSmallScreen';
import { useCustomerHistory, type CustomerQuotation, type CustomerTransaction } from '../../data/db/customers';
import { formatDate } from '../../domain/dates';
import { formatBRL } from '../../domain/money';
import { quotationDisplayStatus, quotationStatusColor, quotationStatusLabel } from '../../domain/quotation-status';
import { effectiveStatus, PAYMENT_STATUS_COLORS, PAYMENT_STATUS_LABELS, shopDate } from '../../domain/transaction-status';
import { CUSTOMER_TEXT as T } from './messages';
import { TableScroll } from '../../ui/ScrollRegion';
import type { CustomerDoc } from '@shared';

export interface CustomerDetailsDialogProps {
  customer: ({ id: string; name: string } & Partial<CustomerDoc>) | null;
  onClose: () => void;
}

export function CustomerDetailsDialog({ customer, onClose }: CustomerDetailsDialogProps) {
  // Not a responsive size prop: the 'full' size's min-height would leak into the desktop size.
  const small = useSmallScreen();
  return (
    <DialogRoot
      open={customer !== null}
      onOpenChange={(d) => !d.open && onClose()}
      size={small ? 'full' : 'xl'}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="customer-details">
            <Dialog.Header>
              <Dialog.Title pe="8">{customer ? T.detailsTitle(customer.name) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="5">
              {customer && <CustomerFiscalSummary customer={customer} />}
              {customer && <History customerId={customer.id} small={small} />}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}

function History({ customerId, small }: { customerId: string; small: boolean }) {
  const h = useCustomerHistory(customerId);
  return (
    <Tabs.Root defaultValue="transactions" variant="line" lazyMount>
      <Tabs.List>
        <Tabs.Trigger value="transactions">
          {T.tabTransactions}
          {!h.loadingTransactions && <Badge variant="subtle">{h.transactions.length}</Badge>}
        </Tabs.Trigger>
        <Tabs.Trigger value="quotations">
          {T.tabQuotations}
          {!h.loadingQuotations && <Badge variant="subtle">{h.quotations.length}</Badge>}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="transactions">
        {h.loadingTransactions ? (
          <Loading text={T.loadingTransactions} />
        ) : h.transactions.length === 0 ? (
          <Text color="fg.muted">{T.noTransactions}</Text>
        ) : (
          small ? <HistoryCards kind="transactions" rows={h.transactions} /> : <TransactionsTable rows={h.transactions} />
        )}
      </Tabs.Content>
      <Tabs.Content value="quotations">
        {h.loadingQuotations ? (
          <Loading text={T.loadingQuotations} />
        ) : h.quotations.length === 0 ? (
          <Text color="fg.muted">{T.noQuotations}</Text>
        ) : (
          small ? <HistoryCards kind="quotations" rows={h.quotations} /> : <QuotationsTable rows={h.quotations} />
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <HStack gap="2" color="fg.muted">
      <Spinner size="sm" />
      <Text>{text}</Text>
    </HStack>
  );
}

function TransactionsTable({ rows }: { rows: CustomerTransaction[] }) {
  const today = shopDate(new Date());
  return (
    <TableScroll label="Orçamentos do cliente">
      <Table.Root size="sm" aria-label={T.tabTransactions}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{T.colDate}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colType}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colDescription}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.colValue}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colStatus}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((t) => {
            const status = effectiveStatus(t, today);
            return (
              <Table.Row key={t.id}>
                <Table.Cell whiteSpace="nowrap">{formatDate(t.created_at)}</Table.Cell>
                <Table.Cell>{T.transactionTypes[t.type] ?? t.type}</Table.Cell>
                <Table.Cell minW="40">{t.description || t.name || T.none}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatBRL(t.amount)}
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={PAYMENT_STATUS_COLORS[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}

function QuotationsTable({ rows }: { rows: CustomerQuotation[] }) {
  const now = new Date();
  return (
    <TableScroll label="Lançamentos do cliente">
      <Table.Root size="sm" aria-label={T.tabQuotations}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{T.colCode}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colDate}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colDescription}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.colValue}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.colStatus}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((q) => (
            <Table.Row key={q.id}>
              <Table.Cell fontWeight="medium" whiteSpace="nowrap">
                {q.code}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(q.created_at)}</Table.Cell>
              <Table.Cell minW="40">{q.description}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatBRL(q.total_amount)}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={quotationStatusColor(quotationDisplayStatus(q, now))}>{quotationStatusLabel(quotationDisplayStatus(q, now))}</Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
