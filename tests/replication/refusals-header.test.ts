/**
 * A push whose refusals do not all fit the bounded x-forja-rejections header (issue 30): the
 * device still learns every refusal and its reason — the header's share plus the rest read from
 * the server's refusal store — and Node's fetch (the test's, like the app's in a browser) reads
 * the answer at all (a 1,000-refusal header used to be ~100 kB, over every client's limit).
 */
import { describe, expect, test } from 'vitest';
import { ERROR_MESSAGES } from '@shared';
import { api, backends, signIn } from '../support/server';
import { insertDocument } from '../../src/data/db/writes';
import { customer } from '../server/sync-fixtures';
import { check, eventually, makeClient, serverForSuite } from './clients';

const REFUSED = 1000;

describe.each(backends())('refusals beyond the header (%s)', (backend) => {
  const suite = serverForSuite(backend);

  test(`${REFUSED} refused rows in one push: every one reaches the device with its reason`, async () => {
    // The phones are already someone else's on the server: every row of the device is refused.
    const other = await signIn(suite.server);
    const owners = Array.from({ length: REFUSED }, (_, i) => customer({ phone: `31 9${String(i).padStart(8, '0')}` }));
    const seeded = await api(suite.server, '/api/sync/customers/push', {
      method: 'POST',
      token: other.accessToken,
      body: owners.map((d) => ({ assumedMasterState: null, newDocumentState: d })),
    });
    expect(seeded.status).toBe(200);

    // Offline until its writes are made, so they leave in one push of REFUSED rows.
    const a = await makeClient(suite.server, { label: 'A', online: false, pushBatchSize: REFUSED, sendAhead: false, collections: ['customers'] });
    suite.clients.push(a);
    const ids: string[] = [];
    for (const owner of owners) {
      ids.push((await insertDocument(a.fdb, 'customers', { name: 'Duplicado', phone: owner.phone, whatsapp: null, description: null })).id);
    }
    a.setOnline(true);

    await eventually(
      async () => check(a.fdb.sync.status$.value.refused.length === REFUSED, `${a.fdb.sync.status$.value.refused.length} of ${REFUSED} refusals known`),
      'the device learns every refusal',
      60_000,
    );
    const refused = a.fdb.sync.status$.value.refused;
    expect(new Set(refused.map((r) => r.id))).toEqual(new Set(ids));
    expect(refused.every((r) => r.error === 'duplicate_phone' && r.message === ERROR_MESSAGES.duplicate_phone)).toBe(true);
    expect(a.pushes.length).toBeGreaterThan(0);
  }, 120_000);
});
