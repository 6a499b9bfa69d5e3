/**
 * /adm/* — needs a session (or, offline, the last user known on this device), otherwise /auth.
 * This module is loaded lazily by the router, so RxDB (src/data/db) never reaches public pages.
 */
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { Box, Center, Heading, Spinner } from '@chakra-ui/react';
import type { CollectionName, CustomerDoc } from '@shared';
import { useAuth } from '../../data/auth';
import { DataProvider, dismissRefused, retryRefused, useRefusedDocuments, useSyncStatus } from '../../data/db';
import { ForcePasswordDialog } from '../../features/auth';
import { CustomersOverlay, StaffShell, useSignOut, SHELL_MESSAGES } from '../../features/shell';
import { CustomerFormDialog, CustomersPage } from '../../features/customers';
import { ImportButton, RecentImports } from '../../features/import';
import { SyncBadge, type SyncBadgeProps } from '../../ui/SyncBadge';
import { useRefusedNotice } from '../../ui/useRefusedNotice';
import { RefusedNotice } from '../../ui/RefusedNotice';
import { InstallButton } from '../pwa/InstallButton';
import { InsecureOriginNotice } from '../pwa/InsecureOriginNotice';
import { registerStaffServiceWorker } from '../pwa/register';
import { useLiveToasts } from '../live-toasts';
import { warmCustomerData } from '../../data/db/customers';
import { importCommands } from '../../data/db/imports';
import { startQuotationCodeRecovery } from '../../data/db/quotations';
import { useDatabase, whenQuiet } from '../../data/db/live-query';
import { discardPhoto, retryPhoto } from '../../data/photos';

registerStaffServiceWorker();

export default function AdminRoute() {
  const auth = useAuth();
  if (auth.status === 'loading') {
    return (
      <Center minH="100dvh" aria-busy="true">
        <Spinner size="xl" color="blue.solid" />
      </Center>
    );
  }
  if (auth.status === 'signed-out') return <Navigate to="/auth" replace />;
  if (auth.user.first_access) {
    // The server refuses data to this session until the password is changed: show only the
    // non-dismissible dialog; the page reloads after the change.
    return (
      <Box minH="100dvh" bg="gray.900">
        <Heading as="p" color="white" p="4">
          {SHELL_MESSAGES.productName}
        </Heading>
        <ForcePasswordDialog open />
      </Box>
    );
  }
  return (
    <DataProvider>
      <AdminShell />
    </DataProvider>
  );
}

function AdminShell() {
  const [customersOpen, setCustomersOpen] = useState(false);
  const { requestSignOut, confirmDialog } = useSignOut();
  // The refusals alone: the whole shell re-rendered on every pending mark and acknowledgement of a
  // sync (an import's thousands, issue 39 §2); only the badge reads the whole status.
  const refused = useRefusedDocuments();
  const refusedNotice = useRefusedNotice(refused);
  useLiveToasts();
  // A quotation whose code another device took meanwhile gets a new one by itself, whichever
  // screen is open (not only when the quotations screen first opens).
  useEffect(() => startQuotationCodeRecovery(), []);
  // The customers overlay reads whole collections (counts per customer): start that in the
  // background once the page is quiet after the database opens, so the overlay opens at once —
  // but never beside the first screen's own reads (a cold open on a phone's CPU waited for it).
  const fdb = useDatabase();
  // An undone import's catalogue entries go once the server has its items' removals (issue 39).
  useEffect(() => {
    if (fdb) void importCommands.resumeUndos().catch(() => undefined);
  }, [fdb]);
  useEffect(() => {
    if (!fdb) return;
    let cancelled = false;
    const t = setTimeout(() => void whenQuiet().then(() => !cancelled && warmCustomerData(fdb)), 1500);
    return () => {
      cancelled = true;
      clearTimeout(t);
    };
  }, [fdb]);
  // 'Corrigir' on a refused customer (e.g. a phone another device registered first): edit it here.
  const [fixing, setFixing] = useState<CustomerDoc | null>(null);
  const fixRefused = (collection: string, id: string) => {
    const item = refused.find((r) => r.collection === collection && r.id === id);
    if (item && collection === 'customers') setFixing(item.document as unknown as CustomerDoc);
  };

  return (
    <>
      <StaffShell
        customersOpen={customersOpen}
        onOpenCustomers={() => setCustomersOpen(true)}
        onSignOut={requestSignOut}
        syncBadge={(layout) => (
          <LiveSyncBadge
            layout={layout}
            onDiscard={(collection, id) => void dismissRefused(collection as CollectionName, id)}
            onRetry={(collection, id) => void retryRefused(collection as CollectionName, id)}
            canFix={(r) => r.collection === 'customers' && !(r.document as { _deleted?: boolean })._deleted}
            onFix={fixRefused}
            onPhotoRetry={(id) => void retryPhoto(id)}
            onPhotoDiscard={(id) => void discardPhoto(id)}
            centre={<RecentImports showKind />}
          />
        )}
        installButton={(variant) => (
          <InstallButton
            variantLabel={variant}
            onlyWithPrompt
            size={variant === 'mobile' ? 'xs' : 'sm'}
            colorPalette="gray"
            variant="surface"
          />
        )}
      >
        <InsecureOriginNotice variant="compact" />
        <RefusedNotice notices={refusedNotice.notices} onClose={refusedNotice.close} />
        <Outlet />
      </StaffShell>
      <CustomersOverlay open={customersOpen} onClose={() => setCustomersOpen(false)}>
        <CustomersPage embedded importButton={<ImportButton kind="customers" />} />
      </CustomersOverlay>
      <CustomerFormDialog open={fixing !== null} customer={fixing} onClose={() => setFixing(null)} />
      {confirmDialog}
    </>
  );
}

/** The sync badge with the live status: re-renders alone as the status changes. */
function LiveSyncBadge(props: Omit<SyncBadgeProps, 'status'>) {
  const status = useSyncStatus();
  return <SyncBadge status={status} {...props} />;
}
