/**
 * The Sefin client against the stand-in when things go wrong: 5xx, slow answers, answers lost after
 * the note (or the cancel) was made and their recovery by GET /dps/{id} or GET eventos; every
 * error-body shape; cancel registered and refused past the município deadline (E0822).
 */
import { describe, expect, it } from 'vitest';
import { nfseRejectionHelp } from '@shared';
import { buildCancelRequest } from '../../../sync-server/src/nfse/cancel-event';
import { dpsId } from '../../../sync-server/src/nfse/dps';
import { hasCode } from '../../../sync-server/src/nfse/sefin-client';
import { signXml, verifyXmlSignature } from '../../../sync-server/src/nfse/sign';
import { validateXml } from '../../../sync-server/src/nfse/xsd';
import { SHOP_CNPJ } from './fixtures';
import { codes, signedDps, useStandin } from './standin-context';

const ctx = useStandin();

describe('faults: when we do not know whether a note was made', () => {
  it('5xx: unknown; nothing was made, GET /dps says so, and the same DPS then goes through', async () => {
    const { xml, id } = signedDps(ctx, );
    ctx.standin.failNext({ kind: 'status_5xx', status: 503, on: 'POST /nfse' });
    expect(await ctx.client.postDps(xml)).toMatchObject({ kind: 'unknown', reason: 'server_error', status: 503 });
    expect(await ctx.client.getDps(id)).toEqual({ kind: 'not_found' });
    expect((await ctx.client.postDps(xml)).kind).toBe('authorized');
  });

  it('answer lost after the note was made: unknown; GET /dps finds it; a resend is E0014 and finds the same note', async () => {
    const { xml, id } = signedDps(ctx, );
    ctx.standin.failNext({ kind: 'drop_after_commit', on: 'POST /nfse' });
    expect(await ctx.client.postDps(xml)).toMatchObject({ kind: 'unknown', reason: 'network' });
    const found = await ctx.client.getDps(id);
    expect(found.kind).toBe('found');
    const resend = await ctx.client.postDps(xml);
    expect(hasCode(resend, 'E0014')).toBe(true);
    expect(await ctx.client.getDps(id)).toEqual(found);
    expect(ctx.standin.notes().filter((n) => n.dpsId === id)).toHaveLength(1);
    if (found.kind === 'found') expect((await ctx.client.getNfse(found.chave)).kind).toBe('found');
  });

  it('slow answer: the client gives up (timeout, unknown) and GET /dps finds the note', async () => {
    const impatient = ctx.newClient({ timeoutMs: 1_500 });
    const { xml, id } = signedDps(ctx, );
    ctx.standin.failNext({ kind: 'slow', ms: 3_000, on: 'POST /nfse' });
    const started = Date.now();
    const result = await impatient.postDps(xml);
    expect(result).toMatchObject({ kind: 'unknown', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_900);
    expect((await impatient.getDps(id)).kind).toBe('found');
    impatient.close();
  });

  it('5xx and timeouts on GET /dps are unknown too (the worker asks again later)', async () => {
    ctx.standin.failNext({ kind: 'status_5xx', status: 502, on: 'GET /dps' });
    expect(await ctx.client.getDps(dpsId('3550308', SHOP_CNPJ, 1, 1))).toMatchObject({ kind: 'unknown', reason: 'server_error', status: 502 });
  });
});

describe('error bodies: every shape is read', () => {
  for (const style of ['erros', 'erro-object', 'erro-array', 'pascal'] as const) {
    it(style, async () => {
      ctx.standin.errorBodyStyle(style);
      try {
        const result = await ctx.client.postDps(signedDps(ctx, { dhEmi: new Date(Date.now() + 3_600_000) }).xml);
        expect(result).toMatchObject({ kind: 'rejected', status: 400, errors: [{ code: 'E0008', description: expect.stringContaining('data e hora') }] });
      } finally {
        ctx.standin.errorBodyStyle(undefined);
      }
    });
  }
});

describe('cancel (e101101)', () => {
  async function authorised() {
    const result = await ctx.client.postDps(signedDps(ctx, ).xml);
    if (result.kind !== 'authorized') throw new Error(`not authorised: ${JSON.stringify(result)}`);
    return result.chave;
  }
  const cancelXml = (chave: string) =>
    signXml(
      buildCancelRequest({
        ambiente: 2,
        chave,
        cnpjAutor: SHOP_CNPJ,
        dhEvento: new Date(Date.now() - 2_000),
        cMotivo: 1,
        xMotivo: 'Valor do serviço digitado errado',
        verAplic: 'Forja_1.0',
      }),
      'infPedReg',
      ctx.shop.keyPem,
      ctx.shop.certPem,
    );

  it('registered: the event is valid per evento_v1.01.xsd, signed, and found again', async () => {
    const chave = await authorised();
    const result = await ctx.client.postEvent(chave, cancelXml(chave));
    expect(result.kind).toBe('registered');
    if (result.kind !== 'registered') return;
    expect((await validateXml(result.eventXml, 'evento')).errors).toEqual([]);
    expect(verifyXmlSignature(result.eventXml).ok).toBe(true);
    expect(result.eventXml).toContain(`<chNFSe>${chave}</chNFSe>`);
    expect(await ctx.client.getEvent(chave, '101101', 1)).toEqual({ kind: 'found', eventXml: result.eventXml });
  });

  it('E0822 past the município deadline (erro object by default), with the way forward', async () => {
    const chave = await authorised();
    ctx.standin.cancelDeadlinePassed(true);
    try {
      const result = await ctx.client.postEvent(chave, cancelXml(chave));
      expect(codes(result)).toEqual(['E0822']);
      expect(nfseRejectionHelp('E0822')).toMatch(/substituição/);
    } finally {
      ctx.standin.cancelDeadlinePassed(false);
    }
    expect(await ctx.client.getEvent(chave, '101101', 1)).toEqual({ kind: 'not_found' });
  });

  it('answer lost after the event was registered: unknown, then found by GET eventos', async () => {
    const chave = await authorised();
    ctx.standin.failNext({ kind: 'drop_after_commit', on: `POST /nfse/${chave}/eventos` });
    expect((await ctx.client.postEvent(chave, cancelXml(chave))).kind).toBe('unknown');
    expect((await ctx.client.getEvent(chave, '101101', 1)).kind).toBe('found');
  });
});
