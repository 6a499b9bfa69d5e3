/**
 * XMLDSig for the national NFS-e (manual §6.1.4): enveloped signature over infDPS / infPedReg,
 * Reference URI "#Id", transforms enveloped + C14N 2001, RSA-SHA1 with SHA-1 digest (what the manual
 * prescribes and every provider accepts), KeyInfo with only the end-entity X509Certificate, and
 * `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">` without prefix as the root's last child.
 * Verification follows whatever the document declares: the NFS-e Sefin returns is signed with
 * exclusive C14N WithComments + RSA-SHA256.
 */
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { NfseError } from './errors';

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

export type SignedElement = 'infDPS' | 'infPedReg' | 'infNFSe' | 'infEvento';

export interface SignOptions {
  /** Defaults to the manual's C14N + RSA-SHA1; the stand-in signs like Sefin (exc-c14n WithComments + RSA-SHA256). */
  canonicalization?: string;
  signatureAlgorithm?: string;
  digestAlgorithm?: string;
}

/** The base64 DER of the first certificate in a PEM (the end-entity one, "EndCertOnly"). */
function firstCertificateBase64(certPem: string): string {
  const match = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(certPem);
  if (!match) throw new NfseError('signature_failed', 'certificado PEM ausente');
  return match[1].replace(/\s+/g, '');
}

function parse(xml: string): Document {
  let failure: string | undefined;
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') failure ??= message;
    },
  }).parseFromString(xml, 'text/xml');
  if (failure || !doc.documentElement) throw new NfseError('xml_invalid', failure ?? 'documento vazio');
  return doc;
}

function elementChildren(node: Element | null): Element[] {
  const out: Element[] = [];
  for (let child = node?.firstChild; child; child = child.nextSibling) if (child.nodeType === 1) out.push(child as Element);
  return out;
}

export function signXml(xml: string, refElement: SignedElement, keyPem: string, certPem: string, options: SignOptions = {}): string {
  const doc = parse(xml);
  const target = elementChildren(doc.documentElement).find((e) => e.localName === refElement);
  const id = target?.getAttribute('Id');
  if (!target || !id) throw new NfseError('signature_failed', `${refElement} com Id não encontrado`);
  const canonicalization = options.canonicalization ?? C14N;
  const certBase64 = firstCertificateBase64(certPem);
  try {
    const sig = new SignedXml({
      privateKey: keyPem,
      publicCert: certPem,
      signatureAlgorithm: options.signatureAlgorithm ?? RSA_SHA1,
      canonicalizationAlgorithm: canonicalization,
      // Only the end certificate: the manual forbids X509IssuerSerial, SubjectName, KeyValue…
      getKeyInfoContent: () => `<X509Data><X509Certificate>${certBase64}</X509Certificate></X509Data>`,
    });
    sig.addReference({
      xpath: `/*/*[local-name(.)='${refElement}' and @Id='${id}']`,
      transforms: [ENVELOPED, canonicalization],
      digestAlgorithm: options.digestAlgorithm ?? SHA1,
    });
    sig.computeSignature(xml, { location: { reference: '/*', action: 'append' } });
    return sig.getSignedXml();
  } catch (error) {
    if (error instanceof NfseError) throw error;
    throw new NfseError('signature_failed', (error as Error).message);
  }
}

export type VerifyResult =
  | { ok: true; certPem: string; referenceId: string }
  | { ok: false; reason: 'no_signature' | 'invalid'; detail?: string; certPem?: string };

/**
 * Checks the signature that is the root's last child and signs the root's first child (infDPS,
 * infPedReg, infNFSe, infEvento) by its Id — a valid signature over some other element proves
 * nothing about this document. Trust in the certificate is the caller's (its CNPJ, its issuer).
 */
export function verifyXmlSignature(xml: string): VerifyResult {
  let doc: Document;
  try {
    doc = parse(xml);
  } catch (error) {
    return { ok: false, reason: 'invalid', detail: (error as Error).message };
  }
  const children = elementChildren(doc.documentElement);
  const signature = children.at(-1);
  if (!signature || signature.localName !== 'Signature' || signature.namespaceURI !== DSIG_NS) {
    return { ok: false, reason: 'no_signature' };
  }
  const signed = children[0];
  const id = signed.getAttribute('Id');
  const certNode = signature.getElementsByTagNameNS(DSIG_NS, 'X509Certificate')[0];
  const certBase64 = certNode?.textContent?.replace(/\s+/g, '');
  if (!certBase64) return { ok: false, reason: 'invalid', detail: 'sem X509Certificate' };
  const certPem = `-----BEGIN CERTIFICATE-----\n${certBase64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  if (!id) return { ok: false, reason: 'invalid', detail: `${signed.localName} sem Id`, certPem };
  try {
    const sig = new SignedXml({ publicCert: certPem });
    sig.loadSignature(signature as unknown as Parameters<SignedXml['loadSignature']>[0]);
    const references = sig.getReferences();
    if (references.length !== 1 || references[0].uri.replace(/^#/, '') !== id) {
      return { ok: false, reason: 'invalid', detail: 'a assinatura não referencia o elemento assinado', certPem };
    }
    if (!sig.checkSignature(xml)) return { ok: false, reason: 'invalid', detail: 'assinatura não confere', certPem };
    return { ok: true, certPem, referenceId: id };
  } catch (error) {
    return { ok: false, reason: 'invalid', detail: (error as Error).message, certPem };
  }
}
