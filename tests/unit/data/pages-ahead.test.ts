import { describe, expect, test } from 'vitest';
import type { SyncCheckpoint } from '@shared';
import { PagesAhead, type PageBody } from '../../../src/data/db/pages-ahead';

/** A server of `total` documents answering pages of `size` from a checkpoint; records what it was asked. */
function server(total: number, size: number, failAt?: number) {
  const asked: (number | null)[] = [];
  const fetchPage = async (cp: SyncCheckpoint | undefined): Promise<PageBody> => {
    const from = cp?.seq ?? 0;
    asked.push(cp ? from : null);
    if (failAt !== undefined && from >= failAt) throw new Error('offline');
    const documents = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => ({ id: `d${from + i}`, _deleted: false }));
    return { documents, checkpoint: documents.length > 0 ? { seq: from + documents.length } : cp ?? null } as PageBody;
  };
  return { asked, fetchPage };
}

const ids = (pages: PageBody[]) => pages.flatMap((p) => p.documents.map((d) => String(d.id)));
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('PagesAhead: a first download read ahead of the writes', () => {
  test('reads every page in order from the resume point, stops after a short page, then answers nothing', async () => {
    const { asked, fetchPage } = server(25, 10);
    const pages = new PagesAhead(fetchPage, { seq: 5 } as SyncCheckpoint, 10, 1_000);
    const got: PageBody[] = [];
    for (let batch = await pages.take(); batch.length > 0; batch = await pages.take()) got.push(...batch);
    expect(ids(got)).toEqual(Array.from({ length: 20 }, (_, i) => `d${i + 5}`));
    expect(asked).toEqual([5, 15, 25]);
    expect(() => pages.rethrow()).not.toThrow();
  });

  test('keeps at most maxAhead documents waiting, and reads on once some are taken', async () => {
    const { asked, fetchPage } = server(100, 10);
    const pages = new PagesAhead(fetchPage, undefined, 10, 30);
    for (let i = 0; i < 10; i++) await settle();
    expect(asked.length).toBe(3);
    expect(ids(await pages.take())).toHaveLength(30);
    for (let i = 0; i < 10; i++) await settle();
    expect(asked.length).toBe(6);
  });

  test('a failed read ends the pages; what came before is kept, and rethrow says why', async () => {
    const { fetchPage } = server(100, 10, 20);
    const pages = new PagesAhead(fetchPage, undefined, 10, 1_000);
    const got: PageBody[] = [];
    for (let batch = await pages.take(); batch.length > 0; batch = await pages.take()) got.push(...batch);
    expect(ids(got)).toHaveLength(20);
    expect(() => pages.rethrow()).toThrow('offline');
  });
});
