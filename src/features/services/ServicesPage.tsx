/**
 * /adm/services: 'Ordens de Serviço', the floor's main screen. A phone gets the list grouped by
 * stage (Entregue and Cancelada collapsed at the end), a wide screen a board. Search by code or
 * customer, Meus serviços, Nova OS. Reads the local database: works offline, live.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Box, Button, Center, Heading, HStack, IconButton, Spinner, Text, useBreakpointValue } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useAuth } from '../../data/auth';
import { useFirstDownload } from '../../data/db/first-download';
import { useWorkOrders } from '../../data/db/work-orders';
import { FirstDownloadState } from '../../ui/FirstDownloadState';
import { awaitingFirstDownload } from '../../ui/firstDownloadText';
import { filterOrders, groupByStage } from './board';
import { SV } from './messages';
import { NewWorkOrderDialog } from './NewWorkOrderDialog';
import { ServicesToolbar } from './ServicesToolbar';
import { StageBoard } from './StageBoard';
import { StageList } from './StageList';
import type { CustomerPickerComponent } from './types';
import { useLookups } from './useLookups';

export function ServicesPage({ CustomerPicker }: { CustomerPicker: CustomerPickerComponent }) {
  const board = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? false;
  const auth = useAuth();
  const me = auth.status === 'signed-in' ? auth.user.id : null;
  const { orders, loading } = useWorkOrders();
  const lookups = useLookups();
  const download = useFirstDownload('work_orders');
  const [text, setText] = useState('');
  const [mine, setMine] = useState(false);
  const [showClosed, setShowClosed] = useState(false);
  const [creating, setCreating] = useState(false);
  const query = useDeferredValue(text);

  const filtered = useMemo(() => filterOrders(orders, { text: query, mine, me }, lookups.customerName), [orders, query, mine, me, lookups.customerName]);
  const groups = useMemo(() => groupByStage(filtered), [filtered]);
  const total = orders.length;

  let body;
  if (loading) {
    body = (
      <HStack gap="2" color="fg.muted" py="8" justify="center">
        <Spinner size="sm" />
        <Text>{SV.loading}</Text>
      </HStack>
    );
  } else if (awaitingFirstDownload(download, total === 0)) {
    body = <FirstDownloadState progress={download} />;
  } else if (total === 0) {
    body = (
      <Text color="fg.muted" py="8" textAlign="center" maxW="lg" mx="auto" data-testid="services-empty">
        {SV.empty}
      </Text>
    );
  } else if (filtered.length === 0) {
    body = (
      <Text color="fg.muted" py="8" textAlign="center">
        {SV.emptyFiltered}
      </Text>
    );
  } else if (board) {
    body = <StageBoard groups={groups} showClosed={showClosed} customerName={lookups.customerName} memberName={lookups.memberNameOf} />;
  } else {
    body = <StageList groups={groups} customerName={lookups.customerName} memberName={lookups.memberNameOf} />;
  }

  return (
    <Box pb={board ? '0' : '24'}>
      <HStack justify="space-between" mb="4" wrap="wrap" gap="2">
        <Heading as="h1" size="2xl">
          {SV.title}
        </Heading>
        {board && (
          <Button colorPalette="blue" onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden="true" />
            {SV.newOrder}
          </Button>
        )}
      </HStack>
      {!download.done && total > 0 && <FirstDownloadState progress={download} compact />}
      {total > 0 && (
        <ServicesToolbar
          text={text}
          onText={setText}
          mine={mine}
          onMine={setMine}
          closed={board ? { value: showClosed, onChange: setShowClosed } : undefined}
          count={filtered.length}
        />
      )}
      {body}
      {!board && (
        <Center position="fixed" bottom="calc(88px + env(safe-area-inset-bottom))" right="5" zIndex="sticky">
          <IconButton aria-label={SV.newOrder} title={SV.newOrder} rounded="full" size="xl" colorPalette="blue" shadow="lg" onClick={() => setCreating(true)}>
            <Plus />
          </IconButton>
        </Center>
      )}
      <NewWorkOrderDialog open={creating} onClose={() => setCreating(false)} CustomerPicker={CustomerPicker} members={lookups.members} />
    </Box>
  );
}
