/**
 * A throw-away ICP-Brasil look-alike for the NFS-e tests: a root CA, the stand-in's TLS server
 * certificate (127.0.0.1/localhost), the stand-in's "Sefin" signing certificate, and e-CNPJ A1
 * certificates as Brazilian CAs issue them (CN "RAZAO SOCIAL:CNPJ", SAN otherNames 2.16.76.1.3.x
 * with the CNPJ in 2.16.76.1.3.3, EKU clientAuth), packed as .pfx the way real A1 files come:
 * 3DES, or 40-bit RC2 (OpenSSL 3 refuses that one without its legacy provider).
 * Keys come from Node's crypto (forge's pure-JS RSA takes seconds per 2048-bit key).
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import forge from 'node-forge';

const { asn1, pki } = forge;
const DAY = 24 * 3600 * 1000;

export interface Identity {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  certPem: string;
  keyPem: string;
}

export interface ECnpjOptions {
  cnpj: string;
  name?: string;
  /** Put the CNPJ in the SAN otherName 2.16.76.1.3.3 (default true). */
  sanCnpj?: boolean;
  /** Write the CN as "NAME:CNPJ" (default true). */
  cnpjInCn?: boolean;
  notBefore?: Date;
  notAfter?: Date;
}

export interface IcpTestCa {
  ca: Identity;
  caPem: string;
  /** TLS server certificate for 127.0.0.1 and localhost. */
  server: Identity;
  /** The stand-in's "Sefin Nacional" document-signing certificate. */
  sefinSigner: Identity;
  issueECnpj(options: ECnpjOptions): Identity;
}

function newKey(): { key: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; keyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return {
    key: pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey,
    publicKey: pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey,
    keyPem: privateKey,
  };
}

type KeyPair = ReturnType<typeof newKey>;
let leafKey: KeyPair | undefined;
/**
 * Every e-CNPJ of a test run shares one key (each CA, the server and the Sefin signer have their
 * own): RSA key generation is the slow part of these tests, and no check here tells certificates
 * apart by their key — the CNPJ is in the certificate.
 */
function sharedLeafKey(): KeyPair {
  leafKey ??= newKey();
  return leafKey;
}

function serial(): string {
  const bytes = randomBytes(12);
  bytes[0] = (bytes[0] & 0x7f) | 0x01;
  return bytes.toString('hex');
}

/** GeneralName otherName [0] { type-id OID, [0] EXPLICIT value }, the ICP-Brasil way (OCTET STRING). */
function otherName(oid: string, value: string): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, value)]),
  ]);
}

function sanExtension(names: forge.asn1.Asn1[]) {
  // forge cannot write otherName (it writes every GeneralName primitive): the extension's DER is built here.
  return { id: '2.5.29.17', name: 'subjectAltName', value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, names) };
}

function issue(
  subject: forge.pki.CertificateField[],
  extensions: object[],
  issuer: Identity | null,
  validity: { notBefore?: Date; notAfter?: Date } = {},
  keyPair: KeyPair = newKey(),
): Identity {
  const { key, publicKey, keyPem } = keyPair;
  const cert = pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = validity.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = validity.notAfter ?? new Date(Date.now() + 365 * DAY);
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions(extensions);
  // SHA256withRSA by Node's crypto: forge's pure-JS RSA signature costs ~100 ms per certificate.
  cert.signatureOid = cert.siginfo.algorithmOid = pki.oids.sha256WithRSAEncryption;
  const tbsAsn1 = (pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 }).getTBSCertificate(cert);
  const tbs = Buffer.from(asn1.toDer(tbsAsn1).getBytes(), 'binary');
  cert.signature = sign('sha256', tbs, issuer ? issuer.keyPem : keyPem).toString('binary');
  const certPem = pki.certificateToPem(cert);
  // Read back, as every consumer will (forge keeps the DER it parsed for verification).
  return { cert: pki.certificateFromPem(certPem), key, certPem, keyPem };
}

export function makeIcpTestCa(label = 'Teste'): IcpTestCa {
  const ca = issue(
    [
      { name: 'commonName', value: `AC Raiz Forja ${label} (teste)` },
      { name: 'organizationName', value: 'ICP-Brasil' },
      { name: 'countryName', value: 'BR' },
    ],
    [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
    null,
    { notAfter: new Date(Date.now() + 3650 * DAY) },
  );
  const server = issue(
    [{ name: 'commonName', value: 'localhost' }],
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
    ca,
  );
  const sefinSigner = issue(
    [
      { name: 'commonName', value: 'www.producaorestrita.nfse.gov.br (teste)' },
      { name: 'organizationName', value: 'ICP-Brasil' },
    ],
    [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    ],
    ca,
  );
  return {
    ca,
    caPem: ca.certPem,
    server,
    sefinSigner,
    issueECnpj(options) {
      const name = options.name ?? 'SERRALHERIA TESTE LTDA';
      const names: forge.asn1.Asn1[] = [
        // The responsible person's data and name come first in real e-CNPJs: the CNPJ is not the first otherName.
        otherName('2.16.76.1.3.4', '01011980123456789090000000000000000000000000000000'),
        otherName('2.16.76.1.3.2', 'FULANO RESPONSAVEL'),
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 1, false, 'contato@serralheria.test'),
      ];
      if (options.sanCnpj ?? true) names.splice(2, 0, otherName('2.16.76.1.3.3', options.cnpj));
      names.push(otherName('2.16.76.1.3.7', '000000000000'));
      return issue(
        [
          { name: 'commonName', value: options.cnpjInCn === false ? name : `${name}:${options.cnpj}` },
          { shortName: 'OU', value: 'Certificado PJ A1' },
          { name: 'organizationName', value: 'ICP-Brasil' },
          { name: 'countryName', value: 'BR' },
        ],
        [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
          { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
          sanExtension(names),
        ],
        ca,
        { notBefore: options.notBefore, notAfter: options.notAfter },
        sharedLeafKey(),
      );
    },
  };
}

const int = (n: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const oid = (id: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes);
const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const explicit0 = (item: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [item]);
const der = (node: forge.asn1.Asn1) => asn1.toDer(node).getBytes();

/** PKCS#12 PBE with SHA-1 and 40-bit RC2 (pbewithSHAAnd40BitRC2-CBC): what forge can read but not write. */
function rc2Encrypt(password: string, plain: string): { algorithm: forge.asn1.Asn1; encrypted: string } {
  const salt = forge.random.getBytesSync(8);
  const iterations = 2048;
  // forge's PKCS#12 key derivation (pki.pbe.generatePkcs12Key) is not in its type definitions.
  const pbe = (pki as unknown as { pbe: { generatePkcs12Key(pw: string, salt: forge.util.ByteStringBuffer, id: number, iter: number, n: number): forge.util.ByteStringBuffer } }).pbe;
  const key = pbe.generatePkcs12Key(password, forge.util.createBuffer(salt), 1, iterations, 5);
  const iv = pbe.generatePkcs12Key(password, forge.util.createBuffer(salt), 2, iterations, 8);
  const cipher = forge.rc2.createEncryptionCipher(key, 40);
  cipher.start(iv);
  cipher.update(forge.util.createBuffer(plain));
  cipher.finish();
  return {
    algorithm: seq([oid(pki.oids['pbewithSHAAnd40BitRC2-CBC']), seq([octets(salt), int(iterations)])]),
    encrypted: cipher.output.getBytes(),
  };
}

function localKeyIdAttrs(cert: forge.pki.Certificate): forge.asn1.Asn1 {
  const sha1 = forge.md.sha1.create();
  sha1.update(der(pki.certificateToAsn1(cert)));
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, [
    seq([oid(pki.oids.localKeyId), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, [octets(sha1.digest().getBytes())])]),
  ]);
}

/** Certificates encrypted with RC2-40 and the key shrouded with RC2-40 too, MAC SHA-1 (old Windows/OpenSSL exports). */
function rc2Pfx(identity: Identity, chain: forge.pki.Certificate[], password: string): Buffer {
  const attrs = localKeyIdAttrs(identity.cert);
  const certBags = [identity.cert, ...chain].map((c, i) => {
    const bag = [
      oid(pki.oids.certBag),
      explicit0(seq([oid(pki.oids.x509Certificate), explicit0(octets(der(pki.certificateToAsn1(c))))])),
    ];
    if (i === 0) bag.push(attrs);
    return seq(bag);
  });
  const certs = rc2Encrypt(password, der(seq(certBags)));
  const certsInfo = seq([
    oid(pki.oids.encryptedData),
    explicit0(
      seq([
        int(0),
        seq([oid(pki.oids.data), certs.algorithm, asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, certs.encrypted)]),
      ]),
    ),
  ]);
  const shrouded = rc2Encrypt(password, der(pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(identity.key))));
  const keyBag = seq([oid(pki.oids.pkcs8ShroudedKeyBag), explicit0(seq([shrouded.algorithm, octets(shrouded.encrypted)])), attrs]);
  const keyInfo = seq([oid(pki.oids.data), explicit0(octets(der(seq([keyBag]))))]);
  const authSafe = der(seq([certsInfo, keyInfo]));

  const macSalt = forge.random.getBytesSync(8);
  const macIterations = 2048;
  const macKey = forge.pkcs12.generateKey(password, forge.util.createBuffer(macSalt), 3, macIterations, 20, forge.md.sha1.create());
  const hmac = forge.hmac.create();
  hmac.start(forge.md.sha1.create(), macKey);
  hmac.update(authSafe);
  const macData = seq([
    seq([seq([oid(pki.oids.sha1), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '')]), octets(hmac.digest().getBytes())]),
    octets(macSalt),
    int(macIterations),
  ]);
  const pfx = seq([int(3), seq([oid(pki.oids.data), explicit0(octets(authSafe))]), macData]);
  return Buffer.from(der(pfx), 'binary');
}

/** The identity as an A1 file: '3des' (forge's writer: key with 3DES), 'rc2' (40-bit RC2 throughout). */
export function packPfx(identity: Identity, password: string, algorithm: '3des' | 'rc2', chain: Identity[] = []): Buffer {
  const chainCerts = chain.map((c) => c.cert);
  if (algorithm === 'rc2') return rc2Pfx(identity, chainCerts, password);
  const p12 = forge.pkcs12.toPkcs12Asn1(identity.key, [identity.cert, ...chainCerts], password, { algorithm: '3des' });
  return Buffer.from(der(p12), 'binary');
}
