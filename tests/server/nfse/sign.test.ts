import { beforeAll, describe, expect, it } from 'vitest';
import { buildCancelRequest } from '../../../sync-server/src/nfse/cancel-event';
import { buildDps } from '../../../sync-server/src/nfse/dps';
import { signXml, verifyXmlSignature } from '../../../sync-server/src/nfse/sign';
import { validateXml } from '../../../sync-server/src/nfse/xsd';
import { makeIcpTestCa, type Identity, type IcpTestCa } from '../../support/icp-test-ca';
import { dpsInput, SHOP_CNPJ } from './fixtures';

let ca: IcpTestCa;
let shop: Identity;

beforeAll(() => {
  ca = makeIcpTestCa();
  shop = ca.issueECnpj({ cnpj: SHOP_CNPJ });
});

const signedDps = () => signXml(buildDps(dpsInput()), 'infDPS', shop.keyPem, shop.certPem);

describe('signXml', () => {
  it("writes the manual's signature: enveloped + C14N, RSA-SHA1, SHA-1, #Id, only the end certificate, no prefix, last child", async () => {
    const unsigned = buildDps(dpsInput());
    const id = /Id="(DPS\d{42})"/.exec(unsigned)![1];
    const signed = signXml(unsigned, 'infDPS', shop.keyPem, shop.certPem);
    // The document is untouched up to </infDPS>; the signature is appended as DPS's last child.
    expect(signed.startsWith(unsigned.replace('</infDPS></DPS>', '</infDPS>'))).toBe(true);
    expect(signed).toMatch(/<\/infDPS><Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">.*<\/Signature><\/DPS>$/s);
    const signature = signed.slice(signed.indexOf('<Signature'));
    expect(signature).toContain('<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>');
    expect(signature).toContain('<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>');
    expect(signature).toContain(`<Reference URI="#${id}">`);
    expect(signature).toContain(
      '<Transforms><Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/><Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>',
    );
    expect(signature).toContain('<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>');
    expect(signature).toMatch(/<KeyInfo><X509Data><X509Certificate>[A-Za-z0-9+/=]+<\/X509Certificate><\/X509Data><\/KeyInfo><\/Signature><\/DPS>$/);
    expect(signature).not.toMatch(/X509IssuerSerial|X509SubjectName|KeyValue|ds:/);
    expect(signed).not.toMatch(/>\s+</);
    expect((await validateXml(signed, 'DPS')).errors).toEqual([]);
  });

  it('signs infPedReg of a cancel request, still valid per its XSD', async () => {
    const xml = buildCancelRequest({
      ambiente: 2,
      chave: '31062002205065736000161000000000009326011037881815',
      cnpjAutor: SHOP_CNPJ,
      dhEvento: new Date(),
      cMotivo: 2,
      xMotivo: 'Serviço não foi prestado ao cliente',
      verAplic: 'Forja_1.0',
    });
    const signed = signXml(xml, 'infPedReg', shop.keyPem, shop.certPem);
    expect(signed).toContain('<Reference URI="#PRE31062002205065736000161000000000009326011037881815101101">');
    expect((await validateXml(signed, 'pedRegEvento')).errors).toEqual([]);
    expect(verifyXmlSignature(signed).ok).toBe(true);
  });
});

describe('verifyXmlSignature', () => {
  it('round trip: valid, with the signer certificate', () => {
    const result = verifyXmlSignature(signedDps());
    expect(result.ok).toBe(true);
    expect(result.ok && result.certPem.replace(/\s/g, '')).toBe(shop.certPem.replace(/\s/g, ''));
  });

  it('detects tampering with a value, with the signed Id, and with the signature value', () => {
    const signed = signedDps();
    expect(verifyXmlSignature(signed.replace('<vServ>350.00</vServ>', '<vServ>35.00</vServ>'))).toMatchObject({ ok: false, reason: 'invalid' });
    expect(verifyXmlSignature(signed.replace(/<SignatureValue>(.)/, (_m, c: string) => `<SignatureValue>${c === 'A' ? 'B' : 'A'}`))).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    // A signature moved onto a document with a different infDPS Id no longer refers to it.
    const id = /Id="(DPS\d{42})"/.exec(signed)![1];
    const otherId = id.slice(0, -1) + (id.endsWith('9') ? '8' : '9');
    expect(verifyXmlSignature(signed.replace(`Id="${id}"`, `Id="${otherId}"`))).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('says when there is no signature', () => {
    expect(verifyXmlSignature(buildDps(dpsInput()))).toMatchObject({ ok: false, reason: 'no_signature' });
    expect(verifyXmlSignature('<not xml')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it("reads Sefin's own flavour: exclusive C14N WithComments + RSA-SHA256 + SHA-256", () => {
    const unsigned = '<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infNFSe Id="NFS1"><!-- a comment --><nNFSe>1</nNFSe></infNFSe></NFSe>';
    for (const canonicalization of ['http://www.w3.org/2001/10/xml-exc-c14n#WithComments', 'http://www.w3.org/2001/10/xml-exc-c14n#']) {
      const signed = signXml(unsigned, 'infNFSe', ca.sefinSigner.keyPem, ca.sefinSigner.certPem, {
        canonicalization,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
      });
      expect(signed).toContain(`<CanonicalizationMethod Algorithm="${canonicalization}"/>`);
      expect(verifyXmlSignature(signed).ok).toBe(true);
      expect(verifyXmlSignature(signed.replace('<nNFSe>1</nNFSe>', '<nNFSe>2</nNFSe>')).ok).toBe(false);
    }
  });
});
