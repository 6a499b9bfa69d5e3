/**
 * Issue 30: LAN mode's certificate authority (tls/lan-ca.ts). Every phone of the shop trusts it,
 * so its key must not be able to vouch for the rest of the world: it carries critical X.509 name
 * constraints — the office PC's names and private/loopback addresses — and a certificate signed
 * with its key for any other name is refused by a real TLS client (Node's OpenSSL). A CA made
 * before this gets the constraints with the same key, so phones that installed it keep working.
 * Its folder is private (0700/0600) whatever the umask. The server certificate it signs lives 397
 * days and a running server renews it when due, with nothing asked of phones.
 */
import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import forge from 'node-forge';
import { afterAll, describe, expect, test } from 'vitest';
import { lanConfig, renewServerCertificateIfDue } from '../../sync-server/src/lan';
import { startServer } from '../../sync-server/src/main';
import { ensureLanCertificates, type LanNames } from '../../sync-server/src/tls/lan-ca';
import { privateModeOffenders } from '../support/private-modes';
import { servedCertificate } from '../support/tls';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'forja-lan-ca-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const OFFICE: LanNames = { dns: ['oficina-pc', 'oficina-pc.local', 'localhost'], ips: ['192.168.0.10', '127.0.0.1'] };
let dirs = 0;
const freshDataDir = () => path.join(tmp, `data-${++dirs}`);

function newKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { keyPem: privateKey, publicKey: forge.pki.publicKeyFromPem(publicKey) };
}

type AltName = { type: 2; value: string } | { type: 7; ip: string };

/** What someone holding the CA's key could make: a server certificate for any names. */
function leafSignedBy(tlsDir: string, altNames: AltName[]) {
  const ca = forge.pki.certificateFromPem(readFileSync(path.join(tlsDir, 'ca.crt'), 'utf8'));
  const caKey = forge.pki.privateKeyFromPem(readFileSync(path.join(tlsDir, 'ca.key'), 'utf8'));
  const { keyPem, publicKey } = newKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = '0badc0de';
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 30 * 86400_000);
  cert.setSubject([{ name: 'commonName', value: 'leaf' }]);
  cert.setIssuer(ca.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keyPem };
}

/**
 * Whether a TLS client that trusts `caPem` (and only it) accepts a server presenting `leaf`. The
 * host name check is left out: the chain itself — name constraints included — is what is tried.
 */
async function chainAccepted(caPem: string, leaf: { cert: string; key: string }): Promise<true | string> {
  const server = tls.createServer({ cert: leaf.cert, key: leaf.key }, (socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  try {
    return await new Promise<true | string>((resolve) => {
      const socket = tls.connect({ host: '127.0.0.1', port, ca: caPem, checkServerIdentity: () => undefined }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', (err: NodeJS.ErrnoException) => resolve(`${err.code}: ${err.message}`));
    });
  } finally {
    server.close();
  }
}

/** A CA as versions before issue 30 made it: no name constraints. */
function writeUnconstrainedCa(tlsDir: string) {
  const { keyPem, publicKey } = newKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date('2025-03-01T00:00:00Z');
  cert.validity.notAfter = new Date('2035-02-27T00:00:00Z');
  const subject = [
    { name: 'commonName', value: 'Forja - autoridade local (oficina-pc)' },
    { name: 'organizationName', value: 'Forja' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  mkdirSync(tlsDir, { recursive: true });
  writeFileSync(path.join(tlsDir, 'ca.key'), keyPem);
  writeFileSync(path.join(tlsDir, 'ca.crt'), forge.pki.certificateToPem(cert));
}

const ipRange = (address: string, mask: string) => `${address}/${mask}`;

/** The permitted subtrees as forge reads them: "DNS:name" and "IP:address/mask". */
function permittedOf(caPem: string): { critical: boolean; permitted: string[]; excluded: number } {
  const ca = forge.pki.certificateFromPem(caPem);
  const ext = ca.getExtension('nameConstraints') as
    | { critical?: boolean; permittedSubtrees: { type: number; value: string }[]; excludedSubtrees: unknown[] }
    | undefined;
  if (!ext) return { critical: false, permitted: [], excluded: 0 };
  const ip = (bytes: string) => [...Buffer.from(bytes, 'binary')].join('.');
  return {
    critical: ext.critical === true,
    permitted: ext.permittedSubtrees.map((s) =>
      s.type === 2 ? `DNS:${s.value}` : s.type === 7 ? `IP:${ipRange(ip(s.value.slice(0, 4)), ip(s.value.slice(4)))}` : `type ${s.type}`,
    ),
    excluded: ext.excludedSubtrees.length,
  };
}

describe('the LAN certificate authority', () => {
  test('carries critical name constraints: the office PC\'s names, private networks and loopback', () => {
    const certs = ensureLanCertificates(freshDataDir(), OFFICE);
    const caPem = readFileSync(certs.caCertFile, 'utf8');
    expect(permittedOf(caPem)).toEqual({
      critical: true,
      permitted: [
        'DNS:oficina-pc',
        'DNS:oficina-pc.local',
        'DNS:localhost',
        'IP:10.0.0.0/255.0.0.0',
        'IP:172.16.0.0/255.240.0.0',
        'IP:192.168.0.0/255.255.0.0',
        'IP:127.0.0.0/255.0.0.0',
      ],
      excluded: 0,
    });
    // Node reads it as the same CA phones download.
    expect(new X509Certificate(caPem).ca).toBe(true);
  });

  test('a certificate signed with its key for a name outside them is refused by TLS; inside, accepted', async () => {
    const certs = ensureLanCertificates(freshDataDir(), OFFICE);
    const caPem = readFileSync(certs.caCertFile, 'utf8');
    // What the server presents verifies.
    expect(await chainAccepted(caPem, { cert: readFileSync(certs.certFile, 'utf8'), key: readFileSync(certs.keyFile, 'utf8') })).toBe(true);
    // A stolen key cannot impersonate a bank, a public address, or another name on the network.
    for (const outside of [
      [{ type: 2, value: 'www.banco.com.br' }],
      [{ type: 7, ip: '8.8.8.8' }],
      [{ type: 2, value: 'impressora.lan' }],
      [{ type: 2, value: 'localhost' }, { type: 2, value: 'accounts.google.com' }],
    ] as AltName[][]) {
      expect(await chainAccepted(caPem, leafSignedBy(certs.dir, outside)), JSON.stringify(outside)).toMatch(/permitted subtree violation/);
    }
    // Inside: the PC after DHCP gave it another private address, and its mDNS name.
    expect(await chainAccepted(caPem, leafSignedBy(certs.dir, [{ type: 7, ip: '10.20.30.40' }]))).toBe(true);
    expect(await chainAccepted(caPem, leafSignedBy(certs.dir, [{ type: 2, value: 'oficina-pc.local' }, { type: 7, ip: '192.168.1.7' }]))).toBe(true);
  });

  test('a CA made before constraints gets them with the same key and term: the server still verifies against the copy phones installed', async () => {
    const dataDir = freshDataDir();
    const tlsDir = path.join(dataDir, 'tls');
    writeUnconstrainedCa(tlsDir);
    const installed = readFileSync(path.join(tlsDir, 'ca.crt'), 'utf8');

    const certs = ensureLanCertificates(dataDir, OFFICE);
    expect(certs).toMatchObject({ caCreated: false, caConstrained: true, serverIssued: true });
    const upgraded = readFileSync(certs.caCertFile, 'utf8');
    expect(permittedOf(upgraded).permitted).toContain('DNS:oficina-pc');
    const [before, after] = [new X509Certificate(installed), new X509Certificate(upgraded)];
    expect(after.subject).toBe(before.subject);
    expect(after.validTo).toBe(before.validTo);
    expect(after.publicKey.export({ type: 'spki', format: 'der' })).toEqual(before.publicKey.export({ type: 'spki', format: 'der' }));
    expect(certs.caValidTo.toISOString()).toBe('2035-02-27T00:00:00.000Z');

    const served = { cert: readFileSync(certs.certFile, 'utf8'), key: readFileSync(certs.keyFile, 'utf8') };
    expect(await chainAccepted(installed, served)).toBe(true);
    expect(await chainAccepted(upgraded, served)).toBe(true);

    // Done once: the next start changes nothing.
    const again = ensureLanCertificates(dataDir, OFFICE);
    expect(again).toMatchObject({ caCreated: false, caConstrained: false, serverIssued: false, caFingerprint: certs.caFingerprint });
  });

  test('a name the CA was not made for is left out of the server certificate and reported; the CA stays', async () => {
    const dataDir = freshDataDir();
    const first = ensureLanCertificates(dataDir, OFFICE);
    // The PC was renamed and also has a public address.
    const renamed = ensureLanCertificates(dataDir, { dns: ['balcao', 'balcao.local', 'localhost'], ips: ['192.168.0.23', '203.0.113.5', '127.0.0.1'] });
    expect(renamed).toMatchObject({ caCreated: false, serverIssued: true, caFingerprint: first.caFingerprint });
    expect(renamed.namesOutsideCa).toEqual(['balcao', 'balcao.local', '203.0.113.5']);
    const san = new X509Certificate(readFileSync(renamed.certFile)).subjectAltName;
    expect(san).toBe('DNS:localhost, IP Address:192.168.0.23, IP Address:127.0.0.1');
    expect(await chainAccepted(readFileSync(first.caCertFile, 'utf8'), { cert: readFileSync(renamed.certFile, 'utf8'), key: readFileSync(renamed.keyFile, 'utf8') })).toBe(true);
  });

  test.skipIf(process.platform === 'win32')('its folder is 0700 and every file 0600 under umask 022, and a 0644 one from an older version is repaired', () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = freshDataDir();
      ensureLanCertificates(dataDir, OFFICE);
      expect(privateModeOffenders(path.join(dataDir, 'tls'))).toEqual([]);

      const older = freshDataDir();
      writeUnconstrainedCa(path.join(older, 'tls'));
      expect(privateModeOffenders(path.join(older, 'tls'))).not.toEqual([]);
      ensureLanCertificates(older, OFFICE);
      expect(privateModeOffenders(path.join(older, 'tls'))).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  test.skipIf(process.platform === 'win32')('npm run lan makes a CA folder left open by an older version private before using it, and counts it for its one line', () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = freshDataDir();
      writeUnconstrainedCa(path.join(dataDir, 'tls')); // 0755 folders, 0644 key and certificate
      const setup = lanConfig({ FORJA_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', FORJA_HTTP_REDIRECT_PORT: '0' });
      // The data dir, tls/, ca.key and ca.crt.
      expect(setup.repairedModes).toBe(4);
      expect(setup.certificates.caConstrained).toBe(true);
      expect(privateModeOffenders(dataDir)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  test('a running server renews its certificate when due and serves the new one at once; the CA stays', async () => {
    const dataDir = freshDataDir();
    const { config, names, certificates } = lanConfig({
      FORJA_DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      FORJA_HTTP_REDIRECT_PORT: '0',
      FORJA_WEB_DIR: path.join(tmp, 'no-web'),
    });
    const server = await startServer(config);
    try {
      const port = Number(new URL(server.url).port);
      const first = new X509Certificate(await servedCertificate(port, 'localhost'));
      expect(renewServerCertificateIfDue(server, names)).toBe(false);

      // 370 days on: within 30 days of the 397-day end.
      const later = new Date(Date.now() + 370 * 86400_000);
      expect(renewServerCertificateIfDue(server, names, later)).toBe(true);
      const renewed = new X509Certificate(await servedCertificate(port, 'localhost'));
      expect(renewed.fingerprint256).not.toBe(first.fingerprint256);
      expect(renewed.fingerprint256).toBe(new X509Certificate(readFileSync(certificates.certFile)).fingerprint256);
      expect(new Date(renewed.validTo).getTime()).toBeGreaterThan(later.getTime() + 300 * 86400_000);
      // Signed by the CA phones already trust, for the same names.
      const caPem = readFileSync(certificates.caCertFile, 'utf8');
      expect(new X509Certificate(caPem).fingerprint256).toBe(certificates.caFingerprint);
      expect(renewed.checkIssued(new X509Certificate(caPem))).toBe(true);
      expect(renewed.subjectAltName).toBe(first.subjectAltName);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

