/**
 * The SHA-256 RxDB hashes with. It uses `crypto.subtle`, which browsers give only to secure
 * contexts: on a shop's plain-http LAN address the local database could not even open. There
 * the same digest comes from @noble/hashes (audited, small), loaded only on such an origin.
 */
import type { HashFunction } from 'rxdb';

async function asBytes(input: string | ArrayBuffer | Blob): Promise<Uint8Array> {
  if (typeof input === 'string') return new TextEncoder().encode(input);
  if (typeof Blob !== 'undefined' && input instanceof Blob) return new Uint8Array(await input.arrayBuffer());
  return new Uint8Array(input as ArrayBuffer);
}

export const portableSha256: HashFunction = async (input) => {
  const [{ sha256 }, { bytesToHex }] = await Promise.all([import('@noble/hashes/sha2.js'), import('@noble/hashes/utils.js')]);
  return bytesToHex(sha256(await asBytes(input)));
};

/** RxDB's own (native) hash where crypto.subtle exists, the portable one where it does not. */
export function hashFunctionForThisContext(): HashFunction | undefined {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function' ? undefined : portableSha256;
}
