/**
 * NFS-e across devices (issue 38), with the app's own database and device commands against the
 * real server and its queue, which emits at the Sefin Nacional stand-in (mutual TLS, XSD,
 * signature): two staff phones asking offline for the same job make one note, the same
 * authorised document on both; a request asked offline survives a reload of the app.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { COMPANY_DOC_ID, nfseIdFor, type CollectionName, type CustomerDoc, type NfseDoc, type QuotationDoc } from '@shared';
import { createNfseCommands, type NfseJob } from '../../src/data/db/nfse';
import { nfseJobKey, type NfseRequestDraft } from '../../src/domain/nfse/request';
import { fiscalDraftOf } from '../../src/domain/customer-fiscal';
import { verifyXmlSignature } from '../../sync-server/src/nfse/sign';
import { makeIcpTestCa, type IcpTestCa } from '../support/icp-test-ca';
import { certificateUpload, SHOP_FISCAL, standinQueue } from '../support/nfse-shop';
import { startSefinStandin, type SefinStandin } from '../support/sefin-standin';
import { api, backends, signIn, startTestServer, type TestServer } from '../support/server';
import { editStored, push, quotation } from '../server/sync-fixtures';
import { check, eventually, makeClient, serverDocs, stopServer, type Client } from './clients';

const COLLECTIONS: CollectionName[] = ['customers', 'quotations', 'nfse'];
/** What Emitir NFS-e sends for the customer below (identified, whole address). */
function draft(description: string, customer: CustomerDoc): NfseRequestDraft {
  return {
    identified: true,
    name: customer.name,
    fiscal: {
      ...fiscalDraftOf(customer),
      taxId: '529.982.247-25',
      cep: '30130-000',
      street: 'Rua da Bahia',
      number: '1000',
      complement: '',
      district: 'Centro',
      city: { code: '3106200', text: 'Belo Horizonte — MG' },
    },
    service_code: '140101',
    description,
    amount: 350,
  };
}

const WAITING = ['requested', 'sending', 'cancel_requested', 'cancelling'];

describe.each(backends())('NFS-e across devices (%s)', (backend) => {
  let ca: IcpTestCa;
  let standin: SefinStandin;
  let server: TestServer;
  let owner: string;
  let clients: Client[] = [];

  beforeAll(async () => {
    ca = makeIcpTestCa('Replicação');
    standin = await startSefinStandin({ ca });
    server = await startTestServer({
      backend,
      env: { FORJA_NFSE_URL: standin.baseUrl },
      nfse: standinQueue(ca),
    });
    owner = (await signIn(server, { role: 'owner' })).accessToken;
    const saved = await editStored(server, owner, 'company', COMPANY_DOC_ID, { fiscal: SHOP_FISCAL });
    expect(saved.rejections).toEqual([]);
    const uploaded = await api(server, '/api/nfse/certificate', { method: 'PUT', token: owner, body: certificateUpload(ca) });
    expect(uploaded.status).toBe(200);
  });

  afterEach(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    clients = [];
  });

  afterAll(async () => {
    await stopServer(server);
    await standin?.close();
  });

  /** A staff phone of the shop (its own user and session). */
  async function phone(label: string, opts: { session?: Client['session']; name?: string; online?: boolean } = {}) {
    const session = opts.session ?? (await signIn(server, { role: 'staff', deviceName: label }));
    const c = await makeClient(server, { label, session, collections: COLLECTIONS, name: opts.name, online: opts.online });
    clients.push(c);
    return { c, nfse: createNfseCommands(async () => c.fdb) };
  }

  /** An accepted quotation with its customer, once every phone given has both. */
  async function acceptedJob(...phones: { c: Client }[]): Promise<{ job: NfseJob; customer: CustomerDoc }> {
    const customer = await phones[0].c.customers.add({ name: 'Maria da Silva', phone: `(31) 9${String(Date.now()).slice(-4)}-${String(Math.random()).slice(2, 6)}` });
    // Accepted through the server, as the customer's acceptance is: the phones are told of it.
    const q = quotation({ customer_id: customer.id, status: 'accepted', decided_at: new Date().toISOString() });
    const sent = await push(server, owner, 'quotations', [{ assumedMasterState: null, newDocumentState: q }]);
    expect(sent.rejections).toEqual([]);
    for (const p of phones) {
      await eventually(async () => {
        const quotations = await p.c.docs<QuotationDoc>('quotations');
        const customers = await p.c.docs<CustomerDoc>('customers');
        check(quotations.some((x) => x.id === q.id && x.status === 'accepted') && customers.some((x) => x.id === customer.id), `${p.c.label} has the job`);
      }, `${p.c.label} receives the accepted quotation`);
    }
    const job: NfseJob = {
      jobKey: nfseJobKey({ quotationId: q.id, workOrderId: null }),
      jobCode: q.code,
      quotationId: q.id,
      workOrderId: null,
      customerId: customer.id,
    };
    return { job, customer };
  }

  const onServer = async (id: string) => (await serverDocs(server, owner, 'nfse')).find((d) => d.id === id) as NfseDoc | undefined;
  const local = async (c: Client, id: string) => (await c.docs<NfseDoc>('nfse')).find((d) => d.id === id);

  /** The note settled on the server (not waiting for the queue any more). */
  async function settledOnServer(id: string): Promise<NfseDoc> {
    return eventually(async () => {
      const n = await onServer(id);
      check(!!n && !WAITING.includes(n.status), `server note ${n?.status ?? 'missing'} (${n?.waiting_reason ?? ''})`);
      return n!;
    }, `the server settles ${id}`);
  }

  /** Every phone holds the server's document, with nothing left to send and nothing refused. */
  async function sameEverywhere(id: string, phones: { c: Client }[]): Promise<NfseDoc> {
    return eventually(async () => {
      const theirs = await onServer(id);
      check(!!theirs && !WAITING.includes(theirs.status), `server note ${theirs?.status ?? 'missing'}`);
      for (const { c } of phones) {
        const mine = await local(c, id);
        const { pending, refused } = c.fdb.sync.status$.value;
        check(pending === 0, `${c.label} still has ${pending} pending`);
        check(refused.length === 0, `${c.label} was refused: ${JSON.stringify(refused)}`);
        check(!!mine, `${c.label} lacks the note`);
        for (const f of ['status', 'number', 'chave', 'nfse_xml', 'description', 'dps_id'] as const) {
          check(mine![f] === theirs![f], `${c.label}.${f}: ${String(mine![f]).slice(0, 60)} vs server ${String(theirs![f]).slice(0, 60)}`);
        }
      }
      return theirs!;
    }, 'the phones hold the server’s note', 30_000);
  }

  test('two phones ask offline for the same job with different descriptions: one note, the same authorised document on both', async () => {
    const a = await phone('A');
    const b = await phone('B');
    const { job, customer } = await acceptedJob(a, b);
    a.c.setOnline(false);
    b.c.setOnline(false);
    const fromA = await a.nfse.request(job, draft('Pedido do celular A: solda do portão', customer));
    const fromB = await b.nfse.request(job, draft('Pedido do celular B: solda do portão', customer));
    // One id per job: both wrote the same document (Aguardando envio on each phone).
    expect(fromA.id).toBe(nfseIdFor(job.jobKey));
    expect(fromB.id).toBe(fromA.id);
    expect(a.c.fdb.sync.status$.value.pending).toBeGreaterThan(0);
    expect(b.c.fdb.sync.status$.value.pending).toBeGreaterThan(0);

    // A reaches the server first and its note is emitted; only then does B come back with its own
    // request for the same job — the worst case: B's copy meets an authorised note.
    a.c.setOnline(true);
    const first = await settledOnServer(fromA.id);
    expect(first.status).toBe('authorized');
    b.c.setOnline(true);

    const note = await sameEverywhere(fromA.id, [a, b]);
    expect(note).toMatchObject({ status: 'authorized', job_key: job.jobKey, description: 'Pedido do celular A: solda do portão' });
    expect(note.number).toMatch(/^\d+$/);
    expect(note.chave).toMatch(/^\d{50}$/);
    expect(verifyXmlSignature(note.nfse_xml!).ok).toBe(true);
    const emitted = standin.notes().filter((n) => n.nfseXml.includes('Pedido do celular'));
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ dpsId: note.dps_id, chave: note.chave, nNFSe: note.number });
    expect(emitted[0].nfseXml).toContain(note.description);
    // The job has one note on the server, and on each phone.
    const ofJob = (await serverDocs(server, owner, 'nfse')).filter((d) => d.job_key === job.jobKey);
    expect(ofJob.map((d) => d.id)).toEqual([fromA.id]);
    for (const p of [a, b]) expect((await p.c.docs<NfseDoc>('nfse')).filter((d) => d.job_key === job.jobKey).map((d) => d.id)).toEqual([fromA.id]);
  });

  test('two phones reconnect together, asking for the same job: still one note, the same document on both', async () => {
    const a = await phone('A');
    const b = await phone('B');
    const { job, customer } = await acceptedJob(a, b);
    a.c.setOnline(false);
    b.c.setOnline(false);
    const fromA = await a.nfse.request(job, draft('Conserto da grade, pedido em A', customer));
    await b.nfse.request(job, draft('Conserto da grade, pedido em B', customer));
    a.c.setOnline(true);
    b.c.setOnline(true);

    const note = await sameEverywhere(fromA.id, [a, b]);
    expect(note.status).toBe('authorized');
    // Whichever request the server took, the document says what the note says (on PostgreSQL a
    // push landing while the queue built the DPS once left the other phone's text on the document).
    expect(note.description).toMatch(/^Conserto da grade, pedido em [AB]$/);
    const emitted = standin.notes().filter((n) => n.nfseXml.includes('Conserto da grade'));
    expect(emitted).toHaveLength(1);
    expect(emitted[0].nfseXml).toContain(note.description);
  });

  test('a request asked offline survives a reload of the app and still reaches the server', async () => {
    const a = await phone('A');
    const { job, customer } = await acceptedJob(a);
    a.c.setOnline(false);
    const asked = await a.nfse.request(job, draft('Pedido antes de recarregar o app', customer));
    expect(a.c.fdb.sync.status$.value.pending).toBeGreaterThan(0);
    const name = a.c.fdb.name;
    await a.c.close();
    clients = clients.filter((c) => c !== a.c);

    // The same database opened again, still offline: the request is there and still to be sent.
    const again = await phone('A again', { session: a.c.session, name, online: false });
    expect(again.c.fdb.sync.status$.value.pending).toBeGreaterThan(0);
    expect(await local(again.c, asked.id)).toMatchObject({ status: 'requested', description: 'Pedido antes de recarregar o app' });
    expect(await onServer(asked.id)).toBeUndefined();

    again.c.setOnline(true);
    const note = await sameEverywhere(asked.id, [again]);
    expect(note.status).toBe('authorized');
    expect(standin.notes().filter((n) => n.nfseXml.includes('Pedido antes de recarregar o app'))).toHaveLength(1);
  });
});
