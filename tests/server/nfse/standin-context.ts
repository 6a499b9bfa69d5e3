/**
 * One stand-in of Sefin Nacional per test file (tests/support/sefin-standin.ts) with a test ICP CA,
 * the shop's e-CNPJ and another company's, and a client over real mutual TLS.
 */
import { afterAll, beforeAll } from 'vitest';
import { buildDps, type DpsInput } from '../../../sync-server/src/nfse/dps';
import { createSefinClient, type SefinClient, type SefinClientOptions } from '../../../sync-server/src/nfse/sefin-client';
import { signXml } from '../../../sync-server/src/nfse/sign';
import { makeIcpTestCa, type IcpTestCa, type Identity } from '../../support/icp-test-ca';
import { startSefinStandin, type SefinStandin } from '../../support/sefin-standin';
import { dpsInput, OTHER_CNPJ, SHOP_CNPJ } from './fixtures';

export interface StandinContext {
  ca: IcpTestCa;
  shop: Identity;
  other: Identity;
  standin: SefinStandin;
  client: SefinClient;
  newClient(overrides?: Partial<SefinClientOptions>): SefinClient;
}

export function useStandin(): StandinContext {
  const ctx = {} as StandinContext;
  ctx.newClient = (overrides = {}) =>
    createSefinClient({
      baseUrl: ctx.standin.baseUrl,
      keyPem: ctx.shop.keyPem,
      certPem: ctx.shop.certPem,
      timeoutMs: 15_000,
      // In production NODE_EXTRA_CA_CERTS does this (Node reads it at start); a running test process cannot set it.
      extraCaPem: [ctx.ca.caPem],
      ...overrides,
    });
  beforeAll(async () => {
    ctx.ca = makeIcpTestCa();
    ctx.shop = ctx.ca.issueECnpj({ cnpj: SHOP_CNPJ });
    ctx.other = ctx.ca.issueECnpj({ cnpj: OTHER_CNPJ, name: 'OUTRA EMPRESA LTDA' });
    ctx.standin = await startSefinStandin({ ca: ctx.ca });
    ctx.client = ctx.newClient();
  });
  afterAll(async () => {
    ctx.client?.close();
    await ctx.standin?.close();
  });
  return ctx;
}

export function signedDps(ctx: StandinContext, overrides: Partial<DpsInput> = {}, edit: (xml: string) => string = (x) => x, signer?: Identity) {
  const xml = edit(buildDps(dpsInput(overrides)));
  const by = signer ?? ctx.shop;
  return { xml: signXml(xml, 'infDPS', by.keyPem, by.certPem), id: /Id="(DPS\d{42})"/.exec(xml)![1] };
}

export const codes = (result: { kind: string; errors?: { code: string }[] }) =>
  result.kind === 'rejected' ? result.errors!.map((e) => e.code) : [result.kind];
