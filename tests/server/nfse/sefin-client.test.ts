/**
 * The Sefin client against the stand-in (tests/support/sefin-standin.ts) over real mutual TLS:
 * authorised notes and each rule that bites a small shop. Faults, error bodies and cancel:
 * sefin-faults.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { nfseRejectionHelp } from '@shared';
import { buildDps, dpsId } from '../../../sync-server/src/nfse/dps';
import { isValidChave, parseNfseXml } from '../../../sync-server/src/nfse/nfse-xml';
import { DUPLICATE_DPS, hasCode, sefinBaseUrl } from '../../../sync-server/src/nfse/sefin-client';
import { verifyXmlSignature } from '../../../sync-server/src/nfse/sign';
import { validateXml } from '../../../sync-server/src/nfse/xsd';
import { makeIcpTestCa } from '../../support/icp-test-ca';
import { dpsInput, MEI, SHOP_CNPJ } from './fixtures';
import { codes, signedDps, useStandin } from './standin-context';

const ctx = useStandin();

describe('base URL', () => {
  it('per ambiente, FORJA_NFSE_URL overrides', () => {
    expect(sefinBaseUrl(2, {})).toBe('https://sefin.producaorestrita.nfse.gov.br/SefinNacional');
    expect(sefinBaseUrl(1, {})).toBe('https://sefin.nfse.gov.br/SefinNacional');
    expect(sefinBaseUrl(1, { FORJA_NFSE_URL: 'https://127.0.0.1:9443/SefinNacional/' })).toBe('https://127.0.0.1:9443/SefinNacional');
  });
});

describe('emission', () => {
  it('authorises a signed DPS: the NFS-e is valid per its XSD, signed like Sefin, and found again by DPS id and chave', async () => {
    const { xml, id } = signedDps(ctx, );
    const result = await ctx.client.postDps(xml);
    expect(result.kind).toBe('authorized');
    if (result.kind !== 'authorized') return;
    expect(isValidChave(result.chave)).toBe(true);
    expect(result.dhProc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    const summary = parseNfseXml(result.nfseXml);
    expect(summary).toMatchObject({ chave: result.chave, nNFSe: expect.stringMatching(/^[1-9]\d*$/), ambiente: 2, cStat: '100', dpsId: id });
    expect((await validateXml(result.nfseXml, 'NFSe')).errors).toEqual([]);
    expect(result.nfseXml).toContain('<CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#WithComments"/>');
    expect(verifyXmlSignature(result.nfseXml).ok).toBe(true);
    expect(await ctx.client.getDps(id)).toEqual({ kind: 'found', chave: result.chave });
    expect(await ctx.client.headDps(id)).toEqual({ kind: 'found' });
    expect(await ctx.client.getNfse(result.chave)).toEqual({ kind: 'found', nfseXml: result.nfseXml });
  });

  it('a MEI note is authorised too', async () => {
    expect((await ctx.client.postDps(signedDps(ctx, { prestador: MEI }).xml)).kind).toBe('authorized');
  });

  it('unknown DPS id and chave: not_found', async () => {
    const id = dpsId('3550308', SHOP_CNPJ, 1, 999_999_999);
    expect(await ctx.client.getDps(id)).toEqual({ kind: 'not_found' });
    expect(await ctx.client.headDps(id)).toEqual({ kind: 'not_found' });
    expect(await ctx.client.getNfse('35503082212345678000195000000000999926030000000010')).toEqual({ kind: 'not_found' });
  });
});

describe('rules that bite a small shop', () => {
  it('E0004: the Id does not match the fields', async () => {
    const { xml } = signedDps(ctx, {}, (x) => x.replace(/<nDPS>(\d+)<\/nDPS>/, (_m, n: string) => `<nDPS>${Number(n) + 100000}</nDPS>`));
    expect(codes(await ctx.client.postDps(xml))).toEqual(['E0004']);
  });

  it('E0008: dhEmi after Sefin’s clock', async () => {
    const result = await ctx.client.postDps(signedDps(ctx, { dhEmi: new Date(Date.now() + 10 * 60_000) }).xml);
    expect(codes(result)).toEqual(['E0008']);
    expect(result.kind === 'rejected' && result.status).toBe(400);
  });

  it('E0014: the same DPS again — resolved by GET /dps/{id}, not by a new number', async () => {
    const { xml, id } = signedDps(ctx, );
    const first = await ctx.client.postDps(xml);
    expect(first.kind).toBe('authorized');
    const again = await ctx.client.postDps(xml);
    expect(hasCode(again, DUPLICATE_DPS)).toBe(true);
    expect(await ctx.client.getDps(id)).toEqual({ kind: 'found', chave: first.kind === 'authorized' ? first.chave : '' });
  });

  it('E0710: a MEI with the Simples percentage; E0712: a ME/EPP with "não informado"', async () => {
    const mei = signedDps(ctx, { prestador: MEI }, (x) => x.replace('<indTotTrib>0</indTotTrib>', '<pTotTribSN>6.00</pTotTribSN>'));
    expect(codes(await ctx.client.postDps(mei.xml))).toEqual(['E0710']);
    const me = signedDps(ctx, {}, (x) => x.replace(/<pTotTribSN>[^<]+<\/pTotTribSN>/, '<indTotTrib>0</indTotTrib>'));
    expect(codes(await ctx.client.postDps(me.xml))).toEqual(['E0712']);
  });

  it('E0611: an ISS rate where the município is conveniado', async () => {
    const { xml } = signedDps(ctx, {}, (x) => x.replace('<tpRetISSQN>1</tpRetISSQN>', '<tpRetISSQN>1</tpRetISSQN><pAliq>2.00</pAliq>'));
    expect(codes(await ctx.client.postDps(xml))).toEqual(['E0611']);
  });

  it('E0714 tampered after signing, E0717 unsigned, E0718 signed by another company', async () => {
    const tampered = signedDps(ctx, ).xml.replace('<vServ>350.00</vServ>', '<vServ>3.50</vServ>');
    expect(codes(await ctx.client.postDps(tampered))).toEqual(['E0714']);
    expect(codes(await ctx.client.postDps(buildDps(dpsInput())))).toEqual(['E0717']);
    expect(codes(await ctx.client.postDps(signedDps(ctx, {}, undefined, ctx.other).xml))).toEqual(['E0718']);
    expect(nfseRejectionHelp('E0718')).toMatch(/certificado/);
  });

  it('the transport certificate must come from a trusted CA (403), and the client never trusts an unknown server', async () => {
    const stranger = makeIcpTestCa('Estranha').issueECnpj({ cnpj: SHOP_CNPJ });
    const untrustedClient = ctx.newClient({ keyPem: stranger.keyPem, certPem: stranger.certPem });
    const result = await untrustedClient.postDps(signedDps(ctx, ).xml);
    untrustedClient.close();
    expect(result).toMatchObject({ kind: 'rejected', status: 403 });
    // Without the test CA the stand-in's certificate is refused: nothing is sent.
    const before = ctx.standin.requests().length;
    const strict = ctx.newClient({ extraCaPem: undefined });
    const refused = await strict.postDps(signedDps(ctx, ).xml);
    strict.close();
    expect(refused).toMatchObject({ kind: 'unknown', reason: 'network' });
    expect(ctx.standin.requests().length).toBe(before);
  });
});

