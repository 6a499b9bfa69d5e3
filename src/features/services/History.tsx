/** Anotações (add one; insert-only) and the Histórico of moves: who, when, from → to. */
import { useState, type FormEvent } from 'react';
import { Badge, Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { WORK_ORDER_NOTE_MAX, WORK_ORDER_STAGE_LABELS } from '@shared';
import { workOrderCommands, type WorkOrderView } from '../../data/db/work-orders';
import { formatDate, formatTime } from '../../domain/dates';
import { SV } from './messages';
import { attempt, done } from './toast';

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

function Line({ who, at, pending, children, testId }: { who: string; at: string; pending: boolean; children: React.ReactNode; testId: string }) {
  return (
    <Box borderLeftWidth="3px" borderColor="border.emphasized" pl="3" py="1" data-testid={testId}>
      {children}
      <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
        <Text>
          {who} · {when(at)}
        </Text>
        {pending && (
          <Badge size="sm" variant="outline" colorPalette="orange">
            {SV.pending}
          </Badge>
        )}
      </HStack>
    </Box>
  );
}

export function Notes({ order, nameOf }: { order: WorkOrderView; nameOf: (id: string | null) => string }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const ok = await attempt(() => workOrderCommands.addNote(order.id, text));
    setBusy(false);
    if (ok) {
      setText('');
      done(SV.noteAdded);
    }
  };
  return (
    <Stack gap="3">
      <form onSubmit={submit} noValidate>
        <Stack gap="2">
          <Field.Root>
            <Field.Label>{SV.note}</Field.Label>
            <Textarea name="note" rows={2} maxLength={WORK_ORDER_NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />
          </Field.Root>
          <Button type="submit" size="lg" variant="outline" alignSelf={{ base: 'stretch', md: 'start' }} loading={busy} disabled={!text.trim()}>
            {SV.addNote}
          </Button>
        </Stack>
      </form>
      {order.notes.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {SV.noNotes}
        </Text>
      ) : (
        order.notes.map((n) => (
          <Line key={n.id} who={nameOf(n.by)} at={n.at} pending={n.pending} testId="work-order-note">
            <Text whiteSpace="pre-wrap">{n.text}</Text>
          </Line>
        ))
      )}
    </Stack>
  );
}

export function MoveHistory({ order, nameOf }: { order: WorkOrderView; nameOf: (id: string | null) => string }) {
  const moves = [...order.moves].reverse();
  return (
    <Stack gap="2">
      {moves.map((m) => (
        <Line key={m.id} who={nameOf(m.by)} at={m.at} pending={m.pending} testId="work-order-move">
          <Text fontWeight="medium">{m.from ? SV.movedBy(WORK_ORDER_STAGE_LABELS[m.from], WORK_ORDER_STAGE_LABELS[m.to]) : WORK_ORDER_STAGE_LABELS[m.to]}</Text>
        </Line>
      ))}
      <Line who={nameOf(order.created_by ?? null)} at={order.created_at} pending={false} testId="work-order-created">
        <Text fontWeight="medium">{SV.createdIn(WORK_ORDER_STAGE_LABELS.aguardando_inicio)}</Text>
      </Line>
    </Stack>
  );
}
