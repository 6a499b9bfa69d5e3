/**
 * Nota fiscal (NFS-e) of a job, on the accepted quotation and on the OS (issue 38): the current
 * note and what can be done with it, `Emitir NFS-e` while there is none (or all were cancelled),
 * and the cancelled ones below. Everything from the local database: works offline.
 */
import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { FiscalSettings, NfseDoc } from '@shared';
import { useCompanyProfile } from '../../data/db/company';
import { useFirstDownload } from '../../data/db/first-download';
import { nfseCommands, useJobNotes, type NfseJob } from '../../data/db/nfse';
import { useMyRole } from '../../data/db/staff';
import { useIsPending } from '../../data/db/sync-status';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { firstDownloadText } from '../../ui/firstDownloadText';
import { toaster } from '../../ui/toaster';
import { CancelNfseDialog } from './CancelNfseDialog';
import { EmitNfseDialog, type EmitDefaults } from './EmitNfseDialog';
import { NF } from './messages';
import { NoteStatus, type NoteActions } from './NoteStatus';

const FIRST_DOWNLOAD = ['company', 'nfse'] as const;

export interface NfsePanelProps {
  job: NfseJob;
  defaults: EmitDefaults;
}

async function openDanfse(note: NfseDoc): Promise<void> {
  try {
    const { downloadDanfse } = await import('../../ui/danfse/download');
    await downloadDanfse(note.nfse_xml!, { cancelled: note.status === 'cancelled' });
  } catch (err) {
    toaster.create({ type: 'error', title: NF.downloadDanfse, description: String(err) });
  }
}

export function NfsePanel({ job, defaults }: NfsePanelProps) {
  const { notes, current } = useJobNotes(job.jobKey);
  const { company } = useCompanyProfile();
  const owner = useMyRole() === 'owner';
  const pending = useIsPending('nfse', current?.id ?? null);
  const [emitting, setEmitting] = useState(false);
  const [fixing, setFixing] = useState<NfseDoc | null>(null);
  const [discarding, setDiscarding] = useState<NfseDoc | null>(null);
  const [cancelling, setCancelling] = useState<NfseDoc | null>(null);
  const fiscal = (company?.fiscal as FiscalSettings | null | undefined) ?? null;
  // Before the shop's settings and notes have reached a new device, "no note" and "not configured"
  // would be false: say they are still downloading.
  const download = useFirstDownload(FIRST_DOWNLOAD);
  const previous = notes.filter((n) => n !== current && n.status === 'cancelled');

  const actions: NoteActions = {
    onDanfse: (n) => void openDanfse(n),
    onFix: fiscal ? setFixing : undefined,
    onDiscard: setDiscarding,
    onCancel: owner ? setCancelling : undefined,
  };

  return (
    <Stack gap="3" data-testid="nfse-panel">
      {current ? (
        <NoteStatus note={current} pending={pending} actions={actions} />
      ) : !download.done ? (
        <Text color="fg.muted" data-testid="nfse-downloading">
          {firstDownloadText(download)}
        </Text>
      ) : (
        <Stack gap="2" align="start">
          <Text color="fg.muted">{NF.none}</Text>
          {fiscal ? (
            <Button colorPalette="blue" size="lg" onClick={() => setEmitting(true)}>
              <FileText size={18} /> {notes.length > 0 ? NF.emitAgain : NF.emit}
            </Button>
          ) : (
            <Text fontSize="sm" color="orange.fg">
              {owner ? NF.notConfiguredOwner : NF.notConfiguredStaff}
            </Text>
          )}
        </Stack>
      )}
      {previous.length > 0 && (
        <Stack gap="3" borderTopWidth="1px" pt="3">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted">
            {NF.previous}
          </Text>
          {previous.map((n) => (
            <NoteStatus key={n.id} note={n} pending={false} actions={{ onDanfse: actions.onDanfse }} />
          ))}
        </Stack>
      )}
      {fiscal && (
        <EmitNfseDialog
          open={emitting || fixing !== null}
          onClose={() => {
            setEmitting(false);
            setFixing(null);
          }}
          job={job}
          fiscal={fiscal}
          defaults={defaults}
          resending={fixing}
        />
      )}
      <CancelNfseDialog note={cancelling} onClose={() => setCancelling(null)} />
      <ConfirmDialog
        open={discarding !== null}
        title={NF.discardTitle}
        message={NF.discardText}
        confirmLabel={NF.discard}
        cancelLabel={NF.close}
        destructive
        onCancel={() => setDiscarding(null)}
        onConfirm={async () => {
          if (discarding) await nfseCommands.discard(discarding);
          setDiscarding(null);
        }}
      />
    </Stack>
  );
}
