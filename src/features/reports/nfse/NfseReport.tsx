/**
 * Relatórios › Notas fiscais (issue 38): the month's NFS-e for the accountant — list, totals and
 * `Baixar XMLs do mês`. Everything comes from the local database, so it works offline; the zip
 * and the DANFSe are made on this device.
 */
import { useMemo, useState } from 'react';
import { Button, HStack, IconButton, SimpleGrid, Stack, Text, Heading } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, FileArchive } from 'lucide-react';
import { useAllNotes } from '../../../data/db/nfse';
import { defaultNfseMonth, monthNotes, monthTotals, shiftMonth } from '../../../domain/nfse/month-report';
import { monthLabel } from '../../../domain/reports';
import { formatCentsBRL } from '../../../domain/money';
import { toaster } from '../../../ui/toaster';
import { Section } from '../parts/Section';
import { SummaryCard } from '../parts/SummaryCard';
import { useToday } from '../parts/useToday';
import { REPORT_TEXT } from '../messages';
import { NfseMonthList } from './NfseMonthList';

const T = REPORT_TEXT.nfse;

export function NfseReport() {
  const today = useToday();
  const [month, setMonth] = useState(() => defaultNfseMonth(new Date()));
  const { notes, loading } = useAllNotes();
  const rows = useMemo(() => monthNotes(notes, month), [notes, month]);
  const totals = useMemo(() => monthTotals(rows), [rows]);
  const [zipping, setZipping] = useState(false);
  const atCurrent = month >= today.slice(0, 7);

  const downloadZip = async () => {
    setZipping(true);
    try {
      const { downloadMonthZip } = await import('./monthZip');
      const name = await downloadMonthZip(rows, month);
      toaster.create({ type: 'success', title: T.zipDone(name) });
    } catch (err) {
      console.error(err);
      toaster.create({ type: 'error', title: T.zipError });
    } finally {
      setZipping(false);
    }
  };

  return (
    <Stack gap="4" data-testid="nfse-report">
      <Heading as="h2" size="lg">
        {T.title}
      </Heading>
      <HStack gap="1" p="3" borderWidth="1px" rounded="md" bg="bg.subtle" justify={{ base: 'space-between', md: 'flex-start' }} role="group" aria-label={T.month}>
        <IconButton size="sm" variant="outline" bg="bg" aria-label={T.previousMonth} onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          <ChevronLeft />
        </IconButton>
        <Text fontWeight="medium" minW="44" textAlign="center" data-testid="nfse-month" aria-live="polite">
          {monthLabel(month)}
        </Text>
        <IconButton size="sm" variant="outline" bg="bg" aria-label={T.nextMonth} disabled={atCurrent} onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          <ChevronRight />
        </IconButton>
      </HStack>

      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="nfse-totals">
        <SummaryCard testId="nfse-authorized-count" loading={loading} label={T.authorizedCount} value={String(totals.authorizedCount)} caption={T.authorizedCaption(totals.authorizedCount)} />
        <SummaryCard testId="nfse-authorized-value" loading={loading} label={T.authorizedValue} value={formatCentsBRL(totals.authorizedCents)} tone="green" />
        <SummaryCard
          testId="nfse-cancelled-value"
          loading={loading}
          label={T.cancelledValue}
          value={formatCentsBRL(totals.cancelledCents)}
          caption={T.cancelledCaption(totals.cancelledCount)}
          tone={totals.cancelledCount > 0 ? 'red' : undefined}
        />
      </SimpleGrid>

      <Section
        title={`${T.list} (${rows.length})`}
        testId="nfse-month-list"
        actions={
          <Button size="sm" colorPalette="blue" onClick={() => void downloadZip()} loading={zipping} loadingText={T.zipBusy} disabled={rows.length === 0 || loading} title={T.zipHint}>
            <FileArchive /> {T.zip}
          </Button>
        }
      >
        {rows.length === 0 ? <Text color="fg.muted">{loading ? REPORT_TEXT.loading : T.empty}</Text> : <NfseMonthList rows={rows} />}
      </Section>
      <Text fontSize="sm" color="fg.muted">
        {T.zipHint}
      </Text>
    </Stack>
  );
}
