/** Small screens: one card per transaction; 'Mais'/'Menos' shows Registrado por and Data e hora. */
import { memo, useState } from 'react';
import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { CASHFLOW_TEXT as T } from './messages';
import type { RowView } from './rowView';

interface Props {
  rows: RowView[];
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

const TYPE_COLORS = { entrada: 'green', saida: 'red', despesas: 'orange' } as const;

function TransactionCard({ r, onEdit, onDelete }: { r: RowView; onEdit: (id: string) => void; onDelete: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card.Root size="sm" data-testid="transaction-card">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Box minW="0">
            <Text fontWeight="medium" truncate>
              {r.title}
            </Text>
            {r.detail && (
              <Text fontSize="xs" color="fg.muted" truncate>
                {r.detail}
              </Text>
            )}
          </Box>
          <Text fontWeight="semibold" whiteSpace="nowrap" color={r.type === 'entrada' ? 'green.fg' : 'red.fg'}>
            {r.amount}
          </Text>
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={TYPE_COLORS[r.type]} variant="subtle">
            {r.typeLabel}
          </Badge>
          <Badge colorPalette={r.statusColor} data-testid="transaction-status">
            {r.statusLabel}
          </Badge>
          <Text fontSize="xs" color="fg.muted">
            {r.date}
            {r.due && ` · ${T.due} ${r.due}`}
          </Text>
        </HStack>
        {open && (
          <Stack gap="1" fontSize="sm" bg="bg.muted" borderRadius="md" p="2">
            <Text>
              <Text as="span" color="fg.muted">
                {T.byLabel}:{' '}
              </Text>
              {r.by}
            </Text>
            <Text>
              <Text as="span" color="fg.muted">
                {T.dateTime}:{' '}
              </Text>
              {r.dateTime}
            </Text>
          </Stack>
        )}
        <HStack justify="space-between" gap="2">
          <Button size="xs" variant="ghost" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? T.less : T.more}
          </Button>
          <HStack gap="2">
            <Button size="xs" variant="outline" onClick={() => onEdit(r.id)}>
              {T.edit}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(r.id)}>
              {T.remove}
            </Button>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export const TransactionCards = memo(function TransactionCards({ rows, onEdit, onDelete }: Props) {
  return (
    <Stack gap="2" role="list" aria-label={T.listLabel}>
      {rows.map((r) => (
        <Box role="listitem" key={r.id}>
          <TransactionCard r={r} onEdit={onEdit} onDelete={onDelete} />
        </Box>
      ))}
    </Stack>
  );
});
