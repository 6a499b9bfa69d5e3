/**
 * Issue 38: the customer's page of the quotation shows the job's NFS-e — number, chave, the
 * national consulta link and the authorised XML the DANFSe is drawn from. Only a note the national
 * API authorised (valid, or cancelled since): never one asked, being sent or rejected, and nothing
 * of the stored row beyond those fields (no tomador address, e-mail or phone outside the XML).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nfseConsultaUrl, type PublicQuotation } from '@shared';
import type { Database } from '../../sync-server/src/db/types';
import { updateAsServer } from '../../sync-server/src/sync/server-writes';
import { api, backends, startTestServer, type TestServer } from '../support/server';
import { SAMPLE_CNPJ, SAMPLE_CPF } from '../support/nfse-samples';
import { expectPublicQuotation, insertCustomer, insertQuotation, publicPath } from './public-fixtures';

const TOMADOR = {
  tax_id: '12345678909',
  name: 'MARIA DAS GRAÇAS OLIVEIRA',
  cep: '30140071',
  street: 'Avenida Afonso Pena',
  number: '1500',
  complement: 'Apto 801',
  district: 'Savassi Tomador',
  city_code: '3106200',
  phone: '31988887777',
  email: 'maria@example.com',
};

/** An nfse row as the server's queue leaves it; `over` sets the outcome. */
async function insertNote(db: Database, jobKey: string, over: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  const row: Record<string, unknown> = {
    id: `nfse-${jobKey}-${randomUUID().slice(0, 6)}`,
    job_key: jobKey,
    quotation_id: jobKey,
    work_order_id: `os-${jobKey}`,
    customer_id: null,
    job_code: 'ORC-NFSE',
    tomador: JSON.stringify(TOMADOR),
    service_code: '140101',
    description: 'Solda e reparo do portão',
    amount: 1234.5,
    status: 'authorized',
    attempt: 1,
    requested_at: now,
    requested_by: 'staff-secret-id',
    rejection_message: null,
    created_at: now,
    updated_at: now,
    client_updated_at: now,
    ...over,
  };
  const names = Object.keys(row);
  await db.query(
    `INSERT INTO nfse (${names.join(', ')}, _seq) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}, nextval('forja_seq'))`,
    names.map((n) => row[n]),
  );
  return row as { id: string };
}

const authorised = (sample: { xml: string; chave: string }, number: string, at = '2026-03-10T17:05:31.000Z') => ({
  status: 'authorized',
  number,
  chave: sample.chave,
  authorized_at: at,
  nfse_xml: sample.xml,
  environment: 2,
  serie: 1,
  dps_number: Number(number),
});

describe.each(backends())('public page: the job’s NFS-e (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('an authorised note is in the answer with its XML — and nothing of the tomador outside the XML', async () => {
    const customer = await insertCustomer(server.db);
    const q = await insertQuotation(server.db, { customer_id: customer.id, status: 'accepted' });
    await insertNote(server.db, q.id, authorised(SAMPLE_CPF, '17'));
    const res = await api<PublicQuotation>(server, publicPath(q));
    expect(res.status).toBe(200);
    const { nfse, ...view } = res.body;
    expectPublicQuotation(view, [customer.phone, customer.whatsapp, customer.description, q.id], 'quotation');
    expect(nfse).toEqual({
      number: '17',
      chave: SAMPLE_CPF.chave,
      authorized_at: '2026-03-10T17:05:31.000Z',
      status: 'authorized',
      consulta_url: nfseConsultaUrl(SAMPLE_CPF.chave),
      xml: SAMPLE_CPF.xml,
    });
    // Outside the XML (the customer's own document), none of the stored row's tomador or staff data.
    const outside = JSON.stringify({ ...res.body, nfse: { ...nfse, xml: '' } });
    for (const secret of ['Afonso Pena', 'Apto 801', 'Savassi Tomador', '30140071', TOMADOR.phone, TOMADOR.email, TOMADOR.tax_id, 'staff-secret-id', 'tomador', 'job_key', 'requested_by', 'description":"Solda']) {
      expect(outside, secret).not.toContain(secret);
    }
  });

  test('a note asked, being sent or rejected is not in the answer', async () => {
    for (const status of ['requested', 'sending', 'rejected'] as const) {
      const q = await insertQuotation(server.db, { status: 'accepted' });
      // Even with an outcome half-filled (a number taken, a chave from a sibling), it is not a note yet.
      await insertNote(server.db, q.id, {
        status,
        number: status === 'requested' ? null : '30',
        chave: status === 'requested' ? null : SAMPLE_CNPJ.chave,
        nfse_xml: null,
        rejection_code: status === 'rejected' ? 'E0014' : null,
        rejection_message: status === 'rejected' ? 'DPS duplicada' : null,
      });
      const body = (await api<PublicQuotation>(server, publicPath(q))).body;
      expect(body.status, status).toBe('accepted');
      expect('nfse' in body, status).toBe(false);
      expect(JSON.stringify(body), status).not.toContain('DPS duplicada');
    }
  });

  test('cancelled, cancel asked or refused: the note as it stands; after a cancel the new note wins', async () => {
    const asked = await insertQuotation(server.db, { status: 'accepted' });
    await insertNote(server.db, asked.id, { ...authorised(SAMPLE_CPF, '17'), status: 'cancel_requested', cancel_reason_code: 1, cancel_reason: 'Erro na emissão do valor' });
    expect((await api<PublicQuotation>(server, publicPath(asked))).body.nfse?.status).toBe('authorized');

    const gone = await insertQuotation(server.db, { status: 'accepted' });
    await insertNote(server.db, gone.id, { ...authorised(SAMPLE_CPF, '17'), status: 'cancelled', cancelled_at: '2026-03-11T12:00:00.000Z', cancel_event_xml: '<evento/>' });
    const cancelled = (await api<PublicQuotation>(server, publicPath(gone))).body.nfse!;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.xml).toBe(SAMPLE_CPF.xml);
    expect(JSON.stringify(cancelled)).not.toContain('<evento/>');

    // The job's second note (after the cancel) is the one shown once authorised.
    await insertNote(server.db, gone.id, { ...authorised(SAMPLE_CNPJ, '18', '2026-03-31T23:30:12.000Z'), created_at: new Date(Date.now() + 1000).toISOString() });
    const second = (await api<PublicQuotation>(server, publicPath(gone))).body.nfse!;
    expect([second.number, second.status, second.chave]).toEqual(['18', 'authorized', SAMPLE_CNPJ.chave]);
  });

  test('not without access, and not on a quotation that is not accepted', async () => {
    const q = await insertQuotation(server.db, { status: 'accepted' });
    await insertNote(server.db, q.id, authorised(SAMPLE_CPF, '17'));
    const closed = await api(server, `/api/public/quotations/${q.code}`);
    expect(closed.status).not.toBe(200);
    expect(JSON.stringify(closed.body)).not.toContain(SAMPLE_CPF.chave);
    const reopened = await insertQuotation(server.db, { status: 'pending' });
    await insertNote(server.db, reopened.id, authorised(SAMPLE_CNPJ, '18'));
    expect('nfse' in (await api(server, publicPath(reopened))).body).toBe(false);
  });

  test('the kept answer follows the queue: a note authorised after the page was opened shows on the next read', async () => {
    const q = await insertQuotation(server.db, { status: 'accepted' });
    const note = await insertNote(server.db, q.id, { status: 'sending', number: '40', dps_number: 40 });
    // First view writes viewed_at (never kept); the second is kept.
    await api(server, publicPath(q));
    expect('nfse' in (await api(server, publicPath(q))).body).toBe(false);
    await updateAsServer(server.db, 'nfse', note.id, { status: 'authorized', chave: SAMPLE_CPF.chave, authorized_at: '2026-03-10T17:05:31.000Z', nfse_xml: SAMPLE_CPF.xml });
    expect((await api<PublicQuotation>(server, publicPath(q))).body.nfse?.number).toBe('40');
  });
});
