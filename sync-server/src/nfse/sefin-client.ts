/**
 * The only IO of the NFS-e core: Sefin Nacional's REST API over mutual TLS (research notes §1).
 * Every method answers with a discriminated union and never throws for an HTTP outcome:
 * - `rejected`: Sefin answered and refused (4xx with its error list); nothing was made.
 * - `unknown`: a timeout, a dropped connection or a 5xx — a note MAY have been made. The worker then
 *   asks GET /dps/{id} before sending the same DPS again; resending an Id already used is answered
 *   with E0014, which is resolved the same way.
 *
 * Trust: the server's certificate is checked against Node's default store, which already holds the
 * certificates of NODE_EXTRA_CA_CERTS (Node reads it at start) — that is how an installation adds a
 * CA (e.g. the ICP-Brasil root, should the national hosts need it). `extraCaPem` appends CAs to
 * Node's bundled roots for a process that cannot set that variable before start (the tests' stand-in).
 * Certificate checks are never turned off.
 */
import https from 'node:https';
import tls from 'node:tls';
import type { Ambiente } from './dps';
import { parseSefinErrors, type SefinMessage } from './errors-body';
import { parseNfseXml } from './nfse-xml';
import { packXml, unpackXml } from './transport';

export const SEFIN_BASE_URLS: Record<Ambiente, string> = {
  1: 'https://sefin.nfse.gov.br/SefinNacional',
  2: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
};

/** The base URL (ending in /SefinNacional) for the ambiente; FORJA_NFSE_URL overrides it per installation. */
export function sefinBaseUrl(ambiente: Ambiente, env: Record<string, string | undefined> = process.env): string {
  const override = env.FORJA_NFSE_URL?.trim();
  return (override || SEFIN_BASE_URLS[ambiente]).replace(/\/+$/, '');
}

export interface SefinClientOptions {
  baseUrl: string;
  keyPem: string;
  certPem: string;
  /** Per request, from connecting to the last byte of the answer. */
  timeoutMs?: number;
  /** CAs trusted besides Node's bundled roots (see the header); unset in production. */
  extraCaPem?: string[];
}

export type Unknown = { kind: 'unknown'; reason: 'timeout' | 'network' | 'server_error'; status?: number; detail?: string };
export type Rejected = { kind: 'rejected'; status: number; errors: SefinMessage[] };

export type PostDpsResult = { kind: 'authorized'; chave: string; nfseXml: string; dhProc: string } | Rejected | Unknown;
export type GetDpsResult = { kind: 'found'; chave: string } | { kind: 'not_found' } | Rejected | Unknown;
export type HeadDpsResult = { kind: 'found' } | { kind: 'not_found' } | Rejected | Unknown;
export type GetNfseResult = { kind: 'found'; nfseXml: string } | { kind: 'not_found' } | Rejected | Unknown;
export type PostEventResult = { kind: 'registered'; eventXml: string } | Rejected | Unknown;
export type GetEventResult = { kind: 'found'; eventXml: string } | { kind: 'not_found' } | Rejected | Unknown;

export interface SefinClient {
  postDps(signedXml: string): Promise<PostDpsResult>;
  getDps(id: string): Promise<GetDpsResult>;
  headDps(id: string): Promise<HeadDpsResult>;
  getNfse(chave: string): Promise<GetNfseResult>;
  postEvent(chave: string, signedXml: string): Promise<PostEventResult>;
  getEvent(chave: string, tipoEvento: string, nSeq: number): Promise<GetEventResult>;
  close(): void;
}

/** A rejection with this code means the DPS Id was already used for a note: look it up, don't renumber. */
export const DUPLICATE_DPS = 'E0014';

export function hasCode(result: { kind: string; errors?: SefinMessage[] }, code: string): boolean {
  return result.kind === 'rejected' && !!result.errors?.some((e) => e.code === code);
}

const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_BODY_BYTES = 20 * 1024 * 1024;

type Raw = { ok: true; status: number; body: string } | { ok: false; reason: 'timeout' | 'network'; detail: string };

function json(body: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A field by name in any letter case (Sefin mixes camelCase and PascalCase). */
function field(obj: Record<string, unknown> | undefined, name: string): string | undefined {
  if (!obj) return undefined;
  const key = Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : obj[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function unknownOf(raw: Extract<Raw, { ok: false }>): Unknown {
  return { kind: 'unknown', reason: raw.reason, detail: raw.detail };
}

function rejected(status: number, body: string): Rejected {
  return { kind: 'rejected', status, errors: parseSefinErrors(json(body) ?? body) };
}

/** 5xx and 429 (overloaded): Sefin may or may not have acted. 408 too (it gave up while reading). */
function isUncertain(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

export function createSefinClient(options: SefinClientOptions): SefinClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const agent = new https.Agent({
    key: options.keyPem,
    cert: options.certPem,
    keepAlive: true,
    // `ca` replaces Node's default store (and with it NODE_EXTRA_CA_CERTS): set only to add CAs on top of the bundled roots.
    ...(options.extraCaPem?.length ? { ca: [...tls.rootCertificates, ...options.extraCaPem] } : {}),
  });

  function request(method: 'GET' | 'HEAD' | 'POST', path: string, payload?: unknown): Promise<Raw> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (raw: Raw) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(raw);
      };
      const body = payload === undefined ? undefined : Buffer.from(JSON.stringify(payload), 'utf8');
      const req = https.request(`${base}${path}`, {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
        },
      });
      const timer = setTimeout(() => {
        finish({ ok: false, reason: 'timeout', detail: `sem resposta em ${timeoutMs} ms` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (error) => finish({ ok: false, reason: 'network', detail: error.message }));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            req.destroy();
            finish({ ok: false, reason: 'network', detail: 'resposta grande demais' });
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => finish({ ok: true, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        // A connection cut mid-answer: the request may have been processed.
        res.on('error', (error) => finish({ ok: false, reason: 'network', detail: error.message }));
        res.on('aborted', () => finish({ ok: false, reason: 'network', detail: 'resposta interrompida' }));
      });
      req.end(body);
    });
  }

  return {
    async postDps(signedXml) {
      const raw = await request('POST', '/nfse', { dpsXmlGZipB64: packXml(signedXml) });
      if (!raw.ok) return unknownOf(raw);
      if (raw.status === 200 || raw.status === 201) {
        const answer = json(raw.body);
        const packed = field(answer, 'nfseXmlGZipB64');
        try {
          const nfseXml = unpackXml(packed ?? '');
          const summary = parseNfseXml(nfseXml);
          // The note itself is the authority: one real answer carried the NFS-e Id in idDps (notes §4.1).
          return {
            kind: 'authorized',
            chave: summary.chave,
            nfseXml,
            dhProc: summary.dhProc || field(answer, 'dataHoraProcessamento') || '',
          };
        } catch (error) {
          // Made, but unreadable here: the worker recovers it by GET /dps/{id} like any other doubt.
          return { kind: 'unknown', reason: 'server_error', status: raw.status, detail: (error as Error).message };
        }
      }
      if (isUncertain(raw.status)) return { kind: 'unknown', reason: 'server_error', status: raw.status };
      return rejected(raw.status, raw.body);
    },

    async getDps(id) {
      const raw = await request('GET', `/dps/${encodeURIComponent(id)}`);
      if (!raw.ok) return unknownOf(raw);
      if (raw.status === 200) {
        const chave = field(json(raw.body), 'chaveAcesso');
        if (chave && /^[0-9A-Z]{50}$/.test(chave)) return { kind: 'found', chave };
        return { kind: 'unknown', reason: 'server_error', status: raw.status, detail: 'resposta sem chaveAcesso' };
      }
      if (raw.status === 404) return { kind: 'not_found' };
      if (isUncertain(raw.status)) return { kind: 'unknown', reason: 'server_error', status: raw.status };
      return rejected(raw.status, raw.body);
    },

    async headDps(id) {
      const raw = await request('HEAD', `/dps/${encodeURIComponent(id)}`);
      if (!raw.ok) return unknownOf(raw);
      if (raw.status === 200) return { kind: 'found' };
      if (raw.status === 404) return { kind: 'not_found' };
      if (isUncertain(raw.status)) return { kind: 'unknown', reason: 'server_error', status: raw.status };
      return { kind: 'rejected', status: raw.status, errors: [] };
    },

    async getNfse(chave) {
      const raw = await request('GET', `/nfse/${encodeURIComponent(chave)}`);
      if (!raw.ok) return unknownOf(raw);
      if (raw.status === 200) {
        try {
          return { kind: 'found', nfseXml: unpackXml(field(json(raw.body), 'nfseXmlGZipB64') ?? '') };
        } catch (error) {
          return { kind: 'unknown', reason: 'server_error', status: raw.status, detail: (error as Error).message };
        }
      }
      if (raw.status === 404) return { kind: 'not_found' };
      if (isUncertain(raw.status)) return { kind: 'unknown', reason: 'server_error', status: raw.status };
      return rejected(raw.status, raw.body);
    },

    async postEvent(chave, signedXml) {
      const raw = await request('POST', `/nfse/${encodeURIComponent(chave)}/eventos`, {
        pedidoRegistroEventoXmlGZipB64: packXml(signedXml),
      });
      if (!raw.ok) return unknownOf(raw);
      if (raw.status === 200 || raw.status === 201) {
        try {
          return { kind: 'registered', eventXml: unpackXml(field(json(raw.body), 'eventoXmlGZipB64') ?? '') };
        } catch (error) {
          return { kind: 'unknown', reason: 'server_error', status: raw.status, detail: (error as Error).message };
        }
      }
      if (isUncertain(raw.status)) return { kind: 'unknown', reason: 'server_error', status: raw.status };
      return rejected(raw.status, raw.body);
    },

    async getEvent(chave, tipoEvento, nSeq) {
      const raw = await request('GET', `/nfse/${encodeURIComponent(chave)}/eventos/${encodeURIComponent(tipoEvento)}/${nSeq}`);
      if (!raw.ok) return unknownOf(raw);
      if (raw.status === 200) {
        try {
          return { kind: 'found', eventXml: unpackXml(field(json(raw.body), 'eventoXmlGZipB64') ?? '') };
        } catch (error) {
          return { kind: 'unknown', reason: 'server_error', status: raw.status, detail: (error as Error).message };
        }
      }
      if (raw.status === 404) return { kind: 'not_found' };
      if (isUncertain(raw.status)) return { kind: 'unknown', reason: 'server_error', status: raw.status };
      return rejected(raw.status, raw.body);
    },

    close() {
      agent.destroy();
    },
  };
}
