/**
 * The NFS-e queue through the real server (issue 38): a device pushes a request, the server emits
 * it at the Sefin Nacional stand-in (mutual TLS, XSD, signature, rules) and the outcome comes back
 * by pull. Never two notes for one request, never none without a record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_DOC_ID, NFSE_NOT_YET, nfseIdFor, type NfseDoc } from '../../schemas';
import { verifyXmlSignature } from '../../sync-server/src/nfse/sign';
import { makeIcpTestCa, packPfx, type IcpTestCa } from '../support/icp-test-ca';
import { PFX_PASSWORD, SHOP_CNPJ, SHOP_FISCAL, standinQueue } from '../support/nfse-shop';
import { startSefinStandin, type SefinStandin } from '../support/sefin-standin';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored, isoAt, pullAll, push, type Wire } from './sync-fixtures';

const OTHER_CNPJ = '45723174000110';

function request(over: Partial<NfseDoc> & { job: string }): Wire<NfseDoc> {
  const { job, ...rest } = over;
  const now = isoAt();
  return {
    id: nfseIdFor(job),
    job_key: job,
    quotation_id: job,
    work_order_id: null,
    customer_id: null,
    job_code: 'ORC-1',
    tomador: {
      tax_id: '52998224725',
      name: 'Maria da Silva',
      cep: '30130000',
      street: 'Rua da Bahia',
      number: '1000',
      complement: null,
      district: 'Centro',
      city_code: '3106200',
      phone: null,
      email: null,
    },
    service_code: '140101',
    description: 'Solda do portão da garagem',
    amount: 350,
    status: 'requested',
    attempt: 1,
    requested_at: now,
    requested_by: null,
    ...NFSE_NOT_YET,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    created_by: null,
    updated_by: null,
    _deleted: false,
    ...rest,
  };
}

describe.each(backends())('NFS-e queue (%s)', (backend) => {
  let ca: IcpTestCa;
  let standin: SefinStandin;
  let server: TestServer;
  let owner: string;
  let staff: string;

  async function note(id: string): Promise<Wire<NfseDoc>> {
    const found = (await pullAll<NfseDoc>(server, owner, 'nfse')).docs.find((d) => d.id === id);
    if (!found) throw new Error(`nfse ${id} not on the server`);
    return found;
  }

  async function settled(id: string, done = (n: NfseDoc) => !['requested', 'sending', 'cancel_requested', 'cancelling'].includes(n.status), ms = 20_000) {
    const until = Date.now() + ms;
    for (;;) {
      const n = await note(id);
      if (done(n)) return n;
      if (Date.now() > until) throw new Error(`nfse ${id} still ${n.status} (${n.waiting_reason ?? ''})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function uploadCertificate(cnpj: string, algorithm: '3des' | 'rc2' = '3des') {
    const identity = ca.issueECnpj({ cnpj, name: 'SERRALHERIA FORJA LTDA' });
    const pfx = packPfx(identity, PFX_PASSWORD, algorithm);
    return api(server, '/api/nfse/certificate', { method: 'PUT', token: owner, body: { pfx: pfx.toString('base64'), password: PFX_PASSWORD } });
  }

  beforeAll(async () => {
    ca = makeIcpTestCa('Fila');
    standin = await startSefinStandin({ ca });
    server = await startTestServer({
      backend,
      env: { FORJA_NFSE_URL: standin.baseUrl },
      nfse: standinQueue(ca),
    });
    owner = (await signIn(server, { role: 'owner' })).accessToken;
    staff = (await signIn(server, { role: 'staff' })).accessToken;
    const saved = await editStored(server, owner, 'company', COMPANY_DOC_ID, { fiscal: SHOP_FISCAL });
    expect(saved.rejections).toEqual([]);
    expect((await uploadCertificate(SHOP_CNPJ)).status).toBe(200);
  });

  afterAll(async () => {
    await server?.stop();
    await standin?.close();
  });

  it('the A1 stays on the server: staff cannot send one; a wrong password stores nothing; the devices see only what it is', async () => {
    const identity = ca.issueECnpj({ cnpj: SHOP_CNPJ });
    const pfx = packPfx(identity, PFX_PASSWORD, 'rc2').toString('base64');
    const kept = async () => (await server.db.query<{ pfx: Uint8Array }>('SELECT pfx FROM nfse_certificate')).rows.map((r) => Buffer.from(r.pfx).toString('base64'));
    const before = await kept();
    expect(before).toHaveLength(1);
    expect((await api(server, '/api/nfse/certificate', { method: 'PUT', token: staff, body: { pfx, password: PFX_PASSWORD } })).status).toBe(403);
    const wrong = await api(server, '/api/nfse/certificate', { method: 'PUT', token: owner, body: { pfx, password: 'outra' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Senha do certificado incorreta.');
    expect(await kept()).toEqual(before);

    const ok = await uploadCertificate(SHOP_CNPJ, 'rc2');
    expect(ok.status).toBe(200);
    expect(ok.body.certificate).toMatchObject({ cnpj: SHOP_CNPJ, holder: 'SERRALHERIA FORJA LTDA' });
    const company = (await pullAll<Record<string, unknown>>(server, staff, 'company')).docs[0];
    expect(company.fiscal_certificate).toMatchObject({ cnpj: SHOP_CNPJ });
    const everything = JSON.stringify(company);
    expect(everything).not.toContain(PFX_PASSWORD);
    expect(everything).not.toContain(pfx.slice(0, 40));
  });

  it('a request pushed by staff becomes an authorised note, signed, with its XML on every device', async () => {
    const res = await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-auth' }) }]);
    expect(res.rejections).toEqual([]);
    const done = await settled(nfseIdFor('q-auth'));
    expect(done.status).toBe('authorized');
    expect(done.number).toMatch(/^\d+$/);
    expect(done.chave).toMatch(/^\d{50}$/);
    expect(done.dps_id).toMatch(/^DPS3106200211222333000181000010{14}\d$/);
    expect(verifyXmlSignature(done.nfse_xml!).ok).toBe(true);
    expect(standin.notes().filter((n) => n.dpsId === done.dps_id)).toHaveLength(1);
    // The server alone writes the outcome: a device's copy claiming another number changes nothing.
    const forged = await push(server, staff, 'nfse', [{ assumedMasterState: done, newDocumentState: { ...done, number: '999', client_updated_at: isoAt() } }]);
    expect(forged.rejections).toEqual([]);
    expect((await note(done.id)).number).toBe(done.number);
  });

  it('two devices asking offline for the same job make one note; a second note while one is authorised is refused', async () => {
    const a = request({ job: 'q-twice', description: 'Pedido do celular A' });
    const b = request({ job: 'q-twice', description: 'Pedido do celular B' });
    await Promise.all([
      push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: a }]),
      push(server, owner, 'nfse', [{ assumedMasterState: null, newDocumentState: b }]),
    ]);
    const done = await settled(nfseIdFor('q-twice'));
    expect(done.status).toBe('authorized');
    expect(standin.notes().filter((n) => n.nfseXml.includes('Pedido do celular'))).toHaveLength(1);

    const again = await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-twice', id: nfseIdFor('q-twice', 2) }) }]);
    expect(again.rejections.map((r) => r.error)).toEqual(['nfse_duplicate']);
  });

  it('a lost answer after the note was made ends in exactly one note (asked by GET /dps before sending again)', async () => {
    standin.failNext({ kind: 'drop_after_commit', on: 'POST /nfse' });
    await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-lost' }) }]);
    const done = await settled(nfseIdFor('q-lost'));
    expect(done.status).toBe('authorized');
    expect(standin.notes().filter((n) => n.dpsId === done.dps_id)).toHaveLength(1);
    // After the dropped answer the server asked about the DPS first and took the note it made,
    // instead of sending the DPS again.
    const log = standin.requests();
    const dropped = log.findIndex((r) => r.status === 'dropped');
    expect(log[dropped + 1]).toMatchObject({ method: 'GET', path: `/dps/${done.dps_id}`, status: 200 });
    expect(log.slice(dropped + 1).filter((r) => r.method === 'POST' && r.path === '/nfse')).toHaveLength(0);
  });

  it('a 5xx is tried again and a slow answer (timeout) is recovered without a second note', async () => {
    standin.failNext({ kind: 'status_5xx', status: 503, on: 'POST /nfse' });
    await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-5xx' }) }]);
    const first = await settled(nfseIdFor('q-5xx'));
    expect(first.status).toBe('authorized');

    standin.failNext({ kind: 'slow', ms: 2500, on: 'POST /nfse' });
    await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-slow' }) }]);
    const slow = await settled(nfseIdFor('q-slow'));
    expect(slow.status).toBe('authorized');
    expect(standin.notes().filter((n) => n.dpsId === slow.dps_id)).toHaveLength(1);
  });

  it('a rejection says what to fix; corrected and sent again it reuses its number, so the série has no hole', async () => {
    await uploadCertificate(OTHER_CNPJ);
    await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-e0718' }) }]);
    const refused = await settled(nfseIdFor('q-e0718'));
    expect(refused.status).toBe('rejected');
    expect(refused.rejection_code).toBe('E0718');
    expect(refused.rejection_message).toMatch(/certificado/i);

    await uploadCertificate(SHOP_CNPJ);
    const resend = await push(server, staff, 'nfse', [
      { assumedMasterState: refused, newDocumentState: { ...refused, status: 'requested', attempt: 2, client_updated_at: isoAt() } },
    ]);
    expect(resend.rejections).toEqual([]);
    const done = await settled(refused.id);
    expect(done.status).toBe('authorized');
    expect(done.dps_number).toBe(refused.dps_number);
    expect(done.rejection_code).toBeNull();
  });

  it('a rejected note discarded gives its number back: the next note takes it, so the série has no hole', async () => {
    await uploadCertificate(OTHER_CNPJ);
    await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-discard' }) }]);
    const refused = await settled(nfseIdFor('q-discard'));
    expect(refused.status).toBe('rejected');
    await uploadCertificate(SHOP_CNPJ);
    const gone = await push(server, staff, 'nfse', [{ assumedMasterState: refused, newDocumentState: { ...refused, _deleted: true, client_updated_at: isoAt() } }]);
    expect(gone.rejections).toEqual([]);
    await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-after-discard' }) }]);
    const next = await settled(nfseIdFor('q-after-discard'));
    expect(next.status).toBe('authorized');
    expect(next.dps_number).toBe(refused.dps_number);
    // An authorised note is never discarded: it exists at the national API.
    const keep = await push(server, staff, 'nfse', [{ assumedMasterState: next, newDocumentState: { ...next, _deleted: true, client_updated_at: isoAt() } }]);
    expect(keep.rejections.map((r) => r.error)).toEqual(['nfse_transition']);
  });

  it('only the owner cancels; a reason of 15+ characters; past the deadline (E0822) the note stays authorised and says the way out', async () => {
    const authorised = await settled(nfseIdFor('q-auth'));
    const ask = (who: string, reason: string) =>
      push(server, who, 'nfse', [
        {
          assumedMasterState: authorised,
          newDocumentState: { ...authorised, status: 'cancel_requested', cancel_reason_code: 1, cancel_reason: reason, client_updated_at: isoAt() },
        },
      ]);
    expect((await ask(staff, 'Valor digitado errado na nota')).rejections.map((r) => r.error)).toEqual(['owner_only']);
    expect((await ask(owner, 'curto')).rejections.map((r) => r.error)).toEqual(['nfse_cancel_reason']);

    standin.cancelDeadlinePassed(true);
    await ask(owner, 'Valor digitado errado na nota');
    const late = await settled(authorised.id);
    expect(late.status).toBe('cancel_rejected');
    expect(late.rejection_code).toBe('E0822');
    expect(late.rejection_message).toMatch(/substitui/i);

    standin.cancelDeadlinePassed(false);
    await push(server, owner, 'nfse', [
      { assumedMasterState: late, newDocumentState: { ...late, status: 'cancel_requested', client_updated_at: isoAt() } },
    ]);
    const cancelled = await settled(authorised.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancel_event_xml).toContain('101101');
    // After a cancel the job may have a new note.
    const next = await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-auth', id: nfseIdFor('q-auth', 2) }) }]);
    expect(next.rejections).toEqual([]);
    expect((await settled(nfseIdFor('q-auth', 2))).status).toBe('authorized');
  });

  it('a note waiting for the national API survives a restart and is asked about before it is sent again', async () => {
    for (let i = 0; i < 6; i++) standin.failNext({ kind: 'status_5xx', status: 502 });
    await push(server, staff, 'nfse', [{ assumedMasterState: null, newDocumentState: request({ job: 'q-restart' }) }]);
    await settled(nfseIdFor('q-restart'), (n) => n.status === 'sending' && n.waiting_reason !== null);
    await server.restart();
    const done = await settled(nfseIdFor('q-restart'));
    expect(done.status).toBe('authorized');
    expect(standin.notes().filter((n) => n.dpsId === done.dps_id)).toHaveLength(1);
  });
});
