/**
 * The server's view, read over HTTP like any device (the soak never opens the server's
 * database while it runs: PGlite's files belong to the server process). A checker account
 * keeps a cursor per collection, so a run reads only what changed since it started.
 */
import type { CollectionName } from '@shared';
import { login } from './client';
import type { SoakServer } from './server';
import { SOAK_COLLECTIONS } from './client';

export type Checkpoint = { seq: number } & Record<string, unknown>;
export type ServerDoc = Record<string, unknown> & { id: string; _deleted?: boolean };

export class Checker {
  private token = '';
  private cursor = new Map<CollectionName, Checkpoint | null>();

  constructor(
    private readonly server: SoakServer,
    private readonly email: string,
  ) {}

  async login(): Promise<void> {
    this.token = (await login(this.server, this.email, 'soak-checker')).token;
  }

  private async pullPage(c: CollectionName, cp: Checkpoint | null): Promise<{ documents: ServerDoc[]; checkpoint: Checkpoint | null }> {
    const q = new URLSearchParams({ limit: '1000' });
    if (cp) q.set('checkpoint', JSON.stringify(cp));
    for (let attempt = 0; ; attempt++) {
      await this.server.whenUp();
      let res: Response;
      try {
        res = await fetch(`${this.server.url}/api/sync/${c}/pull?${q}`, { headers: { authorization: `Bearer ${this.token}` } });
      } catch (e) {
        if (attempt < 50) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        throw e;
      }
      if (res.status === 401 && attempt < 3) {
        await res.arrayBuffer();
        await this.login();
        continue;
      }
      if (res.status !== 200) throw new Error(`checker pull ${c}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { documents: ServerDoc[]; checkpoint: Checkpoint | null };
    }
  }

  /** Every document changed after cp, latest state, tombstones included. */
  async since(c: CollectionName, cp: Checkpoint | null): Promise<Map<string, ServerDoc>> {
    const out = new Map<string, ServerDoc>();
    let at = cp;
    for (;;) {
      const page = await this.pullPage(c, at);
      for (const d of page.documents) out.set(d.id, d);
      if (page.documents.length === 0 || !page.checkpoint) break;
      at = page.checkpoint;
    }
    return out;
  }

  /** The server's conflict log for one document (diagnostics of a failed run). */
  async conflicts(docId: string): Promise<unknown[]> {
    await this.server.whenUp();
    const res = await fetch(`${this.server.url}/api/sync/conflicts?limit=20&doc_id=${encodeURIComponent(docId)}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    return res.ok ? ((await res.json()) as unknown[]) : [`conflicts ${res.status}`];
  }

  /** The newest checkpoint of each collection (where a new run starts reading). */
  async tail(): Promise<Map<CollectionName, Checkpoint | null>> {
    const out = new Map<CollectionName, Checkpoint | null>();
    for (const c of SOAK_COLLECTIONS) {
      let at = this.cursor.get(c) ?? null;
      for (;;) {
        const page = await this.pullPage(c, at);
        if (page.documents.length === 0 || !page.checkpoint) break;
        at = page.checkpoint;
      }
      const prev = this.cursor.get(c);
      if (!prev || (at && at.seq > prev.seq)) this.cursor.set(c, at);
      out.set(c, at);
    }
    return out;
  }
}
