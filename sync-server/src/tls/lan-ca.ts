/**
 * LAN mode's certificates (npm run lan), kept under FORJA_DATA_DIR/tls:
 * - ca.crt / ca.key: the shop's own certificate authority. Phones trust it once (install page),
 *   so it is created on the first start and then never replaced — not on restarts, not on updates.
 * - server.crt / server.key: the certificate this server presents, signed by that CA, for every
 *   name a phone may use to reach the office PC (its LAN addresses, its hostname, localhost,
 *   127.0.0.1). Made again from the same CA when those names change or it nears its end.
 * X.509 by node-forge (keys from Node's own crypto, much faster than forge's pure-JS RSA).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import forge from 'node-forge';

export interface LanNames {
  ips: string[];
  dns: string[];
}

export interface LanCertificates {
  dir: string;
  caCertFile: string;
  certFile: string;
  keyFile: string;
  /** The CA was created by this call (first start). */
  caCreated: boolean;
  /** The server certificate was (re)made by this call. */
  serverIssued: boolean;
  /** SHA-256 fingerprint of the CA, as phones show it (AA:BB:…). */
  caFingerprint: string;
}

const DAY = 24 * 3600 * 1000;
const CA_VALIDITY_DAYS = 3650;
/** Apple refuses server certificates valid for more than 825 days, even from a CA the user trusts. */
const SERVER_VALIDITY_DAYS = 397;
const RENEW_BEFORE_DAYS = 30;

function newKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKey: forge.pki.publicKeyFromPem(publicKey) };
}

function serialNumber(): string {
  // Positive and non-zero: the first byte's high bit clear.
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] & 0x7f) | 0x01;
  return bytes.toString('hex');
}

function writeSecret(file: string, content: string) {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

function writePublic(file: string, content: string) {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, file);
}

function createCa(caCertFile: string, caKeyFile: string, label: string, now: Date) {
  const { privateKeyPem, publicKey } = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - DAY);
  cert.validity.notAfter = new Date(now.getTime() + CA_VALIDITY_DAYS * DAY);
  const subject = [
    { name: 'commonName', value: `Forja - autoridade local (${label})` },
    { name: 'organizationName', value: 'Forja' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  // Key first: a crash in between leaves no certificate whose key is missing.
  writeSecret(caKeyFile, privateKeyPem);
  writePublic(caCertFile, forge.pki.certificateToPem(cert));
}

function issueServerCertificate(files: { caCert: string; caKey: string; cert: string; key: string }, names: LanNames, now: Date) {
  const ca = forge.pki.certificateFromPem(readFileSync(files.caCert, 'utf8'));
  const caKey = forge.pki.privateKeyFromPem(readFileSync(files.caKey, 'utf8'));
  const { privateKeyPem, publicKey } = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now.getTime() - DAY);
  cert.validity.notAfter = new Date(now.getTime() + SERVER_VALIDITY_DAYS * DAY);
  cert.setSubject([{ name: 'commonName', value: names.dns[0] ?? names.ips[0] ?? 'localhost' }]);
  cert.setIssuer(ca.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [...names.dns.map((value) => ({ type: 2, value })), ...names.ips.map((ip) => ({ type: 7, ip }))],
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  writeSecret(files.key, privateKeyPem);
  writePublic(files.cert, forge.pki.certificateToPem(cert));
}

/** The server certificate is still right: same CA, every name covered, not near its end. */
function serverCertificateFits(certFile: string, keyFile: string, caCertFile: string, names: LanNames, now: Date): boolean {
  if (!existsSync(certFile) || !existsSync(keyFile)) return false;
  try {
    const cert = new X509Certificate(readFileSync(certFile));
    const ca = new X509Certificate(readFileSync(caCertFile));
    if (!cert.verify(ca.publicKey) || !cert.checkIssued(ca)) return false;
    if (new Date(cert.validTo).getTime() - now.getTime() < RENEW_BEFORE_DAYS * DAY) return false;
    const san = new Set((cert.subjectAltName ?? '').split(', ').map((s) => s.trim()));
    const wanted = [...names.dns.map((d) => `DNS:${d}`), ...names.ips.map((ip) => `IP Address:${ip}`)];
    return wanted.length === san.size && wanted.every((w) => san.has(w));
  } catch {
    return false;
  }
}

export function ensureLanCertificates(dataDir: string, names: LanNames, now: Date = new Date()): LanCertificates {
  const dir = path.join(dataDir, 'tls');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = {
    caCert: path.join(dir, 'ca.crt'),
    caKey: path.join(dir, 'ca.key'),
    cert: path.join(dir, 'server.crt'),
    key: path.join(dir, 'server.key'),
  };
  let caCreated = false;
  if (!existsSync(files.caCert) || !existsSync(files.caKey)) {
    createCa(files.caCert, files.caKey, names.dns[0] ?? 'LAN', now);
    caCreated = true;
  }
  let serverIssued = false;
  if (caCreated || !serverCertificateFits(files.cert, files.key, files.caCert, names, now)) {
    issueServerCertificate(files, names, now);
    serverIssued = true;
  }
  return {
    dir,
    caCertFile: files.caCert,
    certFile: files.cert,
    keyFile: files.key,
    caCreated,
    serverIssued,
    caFingerprint: new X509Certificate(readFileSync(files.caCert)).fingerprint256,
  };
}
