import tls from 'node:tls';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateWarnings } from '@shared';
import { loadA1 } from '../../../sync-server/src/nfse/certificate';
import { describeCertificate } from '../../../sync-server/src/nfse/certificate-store';
import { NfseError, type NfseErrorCode } from '../../../sync-server/src/nfse/errors';
import { makeIcpTestCa, packPfx, type IcpTestCa } from '../../support/icp-test-ca';
import { OTHER_CNPJ, SHOP_CNPJ } from './fixtures';

const DAY = 24 * 3600 * 1000;
const PASSWORD = 'Senh@ da Empresa';
let ca: IcpTestCa;

beforeAll(() => {
  ca = makeIcpTestCa();
});

function codeOf(run: () => unknown): NfseErrorCode | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof NfseError) return error.code;
    throw error;
  }
  return undefined;
}

describe('loadA1', () => {
  for (const algorithm of ['3des', 'rc2'] as const) {
    it(`reads an e-CNPJ A1 encrypted with ${algorithm.toUpperCase()}: holder, CNPJ, validity, key and certificate`, () => {
      const notAfter = new Date(Date.now() + 200 * DAY);
      const identity = ca.issueECnpj({ cnpj: SHOP_CNPJ, name: 'SERRALHERIA SÃO JOSÉ LTDA', notAfter });
      const a1 = loadA1(packPfx(identity, PASSWORD, algorithm, [ca.ca]), PASSWORD, new Date());
      expect(a1.holder).toBe('SERRALHERIA SÃO JOSÉ LTDA');
      expect(a1.cnpj).toBe(SHOP_CNPJ);
      expect(a1.issuer).toBe('AC Raiz Forja Teste (teste)');
      expect(a1.validUntil.getTime()).toBe(Math.floor(notAfter.getTime() / 1000) * 1000);
      expect(a1.daysLeft).toBe(199);
      expect(a1.certPem).toBe(identity.certPem);
      expect(a1.chainPem).toEqual([ca.caPem]);
      // The key is usable by Node as PEM (the TLS client and the signer take it).
      expect(() => tls.createSecureContext({ key: a1.keyPem, cert: a1.certPem })).not.toThrow();
    });
  }

  it('the RC2-40 file is one OpenSSL 3 refuses — why forge reads the A1', () => {
    const pfx = packPfx(ca.issueECnpj({ cnpj: SHOP_CNPJ }), PASSWORD, 'rc2');
    expect(() => tls.createSecureContext({ pfx, passphrase: PASSWORD })).toThrow();
    expect(loadA1(pfx, PASSWORD, new Date()).cnpj).toBe(SHOP_CNPJ);
  });

  it('takes the CNPJ from the SAN otherName when the CN lacks it, and from the CN when there is no SAN', () => {
    const sanOnly = ca.issueECnpj({ cnpj: SHOP_CNPJ, cnpjInCn: false });
    expect(loadA1(packPfx(sanOnly, PASSWORD, '3des'), PASSWORD, new Date())).toMatchObject({ cnpj: SHOP_CNPJ, holder: 'SERRALHERIA TESTE LTDA' });
    const cnOnly = ca.issueECnpj({ cnpj: '11222333000181', sanCnpj: false });
    expect(loadA1(packPfx(cnOnly, PASSWORD, '3des'), PASSWORD, new Date()).cnpj).toBe('11222333000181');
  });

  it('refuses a wrong password, for both encryptions', () => {
    const identity = ca.issueECnpj({ cnpj: SHOP_CNPJ });
    expect(codeOf(() => loadA1(packPfx(identity, PASSWORD, '3des'), 'errada', new Date()))).toBe('certificate_wrong_password');
    expect(codeOf(() => loadA1(packPfx(identity, PASSWORD, 'rc2'), 'errada', new Date()))).toBe('certificate_wrong_password');
  });

  it('refuses an expired certificate, saying when it ended', () => {
    const expired = ca.issueECnpj({ cnpj: SHOP_CNPJ, notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - 2 * DAY) });
    const pfx = packPfx(expired, PASSWORD, '3des');
    expect(codeOf(() => loadA1(pfx, PASSWORD, new Date()))).toBe('certificate_expired');
    expect(() => loadA1(pfx, PASSWORD, new Date())).toThrow(/vencido.*venceu em \d{4}-\d{2}-\d{2}/);
    // The same file was fine while valid (the clock is a parameter).
    expect(loadA1(pfx, PASSWORD, new Date(Date.now() - 10 * DAY)).cnpj).toBe(SHOP_CNPJ);
  });

  it('refuses a certificate that is not ICP-Brasil-like (no CNPJ OID, no NAME:CNPJ)', () => {
    const plain = ca.issueECnpj({ cnpj: SHOP_CNPJ, sanCnpj: false, cnpjInCn: false, name: 'Loja Qualquer' });
    expect(codeOf(() => loadA1(packPfx(plain, PASSWORD, '3des'), PASSWORD, new Date()))).toBe('certificate_not_icp');
  });

  it('refuses what is not a PKCS#12, and a file without the key', () => {
    expect(codeOf(() => loadA1(Buffer.from('not a certificate'), PASSWORD, new Date()))).toBe('certificate_unreadable');
    expect(codeOf(() => loadA1(Buffer.from(ca.caPem), PASSWORD, new Date()))).toBe('certificate_unreadable');
    // A certificate-only export (what a browser's "export certificate" gives).
    const identity = ca.issueECnpj({ cnpj: SHOP_CNPJ });
    const certOnly = forge.pkcs12.toPkcs12Asn1(null, [identity.cert], PASSWORD, { algorithm: '3des' });
    const noKey = Buffer.from(forge.asn1.toDer(certOnly).getBytes(), 'binary');
    expect(codeOf(() => loadA1(noKey, PASSWORD, new Date()))).toBe('certificate_no_key');
  });
});

describe('certificateWarnings (schemas/nfse.ts) on what the server tells of a real A1', () => {
  // The devices warn from `fiscal_certificate` on the company document: describeCertificate of the
  // loaded A1, the one shared rule for Configurações › Fiscal and the dashboard.
  const now = new Date();
  const info = (cnpj: string, notAfter: Date) =>
    describeCertificate(loadA1(packPfx(ca.issueECnpj({ cnpj, notAfter }), PASSWORD, '3des'), PASSWORD, now), now);

  it('warns 30 days ahead and not before; an expired one is expired', () => {
    const soon = info(SHOP_CNPJ, new Date(now.getTime() + 30 * DAY));
    expect(certificateWarnings(soon, SHOP_CNPJ, now)).toEqual(['expires_soon']);
    expect(certificateWarnings(info(SHOP_CNPJ, new Date(now.getTime() + 31 * DAY)), SHOP_CNPJ, now)).toEqual([]);
    // The same certificate, looked at after its last day.
    expect(certificateWarnings(soon, SHOP_CNPJ, new Date(now.getTime() + 31 * DAY))).toEqual(['expired']);
    expect(certificateWarnings(null, SHOP_CNPJ, now)).toEqual([]);
  });

  it("warns when the certificate is another company's (by the CNPJ root; a branch is the same company)", () => {
    const far = new Date(now.getTime() + 300 * DAY);
    expect(certificateWarnings(info(OTHER_CNPJ, far), SHOP_CNPJ, now)).toEqual(['other_cnpj']);
    expect(certificateWarnings(info('12345678000276', far), SHOP_CNPJ, now)).toEqual([]);
    // Nothing configured yet: no company CNPJ to compare with.
    expect(certificateWarnings(info(OTHER_CNPJ, far), null, now)).toEqual([]);
  });
});
