/** The few HTTP calls the bench driver makes itself (seeding, checks), exactly as a client would. */
import { PUSH_REJECTIONS_HEADER, type PushRejection } from '@shared';

export class Api {
  token: string | null = null;
  constructor(readonly baseUrl: string) {}

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    return fetch(this.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  async login(email: string, password: string, deviceId: string): Promise<{ first_access: boolean }> {
    const res = await this.call('POST', '/api/auth/login', { email, password, device_id: deviceId, device_name: deviceId });
    if (!res.ok) throw new Error(`login ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { access_token: string; user: { first_access: boolean } };
    this.token = body.access_token;
    return body.user;
  }

  async changePassword(newPassword: string): Promise<void> {
    const res = await this.call('POST', '/api/auth/password', { new_password: newPassword });
    if (res.status !== 204) throw new Error(`password ${res.status}: ${await res.text()}`);
  }

  async logout(): Promise<void> {
    await this.call('POST', '/api/auth/logout');
  }

  /** One push batch of new documents; returns conflicts + refusals (empty when all landed). */
  async pushNew(collection: string, docs: object[]): Promise<{ conflicts: number; rejections: PushRejection[] }> {
    const rows = docs.map((d) => ({ assumedMasterState: null, newDocumentState: { ...d, _deleted: false } }));
    const res = await this.call('POST', `/api/sync/${collection}/push`, rows);
    if (!res.ok) throw new Error(`push ${res.status}: ${(await res.text()).slice(0, 500)}`);
    const conflicts = ((await res.json()) as unknown[]).length;
    const header = res.headers.get(PUSH_REJECTIONS_HEADER);
    return { conflicts, rejections: header ? (JSON.parse(header) as PushRejection[]) : [] };
  }

  /** Pulls everything after `seq` (the server caps limit at 1000); returns the documents and the last seq. */
  async pullAll(collection: string, seq: number | null, limit = 1000): Promise<{ docs: Record<string, unknown>[]; seq: number | null; requests: number }> {
    const docs: Record<string, unknown>[] = [];
    let checkpoint = seq === null ? null : { seq };
    let requests = 0;
    for (;;) {
      const q = new URLSearchParams({ limit: String(limit) });
      if (checkpoint) q.set('checkpoint', JSON.stringify(checkpoint));
      const res = await this.call('GET', `/api/sync/${collection}/pull?${q}`);
      requests++;
      if (!res.ok) throw new Error(`pull ${res.status}: ${(await res.text()).slice(0, 500)}`);
      const body = (await res.json()) as { documents: Record<string, unknown>[]; checkpoint: { seq: number } | null };
      docs.push(...body.documents);
      if (body.checkpoint) checkpoint = body.checkpoint;
      if (body.documents.length === 0) break;
    }
    return { docs, seq: checkpoint?.seq ?? seq, requests };
  }
}
