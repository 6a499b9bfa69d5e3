/**
 * Issue 40 §5: a refusal must not tell a live code from an unknown one by how fast it comes.
 * For a few seconds after a customer opened their page, the public answers' cache
 * (sync-server/src/public/view-cache.ts) refused a request without access for that code from
 * memory, while an unknown code was looked up in the database. Not a timed test: the database
 * work of both refusals is recorded and must be the same statements, for the API and for the
 * server-drawn page alike.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { api, backends, startTestServer, type TestServer } from '../support/server';
import { PublicAnswers } from '../../sync-server/src/public/answers';
import { insertCustomer, insertQuotation, publicPath } from './public-fixtures';

describe.each(backends())('public quotation refusals cost the same for live and unknown codes (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.stop();
  });

  /** The SQL (whitespace folded) the database ran while `work` ran. */
  async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
    const query = vi.spyOn(server.db, 'query');
    const transaction = vi.spyOn(server.db, 'transaction');
    try {
      await work();
      expect(transaction).not.toHaveBeenCalled();
      return query.mock.calls.map(([sql]) => String(sql).replace(/\s+/g, ' ').trim());
    } finally {
      query.mockRestore();
      transaction.mockRestore();
    }
  }

  /** A live quotation the customer has just opened twice: its answer is now kept in memory. */
  async function openedQuotation() {
    const customer = await insertCustomer(server.db, { phone: `(35) 9${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}-1234` });
    const q = await insertQuotation(server.db, { customer_id: customer.id });
    // The first view writes viewed_at (never kept); the second is read and kept.
    for (let i = 0; i < 2; i++) expect((await api(server, publicPath(q))).status).toBe(200);
    return q;
  }

  test('GET /api/public/quotations/{code} without access: a kept code and an unknown one run the same statements', async () => {
    const q = await openedQuotation();
    const unknown = 'ORC-ZZZZZZ';
    const cases = ['', '?tel=0000', '?k=AAAAAAAAAAAAAAAAAAAAAA'];
    for (const query of cases) {
      let liveStatus = 0;
      let unknownStatus = 0;
      const live = await statementsOf(async () => {
        liveStatus = (await api(server, `/api/public/quotations/${q.code}${query}`)).status;
      });
      const none = await statementsOf(async () => {
        unknownStatus = (await api(server, `/api/public/quotations/${unknown}${query}`)).status;
      });
      expect(liveStatus, query).toBe(403);
      expect(unknownStatus, query).toBe(403);
      expect(none.length, query).toBeGreaterThan(0);
      expect(live, `live code ${query || '(nothing)'}`).toEqual(none);
    }
    // The cache still serves the customer: with the link, the lookup of what opens it and nothing more.
    const withLink = await statementsOf(async () => expect((await api(server, publicPath(q))).status).toBe(200));
    expect(withLink).toHaveLength(1);
  });

  test('the drawn page’s read (quotationForPage) without access: a kept code and an unknown one run the same statements', async () => {
    const q = await openedQuotation();
    const answers = new PublicAnswers(server.db);
    await answers.start();
    try {
      const open = { key: q.link_secret, phoneDigits: null };
      await answers.quotation(q.code, open);
      await answers.quotation(q.code, open);
      for (const access of [{ key: null, phoneDigits: null }, { key: null, phoneDigits: '0000' }]) {
        const outcome = async (code: string) => answers.quotationForPage(code, access).then(() => 'answered', (e: { code?: string }) => e.code);
        let liveOutcome: unknown;
        let unknownOutcome: unknown;
        const live = await statementsOf(async () => (liveOutcome = await outcome(q.code)));
        const none = await statementsOf(async () => (unknownOutcome = await outcome('ORC-YYYYYY')));
        expect(liveOutcome).toBe(unknownOutcome);
        expect(none.length).toBeGreaterThan(0);
        expect(live).toEqual(none);
      }
    } finally {
      await answers.close();
    }
  });
});
