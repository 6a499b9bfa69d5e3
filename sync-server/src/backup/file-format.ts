/**
 * A backup file: `FORJABK1`, a uint32 header length, a JSON header, then the body.
 * The body is a uint32 manifest length, the manifest (JSON: what was copied — row counts, photo
 * bytes — so a restore can be checked against it) and the database's dump.
 * - Plain: the header carries the body's SHA-256, so a damaged file is told from a good one.
 * - With a passphrase: AES-256-GCM over the body (the header as additional data, so it cannot be
 *   altered either), key by scrypt from the passphrase and a random salt kept in the header,
 *   plus a short key check so a wrong passphrase is told from a damaged file.
 * Files from before (a bare PGlite .tar.gz) are still read: restore.ts takes them as they are.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const MAGIC = Buffer.from('FORJABK1', 'ascii');
/** scrypt N=2^17, r=8, p=1: OWASP's minimum for scrypt; ~0.3 s and 128 MB per derivation. */
const KDF = { N: 2 ** 17, r: 8, p: 1 };

export interface BackupManifest {
  createdAt: string;
  /** 'pglite': an archive of the embedded database's folder; 'postgres': pg_dump's custom format. */
  source: 'pglite' | 'postgres';
  /** Rows of every table when the copy was made (the same snapshot as the dump). */
  tables: Record<string, number>;
  photos: { count: number; bytes: number; digest: string };
}

interface Header {
  format: 1;
  sha256?: string;
  encryption?: { cipher: 'aes-256-gcm'; kdf: 'scrypt'; N: number; r: number; p: number; salt: string; iv: string; check: string };
}

/** A file that cannot be read: the message says why, in pt-BR. */
export class BackupFileError extends Error {
  constructor(
    message: string,
    readonly reason: 'not_backup' | 'corrupted' | 'passphrase_needed' | 'wrong_passphrase',
  ) {
    super(message);
  }
}

export const WRONG_PASSPHRASE_MESSAGE = 'Senha do backup incorreta: este arquivo foi criptografado com outra senha (FORJA_BACKUP_PASSPHRASE).';

function deriveKey(passphrase: string, salt: Buffer, k: { N: number; r: number; p: number }): Buffer {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { ...k, maxmem: 256 * 1024 * 1024 });
}

const keyCheck = (key: Buffer) => createHmac('sha256', key).update('forja-backup-key-check').digest().subarray(0, 8).toString('base64');

export function isBackupFile(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && Buffer.from(bytes.subarray(0, MAGIC.length)).equals(MAGIC);
}

export function isEncrypted(bytes: Uint8Array): boolean {
  try {
    return !!readHeader(Buffer.from(bytes)).header.encryption;
  } catch {
    return false;
  }
}

export function encodeBackup(manifest: BackupManifest, dump: Uint8Array, passphrase: string | null): Buffer {
  const m = Buffer.from(JSON.stringify(manifest), 'utf8');
  const mLen = Buffer.alloc(4);
  mLen.writeUInt32BE(m.length);
  const body = Buffer.concat([mLen, m, dump]);
  const header: Header = { format: 1 };
  if (passphrase === null) {
    header.sha256 = createHash('sha256').update(body).digest('hex');
    return Buffer.concat([headerBytes(header), body]);
  }
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = deriveKey(passphrase, salt, KDF);
  header.encryption = { cipher: 'aes-256-gcm', kdf: 'scrypt', ...KDF, salt: salt.toString('base64'), iv: iv.toString('base64'), check: keyCheck(key) };
  const head = headerBytes(header);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(head);
  return Buffer.concat([head, cipher.update(body), cipher.final(), cipher.getAuthTag()]);
}

function headerBytes(header: Header): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, len, json]);
}

function readHeader(file: Buffer): { header: Header; headLength: number } {
  if (!isBackupFile(file)) throw new BackupFileError('Este arquivo não é um backup do Forja.', 'not_backup');
  const damaged = () => new BackupFileError('O arquivo de backup está corrompido (cabeçalho ilegível).', 'corrupted');
  if (file.length < 12) throw damaged();
  const len = file.readUInt32BE(8);
  if (len > 64 * 1024 || 12 + len > file.length) throw damaged();
  try {
    const header = JSON.parse(file.subarray(12, 12 + len).toString('utf8')) as Header;
    if (header.format !== 1) throw damaged();
    return { header, headLength: 12 + len };
  } catch {
    throw damaged();
  }
}

export function decodeBackup(bytes: Uint8Array, passphrase: string | null): { manifest: BackupManifest; dump: Buffer; encrypted: boolean } {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { header, headLength } = readHeader(file);
  const corrupted = new BackupFileError('O arquivo de backup está corrompido: o conteúdo não confere com o que foi gravado.', 'corrupted');
  let body: Buffer;
  const enc = header.encryption;
  if (enc) {
    if (passphrase === null) {
      throw new BackupFileError('Este backup é criptografado: informe a senha (FORJA_BACKUP_PASSPHRASE).', 'passphrase_needed');
    }
    const key = deriveKey(passphrase, Buffer.from(enc.salt, 'base64'), enc);
    const check = Buffer.from(keyCheck(key));
    const stored = Buffer.from(enc.check);
    if (check.length !== stored.length || !timingSafeEqual(check, stored)) throw new BackupFileError(WRONG_PASSPHRASE_MESSAGE, 'wrong_passphrase');
    if (file.length < headLength + 16) throw corrupted;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(enc.iv, 'base64'));
    decipher.setAAD(file.subarray(0, headLength));
    decipher.setAuthTag(file.subarray(file.length - 16));
    try {
      body = Buffer.concat([decipher.update(file.subarray(headLength, file.length - 16)), decipher.final()]);
    } catch {
      throw corrupted;
    }
  } else {
    body = file.subarray(headLength);
    if (createHash('sha256').update(body).digest('hex') !== header.sha256) throw corrupted;
  }
  if (body.length < 4) throw corrupted;
  const mLen = body.readUInt32BE(0);
  if (4 + mLen > body.length) throw corrupted;
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(body.subarray(4, 4 + mLen).toString('utf8')) as BackupManifest;
  } catch {
    throw corrupted;
  }
  return { manifest, dump: body.subarray(4 + mLen), encrypted: !!enc };
}
