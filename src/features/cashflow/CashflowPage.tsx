/**
 * Fluxo de Caixa (/adm/dashboard): the form, the filters (in the address), the totals of what
 * they select and the transaction list, all from the local database (works offline, follows
 * other devices live).
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Card, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Plus, RefreshCw } from 'lucide-react';
import { useCustomerLabels, useCustomerNamesOf, useCustomers } from '../../data/db/customers';
import { usePaintedAfter } from '../../data/db/live-query';
import { transactionCommands, useStaffEmails, useTransactions, type TransactionDoc } from '../../data/db/transactions';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toaster } from '../../ui/toaster';
import { EditTransactionDialog } from './EditTransactionDialog';
import { FiltersPanel } from './FiltersPanel';
import { CASHFLOW_TEXT as T } from './messages';
import { TotalsBar } from './TotalsBar';
import { TransactionForm, type CustomerFormDialogComponent } from './TransactionForm';
import { TransactionList } from './TransactionList';
import { PAGE_SIZE, useCashflowView } from './useCashflowView';
import { useIsNarrow } from './useIsNarrow';
import { useRefresh } from './useRefresh';

export interface CashflowPageProps {
  CustomerFormDialog: CustomerFormDialogComponent;
  /** The signed-in user's e-mail (success toast). */
  userEmail: string | null;
  /** 'Baixar Aplicativo' when the browser offers installation (composed by the route). */
  installButton?: ReactNode;
  /** 'Importar planilha' (composed by the route). */
  importButton?: ReactNode;
  /** Warnings for whoever runs the shop, above the form (composed by the route: the A1 certificate's). */
  notice?: ReactNode;
}

export function CashflowPage({ CustomerFormDialog, userEmail, installButton, importButton, notice }: CashflowPageProps) {
  const { transactions, complete, loading, error } = useTransactions();
  const staffEmails = useStaffEmails();
  const view = useCashflowView(transactions, complete);
  // The page's rows name their customers from those documents alone; every customer (the form's
  // picker, names on other pages) is read once the first page is on screen (issue 33).
  const pageCustomerIds = useMemo(() => view.rows.map((t) => t.customer_id).filter((id): id is string => Boolean(id)), [view.rows]);
  const pageNames = useCustomerNamesOf(pageCustomerIds);
  const { customers, loading: customersLoading } = useCustomers(usePaintedAfter(!loading && !pageNames.loading));
  const narrow = useIsNarrow();
  const { refreshing, refresh } = useRefresh();
  const [editing, setEditing] = useState<TransactionDoc | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  // Entries of a customer deleted on another device say so ('Fulano (cliente removido)').
  const referencedIds = useMemo(() => transactions.map((t) => t.customer_id).filter((id): id is string => Boolean(id)), [transactions]);
  const customerNames = useCustomerLabels(pageNames, { customers, loading: customersLoading }, referencedIds);
  const byId = useCallback((id: string) => transactions.find((t) => t.id === id) ?? null, [transactions]);
  const onEdit = useCallback((id: string) => setEditing(byId(id)), [byId]);
  const onDelete = useCallback((id: string) => setDeleting(id), []);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await transactionCommands.remove(deleting);
      toaster.create({ type: 'success', title: T.deleted });
    } catch {
      toaster.create({ type: 'error', title: T.deleteFailed });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Stack gap={{ base: '4', md: '5' }} maxW="7xl" mx="auto" w="full">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {T.title}
        </Heading>
        <HStack gap="3">
          <Link as="button" onClick={() => void refresh()} color="blue.fg" fontSize="sm" aria-disabled={refreshing}>
            {refreshing ? <Spinner size="xs" /> : <RefreshCw size={14} />}
            {refreshing ? T.refreshing : T.refresh}
          </Link>
          {importButton}
          {installButton}
        </HStack>
      </HStack>

      {notice}

      {narrow && !formOpen ? (
        <Button colorPalette="blue" size="lg" onClick={() => setFormOpen(true)}>
          <Plus /> {T.newTitle}
        </Button>
      ) : (
        <Card.Root>
          <Card.Header pb="0">
            <HStack justify="space-between">
              <Heading as="h2" size="md">
                {T.newTitle}
              </Heading>
              {narrow && (
                <Button size="xs" variant="ghost" onClick={() => setFormOpen(false)}>
                  {T.closeForm}
                </Button>
              )}
            </HStack>
          </Card.Header>
          <Card.Body>
            <TransactionForm customers={customers} CustomerFormDialog={CustomerFormDialog} userEmail={userEmail} />
          </Card.Body>
        </Card.Root>
      )}

      <FiltersPanel filters={view.filters} onApply={view.setFilters} narrow={narrow} />
      <Box>
        <TotalsBar totals={view.totals} pending={!view.complete} />
        <Text fontSize="xs" color="fg.muted" mt="1" textAlign="end" data-testid="transactions-count">
          {view.complete ? T.countOf(view.total) : T.updating}
        </Text>
      </Box>
      <TransactionList
        rows={view.rows}
        total={view.total}
        page={view.page}
        pageSize={PAGE_SIZE}
        onPageChange={view.setPage}
        loading={loading || (customersLoading && pageNames.loading)}
        stale={view.stale}
        failed={!!error}
        onRetry={() => void refresh()}
        narrow={narrow}
        today={view.today}
        customerNames={customerNames}
        staffEmails={staffEmails}
        onEdit={onEdit}
        onDelete={onDelete}
      />

      <EditTransactionDialog
        transaction={editing}
        customers={customers}
        CustomerFormDialog={CustomerFormDialog}
        userEmail={userEmail}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={T.deleteTitle}
        message={T.deleteMessage}
        confirmLabel={T.deleteConfirm}
        busyLabel={T.deleting}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
