/** The sync centre says when this device's clock is more than a minute off the server's (issue 17 §5). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { SyncStatus } from '../../../src/data/db/types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let status: SyncStatus;
vi.mock('../../../src/data/db/sync-status', () => ({
  useSyncStatus: () => status,
  dismissRefused: vi.fn(),
  retryRefused: vi.fn(),
  syncNow: vi.fn(),
}));
vi.mock('../../../src/data/account', () => ({ listConflicts: async () => ({ ok: true, value: [] }) }));
let pendingNotes: Record<string, unknown>[] = [];
vi.mock('../../../src/data/db/nfse', () => ({ usePendingNotes: () => pendingNotes }));
vi.mock('../../../src/data/db/staff-directory', () => ({ useStaffDirectory: () => new Map() }));

const { SyncTab } = await import('../../../src/features/settings/SyncTab');

const base: SyncStatus = { online: true, pending: 0, lastSyncAt: null, syncing: false, refused: [], initialSync: null, error: null, clockSkewMs: null };

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

async function render(s: SyncStatus, notes: Record<string, unknown>[] = []): Promise<string> {
  status = s;
  pendingNotes = notes;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ChakraProvider value={defaultSystem}>
        <SyncTab />
      </ChakraProvider>,
    ),
  );
  return host.textContent ?? '';
}

describe('SyncTab: the device clock', () => {
  it('3 min ahead: says so in pt-BR, with what to do', async () => {
    const text = await render({ ...base, clockSkewMs: 181_000 });
    expect(text).toContain('O relógio deste aparelho está 3 min adiantado em relação ao servidor.');
    expect(text).toContain('data e hora automáticas');
  });

  it('behind: atrasado', async () => {
    expect(await render({ ...base, clockSkewMs: -5 * 60_000 })).toContain('O relógio deste aparelho está 5 min atrasado em relação ao servidor.');
  });

  it('within a minute, or not known yet: nothing about the clock', async () => {
    for (const clockSkewMs of [null, 40_000, -59_000]) {
      const text = await render({ ...base, clockSkewMs });
      expect(text).not.toContain('relógio');
      act(() => root?.unmount());
      host?.remove();
    }
  });
});

describe('SyncTab: what waits and what was refused', () => {
  it('with nothing refused it says only that — not the refusal intro above it (issue 39 §4)', async () => {
    const text = await render(base);
    expect(text).toContain('Nenhuma alteração recusada.');
    expect(text).not.toContain('O servidor não aceitou estas alterações');
  });

  it('a refused change comes with the intro and what to do', async () => {
    const refused = [{ collection: 'customers', id: 'c1', error: 'duplicate_phone', message: 'Este telefone já está cadastrado para outro cliente', document: { name: 'Ana' }, at: new Date().toISOString() }];
    const text = await render({ ...base, refused } as SyncStatus);
    expect(text).toContain('O servidor não aceitou estas alterações');
    expect(text).toContain('Este telefone já está cadastrado para outro cliente');
    expect(text).not.toContain('Nenhuma alteração recusada.');
  });

  it('an NFS-e asked on this device and not sent yet is listed as Aguardando envio (issue 38)', async () => {
    const text = await render({ ...base, pending: 1 }, [{ id: 'nfse-q1', job_code: 'ORC-2026-0007', tomador: { name: 'Maria' }, amount: 350, status: 'requested' }]);
    expect(text).toContain('Notas fiscais aguardando envio');
    expect(text).toContain('ORC-2026-0007 · Maria · R$ 350,00');
    expect(text).toContain('Aguardando envio');
  });
});
