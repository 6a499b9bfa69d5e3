/**
 * One NFS-e as staff see it: where it stands (Aguardando envio while it is still on this device,
 * Na fila, Emitindo… with why it waits, autorizada with number, chave and date, Rejeitada with the
 * national code and what to fix), and what can be done from there.
 */
import { Badge, Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { Download, ExternalLink } from 'lucide-react';
import { nfseConsultaUrl, type NfseDoc } from '@shared';
import { formatDateTime } from '../../domain/dates';
import { groupChave } from '../../domain/nfse/chave';
import { formatBRL } from '../../domain/money';
import { NF } from './messages';

export interface NoteActions {
  onDanfse: (note: NfseDoc) => void;
  onFix?: (note: NfseDoc) => void;
  onDiscard?: (note: NfseDoc) => void;
  onCancel?: (note: NfseDoc) => void;
}

type Tone = 'gray' | 'blue' | 'green' | 'red' | 'orange';

function headline(note: NfseDoc, pending: boolean): { text: string; tone: Tone } {
  const n = note.number ?? '?';
  if (pending && (note.status === 'requested' || note.status === 'cancel_requested')) return { text: NF.waitingDevice, tone: 'gray' };
  switch (note.status) {
    case 'requested':
      return { text: NF.queued, tone: 'blue' };
    case 'sending':
      return { text: NF.sending, tone: 'blue' };
    case 'authorized':
      return { text: NF.authorized(n), tone: 'green' };
    case 'rejected':
      return { text: NF.rejected, tone: 'red' };
    case 'cancel_requested':
    case 'cancelling':
      return { text: NF.cancelAsked, tone: 'orange' };
    case 'cancelled':
      return { text: NF.cancelled(n), tone: 'gray' };
    case 'cancel_rejected':
      return { text: NF.cancelRefused, tone: 'orange' };
  }
}

export function NoteStatus({ note, pending, actions }: { note: NfseDoc; pending: boolean; actions: NoteActions }) {
  const head = headline(note, pending);
  const hasXml = Boolean(note.nfse_xml);
  const refusal = note.status === 'rejected' || note.status === 'cancel_rejected';
  return (
    <Stack gap="2" data-testid="nfse-note" data-status={note.status}>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={head.tone} size="lg">
          {head.text}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {formatBRL(note.amount)} · {note.tomador?.name ?? NF.notIdentified}
        </Text>
      </HStack>
      {pending && note.status === 'requested' && (
        <Text fontSize="sm" color="fg.muted">
          {NF.waitingDeviceHint}
        </Text>
      )}
      {note.waiting_reason && !pending && (
        <Text fontSize="sm" color="fg.muted">
          {note.waiting_reason}
        </Text>
      )}
      {note.chave && (
        <Box fontSize="sm">
          <Text color="fg.muted">{NF.chave}</Text>
          <Code fontSize="xs" wordBreak="break-all" whiteSpace="normal" data-testid="nfse-chave">
            {groupChave(note.chave)}
          </Code>
          {note.authorized_at && (
            <Text mt="1">
              {NF.issuedAt} {formatDateTime(note.authorized_at)}
            </Text>
          )}
          {note.cancelled_at && (
            <Text>
              {NF.cancelledAt} {formatDateTime(note.cancelled_at)}
            </Text>
          )}
          {note.environment === 2 && (
            <Text color="orange.fg" mt="1">
              {NF.testEnvironment}
            </Text>
          )}
        </Box>
      )}
      {refusal && note.rejection_message && (
        <Box bg="red.subtle" borderRadius="md" p="3" fontSize="sm" role="status">
          <Text fontWeight="semibold">
            {NF.whatToFix}
            {note.rejection_code ? ` (${NF.code} ${note.rejection_code})` : ''}
          </Text>
          <Text whiteSpace="pre-wrap">{note.rejection_message}</Text>
          {note.rejection_detail && (
            <Text color="fg.muted" mt="1" whiteSpace="pre-wrap">
              {NF.nationalText}: {note.rejection_detail}
            </Text>
          )}
        </Box>
      )}
      <HStack gap="2" wrap="wrap">
        {hasXml && (
          <Button size="sm" variant="outline" onClick={() => actions.onDanfse(note)}>
            <Download size={16} /> {NF.downloadDanfse}
          </Button>
        )}
        {note.chave && (
          <Button asChild size="sm" variant="ghost">
            <a href={nfseConsultaUrl(note.chave)} target="_blank" rel="noopener noreferrer">
              <ExternalLink size={16} /> {NF.consulta}
            </a>
          </Button>
        )}
        {note.status === 'rejected' && actions.onFix && (
          <Button size="sm" colorPalette="blue" onClick={() => actions.onFix!(note)}>
            {NF.fixAndResend}
          </Button>
        )}
        {note.status === 'rejected' && actions.onDiscard && (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => actions.onDiscard!(note)}>
            {NF.discard}
          </Button>
        )}
        {(note.status === 'authorized' || note.status === 'cancel_rejected') && actions.onCancel && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => actions.onCancel!(note)}>
            {note.status === 'cancel_rejected' ? NF.cancelAgain : NF.cancelNote}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
