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
vi.mock('../../../src/data/db/staff-directory', () => ({ useStaffDirectory: () => new Map() }));

const { SyncTab } = await import('../../../src/features/settings/SyncTab');

const base: SyncStatus = { online: true, pending: 0, lastSyncAt: null, syncing: false, refused: [], initialSync: null, error: null, clockSkewMs: null };

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

async function render(s: SyncStatus): Promise<string> {
  status = s;
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
