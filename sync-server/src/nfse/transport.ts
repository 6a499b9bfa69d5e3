/**
 * The national API carries XML as base64 of gzip of the UTF-8 bytes (manual §6.1.1.c), inside
 * JSON fields such as dpsXmlGZipB64.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { NfseError } from './errors';

export function packXml(xml: string): string {
  return gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
}

export function unpackXml(b64: string): string {
  try {
    return gunzipSync(Buffer.from(b64, 'base64')).toString('utf8');
  } catch (error) {
    throw new NfseError('xml_invalid', `gzip/base64: ${(error as Error).message}`);
  }
}
