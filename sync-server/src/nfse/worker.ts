/**
 * The NFS-e queue (issue 38): notes asked on the devices are emitted here, one at a time.
 *
 * Never two notes for one request, never none without a record:
 * 1. In one transaction the server takes the série's next number (or the note's own, when a
 *    corrected note is sent again, or a number the national API refused earlier), builds and signs
 *    the DPS and stores it (nfse_dps) before anything leaves — two devices asking offline can never
 *    get the same number, and a restart finds the DPS it was sending.
 * 2. A lost answer (timeout, dropped connection, 5xx) is never answered by sending again blindly:
 *    the server first asks GET /dps/{id} whether a note was made from that DPS; only "no" sends the
 *    same signed bytes again. An E0014 ("this DPS already made a note") is resolved the same way.
 * 3. Without an answer, retries back off (5 s … 15 min); the note waits in `sending` across
 *    restarts, with a waiting_reason the devices show.
 * A refusal (national or our own checks: no certificate, nothing configured) ends as `rejected`
 * with what to fix; it never blocks the notes behind it.
 */
import { COMPANY_DOC_ID, nfseRejectionHelp, type CompanyDoc, type FiscalSettings, type NfseDoc } from '@shared';
import type { Database, Queryable } from '../db/types';
import { readDocument, updateAsServer, updateAsServerIn } from '../sync/server-writes';
import { lockWrites } from '../sync/store';
import { buildCancelRequest } from './cancel-event';
import { readCertificate } from './certificate-store';
import { buildDps } from './dps';
import { dpsInputFor, FORJA_VER_APLIC } from './dps-input';
import { NfseError } from './errors';
import { parseNfseXml } from './nfse-xml';
import { signXml } from './sign';
import { createSefinClient, sefinBaseUrl, type SefinClient } from './sefin-client';
import { validateXml } from './xsd';
import type { A1Certificate } from './certificate';

export interface NfseWorkerOptions {
  db: Database;
  /** FORJA_NFSE_URL (config.nfseUrl): replaces the ambiente's base URL. */
  baseUrl: string | null;
  now?: () => Date;
  /** How the worker reaches Sefin with a certificate (tests add their CA). */
  clientFor?: (baseUrl: string, cert: A1Certificate) => SefinClient;
  log?: (msg: string, err?: unknown) => void;
  /** How often the queue is read when nothing kicked it. */
  pollMs?: number;
  /** Waits between tries without an answer (default RETRY_DELAYS_MS). */
  retryDelaysMs?: number[];
}

/** Waits between tries while the national API does not answer: 5 s, 15 s, 1 min, 5 min, then 15 min. */
export const RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000, 900_000];

/** Our own refusals, before the national API sees anything (shown like its codes). */
const LOCAL_REJECTIONS = {
  'FORJA-FISCAL': 'Configure a nota fiscal em Configurações › Fiscal (CNPJ, município, regime, série) e envie de novo.',
  'FORJA-CERT': 'Envie o certificado digital A1 da empresa em Configurações › Fiscal e envie de novo.',
  'FORJA-CERT-VENCIDO': 'O certificado digital A1 está vencido: envie o certificado renovado em Configurações › Fiscal e envie de novo.',
  'FORJA-DADOS': 'Os dados da nota estão incompletos ou inválidos: confira o tomador (CPF/CNPJ, endereço), o serviço e o valor.',
} as const;

type Pending = Pick<NfseDoc, 'id' | 'status'>;

const WAITING_STATUSES = ['requested', 'sending', 'cancel_requested', 'cancelling'] as const;

function formatClock(d: Date): string {
  return d.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
}

export class NfseWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** Per note: tries without an answer, and when the next may go. */
  private readonly backoff = new Map<string, { tries: number; nextAt: number }>();
  private cachedClient: { key: string; client: SefinClient } | null = null;
  private readonly now: () => Date;
  private readonly log: (msg: string, err?: unknown) => void;

  constructor(private readonly opts: NfseWorkerOptions) {
    this.now = opts.now ?? (() => new Date());
    this.log = opts.log ?? (() => undefined);
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.cachedClient?.client.close();
    this.cachedClient = null;
  }

  /** Something was asked (a push to nfse): read the queue now. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.runOnce()
      .catch((err) => this.log('nfse queue failed', err))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.nextWakeMs());
        }
      });
  }

  private nextWakeMs(): number {
    const poll = this.opts.pollMs ?? 5_000;
    const soonest = Math.min(...[...this.backoff.values()].map((b) => b.nextAt), Infinity);
    return Math.max(200, Math.min(poll, soonest - this.now().getTime()));
  }

  /** One pass over the waiting notes (tests call it directly). */
  async runOnce(): Promise<void> {
    const { rows } = await this.opts.db.query<Pending>(
      `SELECT id, status FROM nfse WHERE NOT _deleted AND status = ANY($1) ORDER BY created_at, id`,
      [WAITING_STATUSES],
    );
    for (const row of rows) {
      if (this.stopped) return;
      const wait = this.backoff.get(row.id);
      if (wait && wait.nextAt > this.now().getTime()) continue;
      try {
        await this.process(row.id);
      } catch (err) {
        // A fault of ours (a bug, the database): the note waits and is tried again later.
        this.log(`nfse ${row.id} failed`, err);
        await this.noAnswer(row.id, 'Falha interna ao emitir');
      }
    }
  }

  private async process(id: string): Promise<void> {
    const note = (await readDocument(this.opts.db, 'nfse', id)) as unknown as NfseDoc | null;
    if (!note || (note as { _deleted?: boolean })._deleted) return;
    if (note.status === 'requested') return this.emit(note);
    if (note.status === 'sending') return this.send(note, { askFirst: true });
    if (note.status === 'cancel_requested') return this.cancel(note);
    if (note.status === 'cancelling') return this.sendCancel(note, { askFirst: true });
  }

  private async fiscal(q: Queryable): Promise<FiscalSettings | null> {
    const company = (await readDocument(q, 'company', COMPANY_DOC_ID)) as unknown as CompanyDoc | null;
    return (company?.fiscal as FiscalSettings | null | undefined) ?? null;
  }

  /** The certificate, or the local rejection code that says why there is none to use. */
  private async certificate(): Promise<A1Certificate | keyof typeof LOCAL_REJECTIONS> {
    try {
      return (await readCertificate(this.opts.db, this.now())) ?? 'FORJA-CERT';
    } catch (err) {
      if (err instanceof NfseError && err.code === 'certificate_expired') return 'FORJA-CERT-VENCIDO';
      throw err;
    }
  }

  /** One client (and its TLS sessions) while the base URL and the certificate stay the same. */
  private client(fiscal: FiscalSettings, cert: A1Certificate): SefinClient {
    const base = this.opts.baseUrl ?? sefinBaseUrl(fiscal.environment, {});
    const key = `${base}\n${cert.certPem}`;
    if (this.cachedClient?.key !== key) {
      this.cachedClient?.client.close();
      const client = this.opts.clientFor ? this.opts.clientFor(base, cert) : createSefinClient({ baseUrl: base, keyPem: cert.keyPem, certPem: cert.certPem });
      this.cachedClient = { key, client };
    }
    return this.cachedClient.client;
  }

  private async rejectLocally(id: string, code: keyof typeof LOCAL_REJECTIONS, detail: string | null = null): Promise<void> {
    this.backoff.delete(id);
    await updateAsServer(this.opts.db, 'nfse', id, {
      status: 'rejected',
      rejection_code: code,
      rejection_message: LOCAL_REJECTIONS[code],
      rejection_detail: detail,
      waiting_reason: null,
    });
  }

  /** Takes a number, builds, signs and stores the DPS, then sends it. */
  private async emit(asked: NfseDoc): Promise<void> {
    const fiscal = await this.fiscal(this.opts.db);
    if (!fiscal) return this.rejectLocally(asked.id, 'FORJA-FISCAL');
    const cert = await this.certificate();
    if (typeof cert === 'string') return this.rejectLocally(asked.id, cert);

    const built = await this.opts.db.transaction(async (tx) => {
      // Read again under the write lock: a device may have changed or discarded it meanwhile. The
      // lock is the one pushes take before reading (held to the commit), so a push cannot change
      // the request between this read and the DPS built from it (a second phone's request would
      // otherwise land on the document while the DPS carried the first one's; PostgreSQL only —
      // PGlite runs one transaction at a time). tests/replication/nfse.test.ts.
      await lockWrites(tx);
      const note = (await readDocument(tx, 'nfse', asked.id)) as unknown as (NfseDoc & { _deleted?: boolean }) | null;
      if (!note || note._deleted || note.status !== 'requested') return null;
      const nDPS = await takeNumber(tx, fiscal, note);
      // A little before now: dhEmi after the national clock is refused (E0008).
      const dhEmi = new Date(this.now().getTime() - 60_000);
      let xml: string;
      try {
        xml = signXml(buildDps(dpsInputFor(note, fiscal, { serie: fiscal.serie, nDPS }, dhEmi)), 'infDPS', cert.keyPem, cert.certPem);
      } catch (err) {
        if (err instanceof NfseError) return { invalid: err.detail ?? err.message };
        throw err;
      }
      const schema = await validateXml(xml, 'DPS');
      if (!schema.valid) return { invalid: schema.errors.slice(0, 3).join('; ') };
      const dpsId = /<infDPS Id="([^"]+)"/.exec(xml)![1];
      await tx.query(`INSERT INTO nfse_dps (nfse_id, kind, document_id, xml) VALUES ($1, 'dps', $2, $3)`, [note.id, dpsId, xml]);
      await updateAsServerIn(tx, 'nfse', note.id, {
        status: 'sending',
        environment: fiscal.environment,
        serie: fiscal.serie,
        dps_number: nDPS,
        dps_id: dpsId,
        waiting_reason: null,
      });
      return { note: { ...note, dps_id: dpsId } as NfseDoc };
    });
    if (!built) return;
    if ('invalid' in built) return this.rejectLocally(asked.id, 'FORJA-DADOS', built.invalid);
    await this.send(built.note, { askFirst: false, fiscal, cert });
  }

  /** Sends the stored DPS — after asking whether it already made a note, when an answer was lost. */
  private async send(note: NfseDoc, o: { askFirst: boolean; fiscal?: FiscalSettings; cert?: A1Certificate }): Promise<void> {
    const fiscal = o.fiscal ?? (await this.fiscal(this.opts.db));
    const cert = o.cert ?? (await this.certificate());
    if (!fiscal || typeof cert === 'string') return this.noAnswer(note.id, 'Aguardando o certificado e a configuração fiscal');
    const client = this.client(fiscal, cert);
    const dpsId = note.dps_id!;
    if (o.askFirst && (await this.recover(note.id, client, dpsId))) return;
    const xml = await storedXml(this.opts.db, note.id, 'dps');
    if (!xml) return this.rejectLocally(note.id, 'FORJA-DADOS', 'DPS não encontrada');
    const answer = await client.postDps(xml);
    if (answer.kind === 'authorized') return this.authorized(note.id, answer.nfseXml);
    if (answer.kind === 'rejected') {
      // "This DPS already made a note": the answer we lost said yes. Fetch it.
      if (answer.errors.some((e) => e.code === 'E0014') && (await this.recover(note.id, client, dpsId))) return;
      return this.rejected(note.id, answer.errors);
    }
    await this.recover(note.id, client, dpsId, answer.reason);
  }

  /**
   * Asks whether the DPS made a note; when it did, takes it. True when the note is settled
   * (authorised now); false when the DPS may be sent (again).
   */
  private async recover(id: string, client: SefinClient, dpsId: string, lost?: string): Promise<boolean> {
    const found = await client.getDps(dpsId);
    if (found.kind === 'found') {
      const nfse = await client.getNfse(found.chave);
      if (nfse.kind === 'found') await this.authorized(id, nfse.nfseXml);
      else await this.noAnswer(id, describeLost(nfse.kind === 'not_found' ? 'not_found' : reasonOf(nfse)));
      return true;
    }
    if (found.kind === 'not_found') {
      if (!lost) return false;
      // The answer was lost and no note was made: the same DPS goes again after a pause.
      await this.noAnswer(id, describeLost(lost));
      return true;
    }
    await this.noAnswer(id, describeLost(reasonOf(found)));
    return true;
  }

  private async noAnswer(id: string, why: string): Promise<void> {
    const prev = this.backoff.get(id);
    const tries = (prev?.tries ?? 0) + 1;
    const delays = this.opts.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[Math.min(tries - 1, delays.length - 1)];
    const nextAt = this.now().getTime() + delay;
    this.backoff.set(id, { tries, nextAt });
    await updateAsServer(this.opts.db, 'nfse', id, { waiting_reason: `${why}: nova tentativa às ${formatClock(new Date(nextAt))}.` });
  }

  private async authorized(id: string, nfseXml: string): Promise<void> {
    this.backoff.delete(id);
    const summary = parseNfseXml(nfseXml);
    await this.opts.db.transaction(async (tx) => {
      await tx.query(`UPDATE nfse_dps SET answered_at = now(), outcome = 'authorized' WHERE nfse_id = $1 AND kind = 'dps' AND outcome IS NULL`, [id]);
      await updateAsServerIn(tx, 'nfse', id, {
        status: 'authorized',
        number: summary.nNFSe,
        chave: summary.chave,
        authorized_at: new Date(summary.dhProc).toISOString(),
        nfse_xml: nfseXml,
        rejection_code: null,
        rejection_message: null,
        rejection_detail: null,
        waiting_reason: null,
      });
    });
  }

  private async rejected(id: string, errors: { code: string; description: string }[], cancel = false): Promise<void> {
    this.backoff.delete(id);
    const first = errors[0] ?? { code: 'E????', description: '' };
    await this.opts.db.transaction(async (tx) => {
      await tx.query(`UPDATE nfse_dps SET answered_at = now(), outcome = 'rejected' WHERE nfse_id = $1 AND outcome IS NULL`, [id]);
      await updateAsServerIn(tx, 'nfse', id, {
        status: cancel ? 'cancel_rejected' : 'rejected',
        rejection_code: errors.map((e) => e.code).join(', ').slice(0, 20) || first.code,
        rejection_message: errors.map((e) => nfseRejectionHelp(e.code, e.description)).join('\n').slice(0, 2000),
        rejection_detail: errors.map((e) => `${e.code}: ${e.description}`).join('\n').slice(0, 2000),
        waiting_reason: null,
      });
    });
  }

  /** Builds, signs and stores the cancel event, then sends it. */
  private async cancel(asked: NfseDoc): Promise<void> {
    const fiscal = await this.fiscal(this.opts.db);
    const cert = await this.certificate();
    if (!fiscal || typeof cert === 'string') {
      return this.rejectCancelLocally(asked.id, !fiscal ? 'FORJA-FISCAL' : (cert as keyof typeof LOCAL_REJECTIONS));
    }
    const ready = await this.opts.db.transaction(async (tx) => {
      const note = (await readDocument(tx, 'nfse', asked.id)) as unknown as NfseDoc | null;
      if (!note || note.status !== 'cancel_requested' || !note.chave) return null;
      const xml = signXml(
        buildCancelRequest({
          ambiente: (note.environment ?? fiscal.environment) as 1 | 2,
          chave: note.chave,
          cnpjAutor: fiscal.cnpj,
          dhEvento: new Date(this.now().getTime() - 60_000),
          cMotivo: note.cancel_reason_code as 1 | 2 | 9,
          xMotivo: note.cancel_reason!,
          verAplic: FORJA_VER_APLIC,
        }),
        'infPedReg',
        cert.keyPem,
        cert.certPem,
      );
      await tx.query(`INSERT INTO nfse_dps (nfse_id, kind, document_id, xml) VALUES ($1, 'cancel', $2, $3)`, [note.id, `PRE${note.chave}101101`, xml]);
      await updateAsServerIn(tx, 'nfse', note.id, { status: 'cancelling', waiting_reason: null });
      return note;
    });
    if (ready) await this.sendCancel(ready, { askFirst: false, fiscal, cert });
  }

  private async rejectCancelLocally(id: string, code: keyof typeof LOCAL_REJECTIONS): Promise<void> {
    await updateAsServer(this.opts.db, 'nfse', id, {
      status: 'cancel_rejected',
      rejection_code: code,
      rejection_message: LOCAL_REJECTIONS[code],
      rejection_detail: null,
      waiting_reason: null,
    });
  }

  private async sendCancel(note: NfseDoc, o: { askFirst: boolean; fiscal?: FiscalSettings; cert?: A1Certificate }): Promise<void> {
    const fiscal = o.fiscal ?? (await this.fiscal(this.opts.db));
    const cert = o.cert ?? (await this.certificate());
    if (!fiscal || typeof cert === 'string') return this.noAnswer(note.id, 'Aguardando o certificado e a configuração fiscal');
    const client = this.client(fiscal, cert);
    if (o.askFirst) {
      // A lost answer: the note may already be cancelled — the national API says so.
      const known = await client.getEvent(note.chave!, '101101', 1);
      if (known.kind === 'found') return this.cancelled(note.id, known.eventXml);
      if (known.kind !== 'not_found') return this.noAnswer(note.id, describeLost(reasonOf(known)));
    }
    const xml = await storedXml(this.opts.db, note.id, 'cancel');
    if (!xml) return this.rejectCancelLocally(note.id, 'FORJA-DADOS');
    const answer = await client.postEvent(note.chave!, xml);
    if (answer.kind === 'registered') return this.cancelled(note.id, answer.eventXml);
    if (answer.kind === 'rejected') return this.rejected(note.id, answer.errors, true);
    await this.noAnswer(note.id, describeLost(answer.reason));
  }

  private async cancelled(id: string, eventXml: string): Promise<void> {
    this.backoff.delete(id);
    await this.opts.db.transaction(async (tx) => {
      await tx.query(`UPDATE nfse_dps SET answered_at = now(), outcome = 'registered' WHERE nfse_id = $1 AND kind = 'cancel' AND outcome IS NULL`, [id]);
      await updateAsServerIn(tx, 'nfse', id, {
        status: 'cancelled',
        cancelled_at: this.now().toISOString(),
        cancel_event_xml: eventXml,
        rejection_code: null,
        rejection_message: null,
        rejection_detail: null,
        waiting_reason: null,
      });
    });
  }
}

/** An answer that settles nothing: why, for the waiting line. */
function reasonOf(r: { kind: 'unknown'; reason: string } | { kind: 'rejected' }): string {
  return r.kind === 'unknown' ? r.reason : 'server_error';
}

function describeLost(reason: string): string {
  switch (reason) {
    case 'timeout':
      return 'A Receita não respondeu a tempo';
    case 'server_error':
      return 'O sistema nacional da NFS-e está com problemas';
    case 'not_found':
      return 'Sem resposta do envio anterior';
    default:
      return 'Sem conexão com o sistema nacional da NFS-e';
  }
}

async function storedXml(q: Queryable, id: string, kind: 'dps' | 'cancel'): Promise<string | null> {
  const { rows } = await q.query<{ xml: string }>('SELECT xml FROM nfse_dps WHERE nfse_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1', [id, kind]);
  return rows[0]?.xml ?? null;
}

/**
 * The DPS number of a note, in the caller's transaction: its own when it was refused before (the
 * national API took nothing), else a number refused and given back, else the série's next — never
 * below the first number set in Configurações.
 */
async function takeNumber(tx: Queryable, fiscal: FiscalSettings, note: NfseDoc): Promise<number> {
  if (note.dps_number != null && note.serie === fiscal.serie && note.dps_id?.includes(fiscal.cnpj)) return note.dps_number;
  const freed = await tx.query<{ number: string }>(
    `DELETE FROM nfse_free_numbers WHERE (cnpj, serie, number) IN (
       SELECT cnpj, serie, number FROM nfse_free_numbers WHERE cnpj = $1 AND serie = $2 ORDER BY number LIMIT 1)
     RETURNING number`,
    [fiscal.cnpj, fiscal.serie],
  );
  if (freed.rows[0]) return Number(freed.rows[0].number);
  const { rows } = await tx.query<{ taken: string }>(
    `INSERT INTO nfse_series (cnpj, serie, next_number) VALUES ($1, $2, $3 + 1)
     ON CONFLICT (cnpj, serie) DO UPDATE SET next_number = GREATEST(nfse_series.next_number, $3) + 1
     RETURNING next_number - 1 AS taken`,
    [fiscal.cnpj, fiscal.serie, fiscal.first_number],
  );
  const taken = Number(rows[0].taken);
  await updateAsServerIn(tx, 'company', COMPANY_DOC_ID, { nfse_next_number: taken + 1 });
  return taken;
}
