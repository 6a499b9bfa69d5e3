/** The month's notes: a table on a wide screen, one card per note on a phone. */
import { useState } from 'react';
import { Badge, Box, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { FileDown } from 'lucide-react';
import { shopDay, situationLabel, type MonthNote } from '../../../domain/nfse/month-report';
import { formatCentsBRL } from '../../../domain/money';
import { downloadDanfse } from '../../../ui/danfse/download';
import { toaster } from '../../../ui/toaster';
import { REPORT_TEXT } from '../messages';

const T = REPORT_TEXT.nfse;

function SituationBadge({ row }: { row: MonthNote }) {
  return (
    <Badge colorPalette={row.situation === 'cancelled' ? 'red' : 'green'} variant="subtle">
      {situationLabel(row.situation)}
    </Badge>
  );
}

/** 'Baixar DANFSe': drawn on this device from the note's XML (jsPDF loads on the first click). */
function DanfseButton({ row, full }: { row: MonthNote; full?: boolean }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!row.nfseXml) {
      toaster.create({ type: 'warning', title: T.noXml });
      return;
    }
    setBusy(true);
    try {
      await downloadDanfse(row.nfseXml, { cancelled: row.situation === 'cancelled' });
    } catch (err) {
      console.error(err);
      toaster.create({ type: 'error', title: T.danfseError });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="outline" onClick={() => void run()} loading={busy} aria-label={T.danfseOf(row.number)} width={full ? 'full' : undefined}>
      <FileDown /> {T.danfse}
    </Button>
  );
}

export function NfseMonthList({ rows }: { rows: readonly MonthNote[] }) {
  return (
    <>
      <Box hideBelow="md">
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid="nfse-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{T.colNumber}</Table.ColumnHeader>
                <Table.ColumnHeader>{T.colDate}</Table.ColumnHeader>
                <Table.ColumnHeader>{T.colCustomer}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{T.colValue}</Table.ColumnHeader>
                <Table.ColumnHeader>{T.colSituation}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{T.colActions}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id} data-testid="nfse-row">
                  <Table.Cell fontWeight="medium" whiteSpace="nowrap">
                    {r.number}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{shopDay(r.authorizedAt)}</Table.Cell>
                  <Table.Cell>{r.customer}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" textDecoration={r.situation === 'cancelled' ? 'line-through' : undefined}>
                    {formatCentsBRL(r.cents)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <SituationBadge row={r} />
                    {r.cancelledAt && (
                      <Text as="span" fontSize="xs" color="fg.muted" ms="2">
                        {T.cancelledOn(shopDay(r.cancelledAt))}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <DanfseButton row={r} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Box>
      <Stack hideFrom="md" gap="3" as="ul" listStyleType="none" m="0" p="0" data-testid="nfse-cards">
        {rows.map((r) => (
          <Card.Root as="li" key={r.id} size="sm" variant="outline" data-testid="nfse-card">
            <Card.Body gap="2">
              <HStack justify="space-between" align="flex-start" gap="2">
                <Box minW="0">
                  <Text fontWeight="semibold">{T.numberOf(r.number)}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {shopDay(r.authorizedAt)}
                  </Text>
                </Box>
                <SituationBadge row={r} />
              </HStack>
              <Text fontSize="sm" lineClamp={2}>
                {r.customer}
              </Text>
              <HStack justify="space-between" gap="2">
                <Text fontWeight="bold" textDecoration={r.situation === 'cancelled' ? 'line-through' : undefined}>
                  {formatCentsBRL(r.cents)}
                </Text>
                {r.cancelledAt && (
                  <Text fontSize="xs" color="fg.muted">
                    {T.cancelledOn(shopDay(r.cancelledAt))}
                  </Text>
                )}
              </HStack>
              <DanfseButton row={r} full />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </>
  );
}
