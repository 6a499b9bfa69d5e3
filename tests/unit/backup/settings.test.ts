/** FORJA_BACKUP_* (issue 41): defaults beside the data directory, never inside it, a time or `desligado`. */
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../../sync-server/src/config';

test('backups default to ./backups beside ./data at 03:00, unencrypted, no second folder', () => {
  expect(loadConfig({}, '/srv/forja').backup).toEqual({ dir: '/srv/forja/backups', copyDir: null, at: { hour: 3, minute: 0 }, passphrase: null });
  expect(loadConfig({ FORJA_DATA_DIR: '/var/lib/forja' }, '/opt/forja').backup.dir).toBe('/var/lib/backups');
  const set = loadConfig({ FORJA_BACKUP_DIR: 'bk', FORJA_BACKUP_COPY_DIR: '/media/pen', FORJA_BACKUP_AT: '1:30', FORJA_BACKUP_PASSPHRASE: ' frase ' }, '/srv/forja').backup;
  expect(set).toEqual({ dir: '/srv/forja/bk', copyDir: '/media/pen', at: { hour: 1, minute: 30 }, passphrase: ' frase ' });
  expect(loadConfig({ FORJA_BACKUP_AT: 'desligado' }, '/srv/forja').backup.at).toBeNull();
});

test('a backup folder inside the data directory, the same folder twice, or a bad time are refused at start', () => {
  expect(() => loadConfig({ FORJA_BACKUP_DIR: './data/backups' }, '/srv/forja')).toThrow(ConfigError);
  expect(() => loadConfig({ FORJA_BACKUP_DIR: './data/backups' }, '/srv/forja')).toThrow(/não pode ficar dentro da pasta de dados/);
  expect(() => loadConfig({ FORJA_BACKUP_COPY_DIR: './backups' }, '/srv/forja')).toThrow(/FORJA_BACKUP_COPY_DIR/);
  expect(() => loadConfig({ FORJA_BACKUP_AT: '25:00' }, '/srv/forja')).toThrow(/FORJA_BACKUP_AT/);
  expect(() => loadConfig({ FORJA_BACKUP_AT: '3h' }, '/srv/forja')).toThrow(/HH:MM/);
});
