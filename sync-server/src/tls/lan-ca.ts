/**
 * LAN mode's certificates (npm run lan), kept under FORJA_DATA_DIR/tls (0700, every file 0600):
 * - ca.crt / ca.key: the shop's own certificate authority. Phones trust it once (install page),
 *   so it is created on the first start and then never replaced — not on restarts, not on updates.
 *   It lives 10 years (CA_VALIDITY_DAYS): README says phones reinstall it then.
 *   It is name-constrained (RFC 5280 4.2.1.10, marked critical): it can only vouch for the names
 *   the office PC had when it was made and for private-network and loopback addresses, so its key,
 *   if stolen, cannot impersonate any site on the internet to the phones that trust it.
 *   A CA made before constraints existed is signed again with the same key, subject and term
 *   plus the constraints: phones that installed the old one keep working (same issuer, same key).
 * - server.crt / server.key: the certificate this server presents, signed by that CA, for every
 *   name a phone may use to reach the office PC (its LAN addresses, its hostname, localhost,
 *   127.0.0.1) that the CA's constraints allow. Made again from the same CA at start when those
 *   names change or it is within 30 days of its end (397 days): renewal asks nothing of phones.
 * X.509 by node-forge (keys from Node's own crypto, much faster than forge's pure-JS RSA). forge
 * reads nameConstraints but cannot write it (digitalbazaar/forge#958): its DER is built here.
 */
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { X509Certificate, generateKeyPairSync, randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import forge from 'node-forge';
import { PRIVATE_FILE_MODE, makePrivateDir, tightenTree } from '../private-files';

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
  /** A CA from before name constraints was signed again with them (same key) by this call. */
  caConstrained: boolean;
  /** Names of this machine the CA may not vouch for (it was made before them): left out of server.crt. */
  namesOutsideCa: string[];
  /** SHA-256 fingerprint of the CA, as phones show it (AA:BB:…). */
  caFingerprint: string;
  /** The CA's end: phones must install a new one after it. */
  caValidTo: Date;
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

/** Every file here is 0600 (the certificates too: the data directory is the server user's alone). */
function writePrivate(file: string, content: string) {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, content, { mode: PRIVATE_FILE_MODE });
  // A .tmp left by a crash keeps its old mode through writeFileSync.
  chmodSync(tmp, PRIVATE_FILE_MODE);
  renameSync(tmp, file);
}

/** An address range of the CA's name constraints. */
export interface IpRange {
  address: string;
  prefix: number;
}

/** What the CA may vouch for: DNS names (each with its subdomains) and address ranges. */
export interface CaNameConstraints {
  dns: string[];
  ips: IpRange[];
}

/**
 * Private networks (RFC 1918) and loopback, whole: DHCP or a new router moves the office PC's
 * address within them, and a CA limited to today's address would then ask every phone to
 * reinstall it. A stolen key still cannot vouch for any address on the internet.
 */
const PRIVATE_IPV4_RANGES: IpRange[] = [
  { address: '10.0.0.0', prefix: 8 },
  { address: '172.16.0.0', prefix: 12 },
  { address: '192.168.0.0', prefix: 16 },
  { address: '127.0.0.0', prefix: 8 },
];

/** forge.util's address helpers (IPv4 and IPv6), missing from @types/node-forge. */
const forgeIp = forge.util as unknown as { bytesFromIP(ip: string): string | null; bytesToIP(bytes: string): string | null };

/** An address as bytes (4 or 16); empty for something that is not an address. */
function ipBytes(ip: string): Buffer {
  return Buffer.from(forgeIp.bytesFromIP(ip) ?? '', 'binary');
}

function maskBytes(prefix: number, length: number): Buffer {
  const mask = Buffer.alloc(length);
  for (let bit = 0; bit < prefix; bit++) mask[bit >> 3] |= 0x80 >> (bit & 7);
  return mask;
}

function inRange(ip: string, range: IpRange): boolean {
  const a = ipBytes(ip);
  const base = ipBytes(range.address);
  if (a.length === 0 || a.length !== base.length) return false;
  const mask = maskBytes(range.prefix, a.length);
  return a.every((byte, i) => (byte & mask[i]) === (base[i] & mask[i]));
}

function dnsWithin(name: string, constraint: string): boolean {
  const n = name.toLowerCase();
  const c = constraint.toLowerCase();
  return n === c || n.endsWith(`.${c}`);
}

/** The constraints of a new CA: the machine's names, the private ranges, and any other address it serves exactly. */
export function caNameConstraintsFor(names: LanNames): CaNameConstraints {
  const ips = [...PRIVATE_IPV4_RANGES];
  for (const ip of names.ips) {
    if (!ips.some((r) => inRange(ip, r))) ips.push({ address: ip, prefix: net.isIPv6(ip) ? 128 : 32 });
  }
  return { dns: [...new Set(names.dns.map((d) => d.toLowerCase()))], ips };
}

export function permitsName(constraints: CaNameConstraints, name: { dns: string } | { ip: string }): boolean {
  return 'dns' in name ? constraints.dns.some((c) => dnsWithin(name.dns, c)) : constraints.ips.some((r) => inRange(name.ip, r));
}

const NAME_CONSTRAINTS_OID = '2.5.29.30';
const GENERAL_NAME_DNS = 2;
const GENERAL_NAME_IP = 7;

/**
 * NameConstraints ::= SEQUENCE { permittedSubtrees [0] GeneralSubtrees } — each GeneralSubtree a
 * SEQUENCE holding only its base GeneralName: dNSName [2] IA5String, or iPAddress [7] OCTET STRING
 * of the address followed by its mask (8 bytes for IPv4). Critical, as RFC 5280 requires of a CA:
 * a verifier that cannot honour it refuses the certificate instead of ignoring the limit.
 */
function nameConstraintsExtension(constraints: CaNameConstraints) {
  const { asn1 } = forge;
  const subtree = (tag: number, bytes: string) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, false, bytes)]);
  const permitted = [
    ...constraints.dns.map((d) => subtree(GENERAL_NAME_DNS, d)),
    ...constraints.ips.map((r) => {
      const address = ipBytes(r.address);
      return subtree(GENERAL_NAME_IP, Buffer.concat([address, maskBytes(r.prefix, address.length)]).toString('binary'));
    }),
  ];
  return {
    id: NAME_CONSTRAINTS_OID,
    critical: true,
    value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, permitted)]),
  };
}

/** The CA's permitted DNS names and address ranges, or null when it has no nameConstraints extension. */
export function readCaNameConstraints(ca: forge.pki.Certificate): CaNameConstraints | null {
  const ext = (ca.extensions as { id: string; value: string }[]).find((e) => e.id === NAME_CONSTRAINTS_OID);
  if (!ext) return null;
  const constraints: CaNameConstraints = { dns: [], ips: [] };
  const root = forge.asn1.fromDer(ext.value);
  for (const trees of root.value as forge.asn1.Asn1[]) {
    if (trees.type !== 0) continue; // excludedSubtrees: we never write them
    for (const subtree of trees.value as forge.asn1.Asn1[]) {
      const base = (subtree.value as forge.asn1.Asn1[])[0];
      const bytes = base.value as string;
      if (base.type === GENERAL_NAME_DNS) constraints.dns.push(bytes);
      else if (base.type === GENERAL_NAME_IP) {
        const raw = Buffer.from(bytes, 'binary');
        const half = raw.length / 2;
        const mask = raw.subarray(half);
        let prefix = 0;
        for (const byte of mask) for (let bit = 7; bit >= 0; bit--) if (byte & (1 << bit)) prefix++;
        constraints.ips.push({ address: forgeIp.bytesToIP(raw.subarray(0, half).toString('binary')) ?? '', prefix });
      }
    }
  }
  return constraints;
}

interface CaTerms {
  subject: forge.pki.CertificateField[];
  notBefore: Date;
  notAfter: Date;
}

function signCa(keys: { privateKeyPem: string; publicKey: forge.pki.PublicKey }, terms: CaTerms, constraints: CaNameConstraints) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = terms.notBefore;
  cert.validity.notAfter = terms.notAfter;
  cert.setSubject(terms.subject);
  cert.setIssuer(terms.subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    nameConstraintsExtension(constraints),
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

function createCa(caCertFile: string, caKeyFile: string, names: LanNames, now: Date) {
  const keys = newKeyPair();
  const subject = [
    { name: 'commonName', value: `Forja - autoridade local (${names.dns[0] ?? 'LAN'})` },
    { name: 'organizationName', value: 'Forja' },
  ];
  const terms = { subject, notBefore: new Date(now.getTime() - DAY), notAfter: new Date(now.getTime() + CA_VALIDITY_DAYS * DAY) };
  const pem = signCa(keys, terms, caNameConstraintsFor(names));
  // Key first: a crash in between leaves no certificate whose key is missing.
  writePrivate(caKeyFile, keys.privateKeyPem);
  writePrivate(caCertFile, pem);
}

/**
 * A CA made before name constraints: the same key, subject and term, with the constraints. The
 * server certificate still chains to the copy phones installed (same issuer name, same key), so
 * nobody has to reinstall; phones that install it again get the limit too.
 */
function constrainExistingCa(caCertFile: string, caKeyFile: string, names: LanNames) {
  const ca = forge.pki.certificateFromPem(readFileSync(caCertFile, 'utf8'));
  const privateKeyPem = readFileSync(caKeyFile, 'utf8');
  const terms = { subject: ca.subject.attributes, notBefore: ca.validity.notBefore, notAfter: ca.validity.notAfter };
  writePrivate(caCertFile, signCa({ privateKeyPem, publicKey: ca.publicKey }, terms, caNameConstraintsFor(names)));
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
  // Never an address as the common name: OpenSSL checks a name-like CN against the DNS constraints.
  cert.setSubject([{ name: 'commonName', value: names.dns[0] ?? 'Forja - servidor' }]);
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
  writePrivate(files.key, privateKeyPem);
  writePrivate(files.cert, forge.pki.certificateToPem(cert));
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
  makePrivateDir(dir);
  // Files from an older version (public certificates were 0644) or copied back from a backup.
  tightenTree(dir);
  const files = {
    caCert: path.join(dir, 'ca.crt'),
    caKey: path.join(dir, 'ca.key'),
    cert: path.join(dir, 'server.crt'),
    key: path.join(dir, 'server.key'),
  };
  let caCreated = false;
  if (!existsSync(files.caCert) || !existsSync(files.caKey)) {
    createCa(files.caCert, files.caKey, names, now);
    caCreated = true;
  }
  let constraints = readCaNameConstraints(forge.pki.certificateFromPem(readFileSync(files.caCert, 'utf8')));
  const caConstrained = constraints === null;
  if (constraints === null) {
    constrainExistingCa(files.caCert, files.caKey, names);
    constraints = caNameConstraintsFor(names);
  }
  // Once made, the CA's limits never widen (phones would have to reinstall it): a name it may not
  // vouch for — the PC renamed, an address outside private networks — is left out, and said.
  const allowed = constraints;
  const served: LanNames = {
    dns: names.dns.filter((dns) => permitsName(allowed, { dns })),
    ips: names.ips.filter((ip) => permitsName(allowed, { ip })),
  };
  const namesOutsideCa = [...names.dns.filter((d) => !served.dns.includes(d)), ...names.ips.filter((ip) => !served.ips.includes(ip))];
  let serverIssued = false;
  if (caCreated || caConstrained || !serverCertificateFits(files.cert, files.key, files.caCert, served, now)) {
    issueServerCertificate(files, served, now);
    serverIssued = true;
  }
  const ca = new X509Certificate(readFileSync(files.caCert));
  return {
    dir,
    caCertFile: files.caCert,
    certFile: files.cert,
    keyFile: files.key,
    caCreated,
    serverIssued,
    caConstrained,
    namesOutsideCa,
    caFingerprint: ca.fingerprint256,
    caValidTo: new Date(ca.validTo),
  };
}
