/**
 * The backup file (issue 41): plain files carry their SHA-256, encrypted ones AES-256-GCM with a
 * scrypt key and the header authenticated; a wrong passphrase is told from a damaged file.
 */
import { expect, test } from 'vitest';
import { BackupFileError, WRONG_PASSPHRASE_MESSAGE, decodeBackup, encodeBackup, isEncrypted, type BackupManifest } from '../../../sync-server/src/backup/file-format';

const manifest: BackupManifest = { createdAt: '2026-11-28T06:00:00.000Z', source: 'pglite', tables: { customers: 3 }, photos: { count: 1, bytes: 10, digest: 'x' } };
const dump = Buffer.from('the database files, secret: hash of the owner password');

const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof BackupFileError ? err.reason : String(err);
  }
  return 'no error';
};

test('plain: read back as written; one flipped byte is a damaged file', () => {
  const file = encodeBackup(manifest, dump, null);
  expect(isEncrypted(file)).toBe(false);
  expect(decodeBackup(file, null)).toMatchObject({ manifest, dump, encrypted: false });
  const bad = Buffer.from(file);
  bad[bad.length - 5] ^= 1;
  expect(reason(() => decodeBackup(bad, null))).toBe('corrupted');
  expect(reason(() => decodeBackup(Buffer.from('not a backup'), null))).toBe('not_backup');
});

test('encrypted: nothing readable in the file; the passphrase opens it, a wrong one says so, damage is told apart', () => {
  const file = encodeBackup(manifest, dump, 'cofre da oficina');
  expect(isEncrypted(file)).toBe(true);
  expect(file.includes(Buffer.from('secret'))).toBe(false);
  expect(file.includes(Buffer.from('customers'))).toBe(false);
  expect(decodeBackup(file, 'cofre da oficina')).toMatchObject({ manifest, dump, encrypted: true });
  expect(() => decodeBackup(file, 'outra')).toThrow(WRONG_PASSPHRASE_MESSAGE);
  expect(reason(() => decodeBackup(file, null))).toBe('passphrase_needed');
  const bad = Buffer.from(file);
  bad[bad.length - 30] ^= 1;
  expect(reason(() => decodeBackup(bad, 'cofre da oficina'))).toBe('corrupted');
  // The header is authenticated too: changing it (here the scrypt cost) is not accepted silently.
  const tampered = Buffer.from(file.toString('latin1').replace('"p":1', '"p":2'), 'latin1');
  expect(reason(() => decodeBackup(tampered, 'cofre da oficina'))).not.toBe('no error');
}, 30_000);
