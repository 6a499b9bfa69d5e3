/**
 * Random RFC 4122 version-4 ids. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost): on a shop's plain-http LAN address it is undefined, and the first id the sign-in
 * needed (this device's) threw. `crypto.getRandomValues` exists everywhere and is as random.
 */
export function randomId(cryptoApi: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const b = cryptoApi.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
