/**
 * Issue 41 §5: the owner — only the owner — is warned on the dashboard when the last good backup
 * is older than 48 hours or the second folder failed; Configurações › Backups shows the server's
 * report, asks for a backup now, and offline says the server is needed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { BackupsResponse } from '@shared';

let role: 'owner' | 'staff' = 'owner';
let online = true;
let answer: { ok: true; value: BackupsResponse } | { ok: false; message: string; code?: string };
const backupNow = vi.fn();
vi.mock('../../../src/data/db', () => ({ useMyRole: () => role, useSyncStatus: () => ({ online }) }));
vi.mock('../../../src/data/backups', () => ({ getBackups: async () => answer, backupNow: (...a: unknown[]) => backupNow(...a) }));
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: () => {} } }));

const { BackupNotice } = await import('../../../src/features/settings/BackupNotice');
const { BackupsTab } = await import('../../../src/features/settings/BackupsTab');
const { OWNER_TABS } = await import('../../../src/features/settings/messages');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const status = (over: Partial<BackupsResponse> = {}): BackupsResponse => ({
  lastGood: { file: '/srv/backups/forja-backup-2026-11-28T060000Z.bak', at: '2026-11-28T06:00:00.000Z', size: 4_900_000, verified: true, encrypted: true, tables: 26, rows: 1200 },
  lastFailure: null,
  copy: null,
  kept: [{ name: 'forja-backup-2026-11-28T060000Z.bak', at: '2026-11-28T06:00:00.000Z', size: 4_900_000, verified: true, copied: true }],
  dir: '/srv/backups',
  copyDir: null,
  encrypted: true,
  nextRun: '2026-11-29T06:00:00.000Z',
  running: false,
  since: '2026-11-01T00:00:00.000Z',
  ...over,
});

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  role = 'owner';
  online = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});
async function render(node: React.ReactNode) {
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <MemoryRouter>{node}</MemoryRouter>
      </ChakraProvider>,
    );
  });
  await act(async () => {});
}
const notice = () => document.querySelector('[data-testid=backup-notice]');

describe('the dashboard notice', () => {
  it('the owner is warned when the last good backup is older than 48 hours, with the way to Configurações › Backups', async () => {
    answer = { ok: true, value: status() };
    await render(<BackupNotice now={new Date('2026-11-30T07:00:00Z')} />);
    expect(notice()!.textContent).toContain('O último backup bom é de 28/11/2026 03:00, há mais de 48 horas.');
    expect(notice()!.querySelector('a')!.getAttribute('href')).toBe('/adm/settings?tab=backups');
  });
  it('a failed second folder is said; a recent backup alone is not', async () => {
    answer = { ok: true, value: status({ copyDir: '/media/pen', copy: { dir: '/media/pen', at: '2026-11-28T06:00:05.000Z', ok: false, reason: 'A cópia na segunda pasta falhou: sem espaço em disco em /media/pen.' } }) };
    await render(<BackupNotice now={new Date('2026-11-28T12:00:00Z')} />);
    expect(notice()!.textContent).toContain('sem espaço em disco em /media/pen');
    expect(notice()!.textContent).not.toContain('48 horas');
    answer = { ok: true, value: status() };
    await render(<BackupNotice now={new Date('2026-11-28T12:01:00Z')} />);
    expect(notice()).toBeNull();
  });
  it('staff never see it', async () => {
    answer = { ok: true, value: status({ lastGood: null }) };
    role = 'staff';
    await render(<BackupNotice now={new Date('2026-11-30T07:00:00Z')} />);
    expect(notice()).toBeNull();
  });
});

describe('Configurações › Backups', () => {
  it('is an owner tab; shows the last good backup, where and verified, and the kept list', async () => {
    expect(OWNER_TABS).toContain('backups');
    answer = { ok: true, value: status() };
    await render(<BackupsTab />);
    const tab = document.querySelector('[data-testid=backups-tab]')!;
    expect(tab.textContent).toContain('28/11/2026 03:00 · 4,7 MB');
    expect(tab.textContent).toContain('conferido por restauração');
    expect(tab.textContent).toContain('/srv/backups/forja-backup-2026-11-28T060000Z.bak');
    expect(tab.textContent).toContain('Próximo backup automático: 29/11/2026 03:00.');
    expect(document.querySelectorAll('[data-testid=backups-kept] li')).toHaveLength(1);
    // Nothing to download: the files stay on the office computer.
    expect(tab.querySelector('a[href*="backup"]')).toBeNull();
  });
  it('a failure newer than the last good backup is shown with its reason; Fazer backup agora asks the server', async () => {
    answer = { ok: true, value: status({ lastFailure: { at: '2026-11-29T06:00:00.000Z', reason: 'O backup não foi gravado: sem espaço em disco em /srv/backups.', keptAside: null } }) };
    backupNow.mockResolvedValue({ ok: true, value: status() });
    await render(<BackupsTab />);
    expect(document.querySelector('[data-testid=backups-failure]')!.textContent).toContain('sem espaço em disco em /srv/backups');
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Fazer backup agora'))!;
    await act(async () => button.click());
    expect(backupNow).toHaveBeenCalledTimes(1);
  });
  it('offline it says the server is needed', async () => {
    online = false;
    answer = { ok: false, message: 'Sem conexão', code: 'offline' };
    await render(<BackupsTab />);
    expect(document.querySelector('[data-testid=backups-offline]')!.textContent).toContain('conecte-se ao servidor');
  });
});
