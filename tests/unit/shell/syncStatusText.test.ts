import { describe, expect, it } from 'vitest';
import { syncStatusText, collectionLabel, documentTitle, type SyncStatusView } from '../../../src/ui/syncStatusText';

const base: SyncStatusView = {
  online: true,
  pending: 0,
  lastSyncAt: null,
  syncing: false,
  refused: [],
  initialSync: null,
  error: null,
};

describe('sync badge wording', () => {
  it('offline, and how many changes wait on this device', () => {
    expect(syncStatusText({ ...base, online: false }).text).toBe('Offline');
    expect(syncStatusText({ ...base, online: false, pending: 3 }).text).toBe('Offline · 3 alterações pendentes');
  });
  it('syncing', () => {
    expect(syncStatusText({ ...base, syncing: true }).text).toBe('Sincronizando…');
  });
  it('pending changes are counted', () => {
    expect(syncStatusText({ ...base, pending: 1 }).text).toBe('1 alteração pendente');
    expect(syncStatusText({ ...base, pending: 4 }).text).toBe('4 alterações pendentes');
  });
  it('last sync time as HH:mm (local time)', () => {
    const at = new Date(2026, 10, 22, 9, 5).toISOString();
    expect(syncStatusText({ ...base, lastSyncAt: at }).text).toBe('Sincronizado às 09:05');
  });
  it('first download progress', () => {
    expect(syncStatusText({ ...base, initialSync: { done: 2, total: 8 } }).text).toBe('Baixando dados… 2 de 8');
    expect(syncStatusText({ ...base, initialSync: { done: 8, total: 8 }, lastSyncAt: null }).text).not.toMatch(/Baixando/);
  });
  it('labels refused documents by collection and name', () => {
    expect(collectionLabel('customers')).toBe('Cliente');
    expect(documentTitle({ name: 'João', phone: '1' })).toBe('João');
    expect(documentTitle({ code: 'ORC-AB12CD', description: 'x' })).toBe('ORC-AB12CD');
  });
});
