/**
 * The shop's A1 certificate (.pfx/.p12, e-CNPJ ICP-Brasil) → PEM key and certificate for signing
 * and for mutual TLS, plus what the settings screen shows (holder, CNPJ, validity: certificate-store's
 * describeCertificate; the warnings about it are schemas/nfse.ts's certificateWarnings, shared with the devices).
 * node-forge reads it, not Node's OpenSSL: A1 files from Brazilian CAs are often encrypted with
 * 3DES or 40-bit RC2, which OpenSSL 3 refuses without its legacy provider ("unsupported").
 */
import forge from 'node-forge';
import { NfseError } from './errors';

/** ICP-Brasil SAN otherName: CNPJ of the company holding an e-CNPJ (DOC-ICP-04). */
export const OID_ICP_CNPJ = '2.16.76.1.3.3';

export interface A1Certificate {
  keyPem: string;
  /** The end-entity certificate (the one matching the key). */
  certPem: string;
  /** Other certificates in the file (intermediate and root CAs), PEM. */
  chainPem: string[];
  /** Company name from the CN, without the ":CNPJ" suffix. */
  holder: string;
  cnpj: string;
  validFrom: Date;
  validUntil: Date;
  /** Issuer CN (the CA, e.g. "AC SOLUTI Multipla v5"). */
  issuer: string;
  /** Whole days until validUntil (negative once expired). */
  daysLeft: number;
}

const DAY_MS = 24 * 3600 * 1000;

function attribute(name: forge.pki.Certificate['subject'], short: string): string {
  const field = name.getField(short) as { value?: unknown } | null;
  return typeof field?.value === 'string' ? field.value : '';
}

/** forge keeps attribute strings as raw bytes; ICP-Brasil names are UTF-8. */
function utf8(value: string): string {
  try {
    return forge.util.decodeUtf8(value);
  } catch {
    return value;
  }
}

/** The first primitive value under an ASN.1 node (otherName values are wrapped in [0] EXPLICIT). */
function firstPrimitive(node: forge.asn1.Asn1): string | undefined {
  if (!Array.isArray(node.value)) return node.value;
  for (const child of node.value) {
    const found = firstPrimitive(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** CNPJ from the SAN otherName 2.16.76.1.3.3, read from the extension's DER. */
export function cnpjFromSan(cert: forge.pki.Certificate): string | undefined {
  const san = (cert.extensions as { id: string; value: string }[]).find((e) => e.id === '2.5.29.17');
  if (!san) return undefined;
  try {
    const names = forge.asn1.fromDer(san.value);
    for (const gn of names.value as forge.asn1.Asn1[]) {
      if (gn.tagClass !== forge.asn1.Class.CONTEXT_SPECIFIC || gn.type !== 0 || !Array.isArray(gn.value)) continue;
      const [oid, wrapped] = gn.value;
      if (!oid || typeof oid.value !== 'string' || forge.asn1.derToOid(oid.value) !== OID_ICP_CNPJ || !wrapped) continue;
      const raw = firstPrimitive(wrapped);
      const cnpj = raw?.replace(/[^0-9A-Z]/g, '');
      if (cnpj && /^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return cnpj;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** "RAZAO SOCIAL LTDA:12345678000195" → name and CNPJ (the e-CNPJ CN convention). */
function splitCommonName(cn: string): { holder: string; cnpj?: string } {
  const match = /^(.*?):\s*([0-9A-Z]{12}[0-9]{2})\s*$/.exec(cn);
  return match ? { holder: match[1].trim(), cnpj: match[2] } : { holder: cn.trim() };
}

function readPkcs12(pfx: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')), false);
  } catch (error) {
    throw new NfseError('certificate_unreadable', (error as Error).message);
  }
  try {
    // Not strict: files exported by Windows use BER (indefinite lengths).
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    const message = (error as Error).message;
    // The MAC is keyed by the password; without a MAC a wrong password shows up as a failed decryption.
    if (/MAC could not be verified|password|decrypt/i.test(message)) throw new NfseError('certificate_wrong_password');
    throw new NfseError('certificate_unreadable', message);
  }
}

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string): forge.pkcs12.Bag[] {
  return p12.getBags({ bagType: type })[type] ?? [];
}

export function loadA1(pfx: Buffer, password: string, now: Date): A1Certificate {
  const p12 = readPkcs12(pfx, password);
  const keyBags = [...bagsOf(p12, forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(p12, forge.pki.oids.keyBag)];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new NfseError('certificate_no_key');
  const certs = bagsOf(p12, forge.pki.oids.certBag)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  // The end certificate is the one whose public key is the private key's (files carry the CA chain too).
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(key.n) && pub.e?.equals(key.e);
  });
  if (!cert) throw new NfseError('certificate_no_key', 'nenhum certificado corresponde à chave');
  const cn = utf8(attribute(cert.subject, 'CN'));
  const fromCn = splitCommonName(cn);
  const cnpj = cnpjFromSan(cert) ?? fromCn.cnpj;
  if (!cnpj) throw new NfseError('certificate_not_icp', cn || undefined);
  const validFrom = cert.validity.notBefore;
  const validUntil = cert.validity.notAfter;
  if (validUntil.getTime() < now.getTime()) {
    throw new NfseError('certificate_expired', `venceu em ${validUntil.toISOString().slice(0, 10)}`);
  }
  if (validFrom.getTime() > now.getTime()) throw new NfseError('certificate_not_yet_valid');
  return {
    keyPem: forge.pki.privateKeyToPem(key),
    certPem: forge.pki.certificateToPem(cert),
    chainPem: certs.filter((c) => c !== cert).map((c) => forge.pki.certificateToPem(c)),
    holder: fromCn.holder,
    cnpj,
    validFrom,
    validUntil,
    issuer: utf8(attribute(cert.issuer, 'CN')),
    daysLeft: Math.floor((validUntil.getTime() - now.getTime()) / DAY_MS),
  };
}
