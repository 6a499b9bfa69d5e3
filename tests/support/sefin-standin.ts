/**
 * A stand-in of Sefin Nacional (NFS-e padrão nacional) for the tests, built from the published
 * contract (research notes §1, §5, §10): mutual TLS against the test ICP CA (icp-test-ca.ts), the
 * official XSDs, XMLDSig verification, the rules that bite a small shop, and the faults the real
 * one shows: answers lost after the note was made, 5xx, slow answers, and every error-body variant.
 *
 * Paths under /SefinNacional: POST /nfse, GET|HEAD /dps/:id, GET /nfse/:chave,
 * POST /nfse/:chave/eventos, GET /nfse/:chave/eventos/:tipo/:seq.
 * It is produção restrita: tpAmb must be 2, notes carry ambGer 2.
 */
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { DOMParser, type Element } from '@xmldom/xmldom';
import forge from 'node-forge';
import { cnpjFromSan } from '../../sync-server/src/nfse/certificate';
import { dpsId as computeDpsId } from '../../sync-server/src/nfse/dps';
import { chaveDv } from '../../sync-server/src/nfse/nfse-xml';
import { signXml, verifyXmlSignature } from '../../sync-server/src/nfse/sign';
import { formatDateTime } from '../../sync-server/src/nfse/time';
import { packXml, unpackXml } from '../../sync-server/src/nfse/transport';
import { validateXml } from '../../sync-server/src/nfse/xsd';
import type { IcpTestCa } from './icp-test-ca';

export type Fault =
  /** Make the note (or register the event), then cut the connection without answering. */
  | { kind: 'drop_after_commit'; on?: string }
  /** Answer 5xx without doing anything. */
  | { kind: 'status_5xx'; status?: number; on?: string }
  /** Do the work at once, answer after `ms`. */
  | { kind: 'slow'; ms: number; on?: string };

export type ErrorBodyStyle = 'erros' | 'erro-object' | 'erro-array' | 'pascal';

export interface StandinNote {
  dpsId: string;
  chave: string;
  nNFSe: string;
  cnpj: string;
  nfseXml: string;
  dhProc: string;
  cancelEventXml?: string;
}

export interface StandinRequest {
  method: string;
  path: string;
  status: number | 'dropped';
  /** Codes of the errors answered, if any. */
  codes: string[];
  clientCnpj?: string;
}

export interface SefinStandin {
  /** Ends in /SefinNacional, like the real one. */
  baseUrl: string;
  failNext(fault: Fault): void;
  /** Forces one error-body shape for every error answer (default: the swagger's per endpoint). */
  errorBodyStyle(style: ErrorBodyStyle | undefined): void;
  /** Cancel requests are answered with E0822 (the município's deadline passed) while set. */
  cancelDeadlinePassed(passed: boolean): void;
  notes(): StandinNote[];
  requests(): StandinRequest[];
  close(): Promise<void>;
}

export interface StandinOptions {
  ca: IcpTestCa;
  /** How far in the future dhEmi may be before E0008 (clock skew allowance). */
  clockToleranceMs?: number;
}

const VERSAO_APLICATIVO = 'SefinNacional_1.6.0-standin';
const NS = 'http://www.sped.fazenda.gov.br/nfse';
const EXC_C14N_WITH_COMMENTS = 'http://www.w3.org/2001/10/xml-exc-c14n#WithComments';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

type Message = { codigo: string; descricao: string; complemento?: string };

class Rejection extends Error {
  constructor(
    readonly status: number,
    readonly messages: Message[],
  ) {
    super(messages.map((m) => m.codigo).join(','));
  }
}

const reject = (codigo: string, descricao: string, status = 400, complemento?: string) =>
  new Rejection(status, [{ codigo, descricao, ...(complemento ? { complemento } : {}) }]);

function child(parent: Element | null | undefined, name: string): Element | undefined {
  if (!parent) return undefined;
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && (c as Element).localName === name) return c as Element;
  }
  return undefined;
}

function at(root: Element | null | undefined, ...path: string[]): Element | undefined {
  let node: Element | undefined = root ?? undefined;
  for (const name of path) node = child(node, name);
  return node;
}

const textAt = (root: Element | null | undefined, ...path: string[]) => at(root, ...path)?.textContent?.trim() ?? '';

function parseXml(xml: string): Element {
  let failure: string | undefined;
  const doc = new DOMParser({
    onError: (level, msg) => {
      if (level !== 'warning') failure ??= msg;
    },
  }).parseFromString(xml, 'text/xml');
  if (failure || !doc.documentElement) throw reject('E1229', 'XML mal formado', 400, failure);
  return doc.documentElement;
}

function certCnpj(pem: string): string | undefined {
  try {
    const cert = forge.pki.certificateFromPem(pem);
    return cnpjFromSan(cert) ?? /:([0-9A-Z]{14})$/.exec(String(cert.subject.getField('CN')?.value ?? ''))?.[1];
  } catch {
    return undefined;
  }
}

export async function startSefinStandin(options: StandinOptions): Promise<SefinStandin> {
  const { ca } = options;
  const tolerance = options.clockToleranceMs ?? 60_000;
  const faults: Fault[] = [];
  let style: ErrorBodyStyle | undefined;
  let deadlinePassed = false;
  const notesByDps = new Map<string, StandinNote>();
  const notesByChave = new Map<string, StandinNote>();
  const log: StandinRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let lastNNFSe = 0;
  let lastNDFSe = 9000;

  function trusted(pem: string): boolean {
    try {
      const cert = forge.pki.certificateFromPem(pem);
      const now = Date.now();
      return ca.ca.cert.verify(cert) && cert.validity.notBefore.getTime() <= now && now <= cert.validity.notAfter.getTime();
    } catch {
      return false;
    }
  }

  /** XMLDSig checks shared by DPS and events; returns the signer's CNPJ. */
  function checkSignature(xml: string): string {
    const verified = verifyXmlSignature(xml);
    if (!verified.ok && verified.reason === 'no_signature') throw reject('E0717', 'Não foi encontrada a assinatura do documento.');
    if (!verified.ok) throw reject('E0714', 'Arquivo enviado com erro na assinatura.', 400, verified.detail);
    if (!trusted(verified.certPem)) throw reject('E0715', 'Certificado de assinatura inválido: fora da cadeia, vencido ou revogado.');
    const cnpj = certCnpj(verified.certPem);
    if (!cnpj) throw reject('E0716', 'Certificado de assinatura fora do padrão: sem CNPJ.');
    return cnpj;
  }

  function newChave(cLocEmi: string, cnpj: string, nNFSe: string, when: Date): string {
    const yymm = formatDateTime(when).slice(2, 7).replace('-', '');
    const random = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
    const first49 = `${cLocEmi}2${cnpj.length === 11 ? '1' : '2'}${cnpj.padStart(14, '0')}${nNFSe.padStart(13, '0')}${yymm}${random}`;
    return `${first49}${chaveDv(first49)}`;
  }

  async function emit(body: Record<string, unknown>, clientCnpj: string): Promise<{ status: number; json: object }> {
    const packed = body.dpsXmlGZipB64;
    if (typeof packed !== 'string') throw reject('E1227', 'dpsXmlGZipB64 ausente');
    let xml: string;
    try {
      xml = unpackXml(packed);
    } catch {
      throw reject('E1228', 'Falha na descompactação do XML (GZip/base64).');
    }
    xml = xml.replace(/^<\?xml[^>]*\?>/, '');
    const root = parseXml(xml);
    if (/<[A-Za-z_][\w.-]*:[A-Za-z_]/.test(xml)) throw reject('E1230', 'Uso de prefixo de namespace não permitido.');
    const schema = await validateXml(xml, 'DPS');
    if (!schema.valid) throw reject('E1235', 'Falha no esquema XML da DPS.', 400, schema.errors.join(' | ').slice(0, 1000));
    const signerCnpj = checkSignature(xml);

    const inf = at(root, 'infDPS')!;
    const id = inf.getAttribute('Id') ?? '';
    const prestCnpj = textAt(inf, 'prest', 'CNPJ') || textAt(inf, 'prest', 'CPF');
    if (signerCnpj.slice(0, 8) !== prestCnpj.slice(0, 8)) {
      throw reject('E0718', 'A assinatura deve ser feita com o certificado digital do emitente da DPS.');
    }
    void clientCnpj; // the transport certificate may be someone else's (an accountant's): only the signature must be the emitter's
    const expectedId = computeDpsId(textAt(inf, 'cLocEmi'), prestCnpj, textAt(inf, 'serie'), textAt(inf, 'nDPS'));
    if (id !== expectedId) throw reject('E0004', 'O identificador da DPS não corresponde à concatenação dos campos.', 400, expectedId);
    if (textAt(inf, 'tpAmb') !== '2') throw reject('E0006', 'Tipo de ambiente diferente do ambiente de recepção.');
    const dhEmi = new Date(textAt(inf, 'dhEmi'));
    if (dhEmi.getTime() > Date.now() + tolerance) {
      throw reject('E0008', 'A data e hora de emissão da DPS não pode ser posterior à data e hora de processamento.');
    }
    if (notesByDps.has(id)) {
      throw reject(
        'E0014',
        'Conjunto de Série, Número, Código do Município Emissor e CNPJ/CPF informado nesta DPS já existe em uma NFS-e gerada a partir de uma DPS enviada anteriormente.',
      );
    }
    const opSimpNac = textAt(inf, 'prest', 'regTrib', 'opSimpNac');
    const totTrib = at(inf, 'valores', 'trib', 'totTrib');
    const totKinds = new Set<string>();
    for (let c = totTrib?.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) totKinds.add((c as Element).localName ?? '');
    if (opSimpNac === '2' && (totKinds.size !== 1 || totKinds.has('pTotTribSN'))) {
      throw reject('E0710', 'Para MEI deve ser informado apenas um dos grupos vTotTrib, pTotTrib ou indTotTrib.');
    }
    if (opSimpNac === '3' && (totKinds.size !== 1 || totKinds.has('indTotTrib'))) {
      throw reject('E0712', 'Para ME/EPP deve ser informado apenas um dos grupos vTotTrib, pTotTrib ou pTotTribSN.');
    }
    if (at(inf, 'valores', 'trib', 'tribMun', 'pAliq')) {
      throw reject('E0611', 'Não é permitido informar alíquota do ISSQN quando o município de incidência estiver conveniado ao Sistema Nacional NFS-e.');
    }

    const now = new Date();
    const nNFSe = String(++lastNNFSe);
    const cLocEmi = textAt(inf, 'cLocEmi');
    const chave = newChave(cLocEmi, prestCnpj, nNFSe, now);
    const dhProc = formatDateTime(now);
    const cLocPrest = textAt(inf, 'serv', 'locPrest', 'cLocPrestacao') || cLocEmi;
    const unsigned =
      `<NFSe xmlns="${NS}" versao="1.01"><infNFSe Id="NFS${chave}">` +
      `<xLocEmi>Municipio ${cLocEmi}</xLocEmi><xLocPrestacao>Municipio ${cLocPrest}</xLocPrestacao><nNFSe>${nNFSe}</nNFSe>` +
      `<cLocIncid>${cLocPrest}</cLocIncid><xLocIncid>Municipio ${cLocPrest}</xLocIncid>` +
      `<xTribNac>Servico ${textAt(inf, 'serv', 'cServ', 'cTribNac')}</xTribNac><verAplic>${VERSAO_APLICATIVO.slice(0, 20)}</verAplic>` +
      `<ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat><dhProc>${dhProc}</dhProc><nDFSe>${++lastNDFSe}</nDFSe>` +
      `<emit><CNPJ>${prestCnpj}</CNPJ><xNome>EMPRESA ${prestCnpj}</xNome><enderNac><xLgr>RUA DO CADASTRO</xLgr><nro>1</nro>` +
      `<xBairro>CENTRO</xBairro><cMun>${cLocEmi}</cMun><UF>SP</UF><CEP>01001000</CEP></enderNac></emit>` +
      `<valores><vLiq>${textAt(inf, 'valores', 'vServPrest', 'vServ')}</vLiq></valores>` +
      xml +
      `</infNFSe></NFSe>`;
    // Signed like the real Sefin's notes: exclusive C14N with comments, RSA-SHA256.
    const nfseXml = signXml(unsigned, 'infNFSe', ca.sefinSigner.keyPem, ca.sefinSigner.certPem, {
      canonicalization: EXC_C14N_WITH_COMMENTS,
      signatureAlgorithm: RSA_SHA256,
      digestAlgorithm: SHA256,
    });
    const note: StandinNote = { dpsId: id, chave, nNFSe, cnpj: prestCnpj, nfseXml, dhProc };
    notesByDps.set(id, note);
    notesByChave.set(chave, note);
    return {
      status: 201,
      json: {
        tipoAmbiente: 2,
        versaoAplicativo: VERSAO_APLICATIVO,
        dataHoraProcessamento: dhProc,
        idDps: id,
        chaveAcesso: chave,
        nfseXmlGZipB64: packXml(nfseXml),
        alertas: [],
      },
    };
  }

  async function registerEvent(chave: string, body: Record<string, unknown>): Promise<{ status: number; json: object }> {
    const packed = body.pedidoRegistroEventoXmlGZipB64;
    if (typeof packed !== 'string') throw reject('E1227', 'pedidoRegistroEventoXmlGZipB64 ausente');
    let xml: string;
    try {
      xml = unpackXml(packed).replace(/^<\?xml[^>]*\?>/, '');
    } catch {
      throw reject('E1228', 'Falha na descompactação do XML (GZip/base64).');
    }
    const root = parseXml(xml);
    const schema = await validateXml(xml, 'pedRegEvento');
    if (!schema.valid) throw reject('E1235', 'Falha no esquema XML do pedido de evento.', 400, schema.errors.join(' | ').slice(0, 1000));
    const signerCnpj = checkSignature(xml);
    const inf = at(root, 'infPedReg')!;
    const note = notesByChave.get(chave);
    if (!note || textAt(inf, 'chNFSe') !== chave) throw reject('E0819', 'NFS-e não encontrada para a chave de acesso informada.');
    const autor = textAt(inf, 'CNPJAutor');
    if (autor.slice(0, 8) !== signerCnpj.slice(0, 8) || autor.slice(0, 8) !== note.cnpj.slice(0, 8)) {
      throw reject('E0812', 'O autor do evento deve ser o emitente da NFS-e e assinar com o próprio certificado.');
    }
    if (inf.getAttribute('Id') !== `PRE${chave}101101`) throw reject('E0806', 'Identificador do pedido de evento inválido.');
    if (note.cancelEventXml) throw reject('E0840', 'Evento de cancelamento já vinculado a esta NFS-e (código próprio do stand-in).');
    if (deadlinePassed) {
      throw reject('E0822', 'O prazo para o cancelamento da NFS-e expirou, conforme parametrização do município emissor da NFS-e.');
    }
    const dhProc = formatDateTime(new Date());
    const unsigned =
      `<evento xmlns="${NS}" versao="1.01"><infEvento Id="EVT${chave}101101001">` +
      `<verAplic>${VERSAO_APLICATIVO.slice(0, 20)}</verAplic><ambGer>2</ambGer><nSeqEvento>1</nSeqEvento>` +
      `<dhProc>${dhProc}</dhProc><nDFSe>${++lastNDFSe}</nDFSe>${xml}</infEvento></evento>`;
    const eventXml = signXml(unsigned, 'infEvento', ca.sefinSigner.keyPem, ca.sefinSigner.certPem, {
      canonicalization: EXC_C14N_WITH_COMMENTS,
      signatureAlgorithm: RSA_SHA256,
      digestAlgorithm: SHA256,
    });
    note.cancelEventXml = eventXml;
    return {
      status: 201,
      json: { tipoAmbiente: 2, versaoAplicativo: VERSAO_APLICATIVO, dataHoraProcessamento: dhProc, eventoXmlGZipB64: packXml(eventXml) },
    };
  }

  function errorBody(messages: Message[], defaultStyle: ErrorBodyStyle, idDps?: string): object {
    const head = {
      tipoAmbiente: 2,
      versaoAplicativo: VERSAO_APLICATIVO,
      dataHoraProcessamento: formatDateTime(new Date()),
      ...(idDps ? { idDPS: idDps } : {}),
    };
    switch (style ?? defaultStyle) {
      case 'erros':
        return { ...head, erros: messages };
      case 'erro-object':
        return { ...head, erro: messages[0] };
      case 'erro-array':
        return { ...head, erro: messages };
      case 'pascal':
        return {
          ...head,
          Erros: messages.map((m) => ({ Mensagem: m.descricao, Parametros: [], Codigo: m.codigo, Descricao: m.descricao, Complemento: m.complemento ?? null })),
        };
    }
  }

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw reject('E1226', 'Corpo da requisição não é um JSON válido.');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'https://standin');
    const path = url.pathname.replace(/^\/SefinNacional/i, '');
    const entry: StandinRequest = { method, path, status: 0, codes: [] };
    log.push(entry);
    const send = (status: number, json?: object) => {
      entry.status = status;
      const body = json && method !== 'HEAD' ? JSON.stringify(json) : '';
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };

    const fault = faults.length && (!faults[0].on || `${method} ${path}`.startsWith(faults[0].on)) ? faults.shift() : undefined;
    if (fault?.kind === 'status_5xx') {
      await readBody(req).catch(() => undefined);
      return send(fault.status ?? 503, errorBody([{ codigo: 'E9999', descricao: 'Serviço indisponível.' }], 'erro-object'));
    }

    const socket = req.socket as TLSSocket;
    const peer = socket.getPeerCertificate?.();
    const hasCert = !!peer && Object.keys(peer).length > 0;
    if (!hasCert) return send(401, errorBody([{ codigo: 'E0000', descricao: 'Não foi possível obter o certificado de cliente.' }], 'erro-object'));
    if (!socket.authorized) {
      return send(403, errorBody([{ codigo: 'E0000', descricao: 'Certificado digital da transmissão inválido ou fora dos padrões.' }], 'erros'));
    }
    const clientPem = `-----BEGIN CERTIFICATE-----\n${peer.raw.toString('base64')}\n-----END CERTIFICATE-----\n`;
    entry.clientCnpj = certCnpj(clientPem);

    let answer: { status: number; json?: object };
    let defaultStyle: ErrorBodyStyle = 'erro-object';
    let idDps: string | undefined;
    try {
      let m: RegExpExecArray | null;
      if (method === 'POST' && path === '/nfse') {
        defaultStyle = 'erros';
        answer = await emit(await readBody(req), entry.clientCnpj ?? '');
      } else if ((method === 'GET' || method === 'HEAD') && (m = /^\/dps\/([^/]+)$/.exec(path))) {
        idDps = decodeURIComponent(m[1]);
        if (!/^DPS[0-9]{42}$/.test(idDps)) throw reject('E0001', 'Identificador de DPS inválido.');
        const note = notesByDps.get(idDps);
        if (!note) throw reject('E0002', 'Não foi gerada uma NFS-e com o identificador de DPS informado.', 404);
        answer = {
          status: 200,
          json: { tipoAmbiente: 2, versaoAplicativo: VERSAO_APLICATIVO, dataHoraProcessamento: note.dhProc, idDps: idDps, chaveAcesso: note.chave },
        };
      } else if (method === 'GET' && (m = /^\/nfse\/([^/]+)$/.exec(path))) {
        const chave = decodeURIComponent(m[1]);
        if (!/^[0-9]{50}$/.test(chave)) throw reject('E0003', 'A chave de acesso deve conter 50 números.');
        const note = notesByChave.get(chave);
        if (!note) throw reject('E0819', 'NFS-e não encontrada.', 404);
        answer = {
          status: 200,
          json: { tipoAmbiente: 2, versaoAplicativo: VERSAO_APLICATIVO, dataHoraProcessamento: note.dhProc, chaveAcesso: chave, nfseXmlGZipB64: packXml(note.nfseXml) },
        };
      } else if (method === 'POST' && (m = /^\/nfse\/([0-9]{50})\/eventos$/.exec(path))) {
        answer = await registerEvent(m[1], await readBody(req));
      } else if (method === 'GET' && (m = /^\/nfse\/([0-9]{50})\/eventos\/(\d{6})\/(\d+)$/.exec(path))) {
        const note = notesByChave.get(m[1]);
        if (!note?.cancelEventXml || m[2] !== '101101' || Number(m[3]) !== 1) throw reject('E0830', 'Evento não encontrado.', 404);
        answer = {
          status: 200,
          json: { tipoAmbiente: 2, versaoAplicativo: VERSAO_APLICATIVO, dataHoraProcessamento: note.dhProc, eventoXmlGZipB64: packXml(note.cancelEventXml) },
        };
      } else {
        throw reject('E0000', 'Recurso não encontrado.', 404);
      }
    } catch (error) {
      if (!(error instanceof Rejection)) throw error;
      entry.codes = error.messages.map((msg) => msg.codigo);
      answer = { status: error.status, json: errorBody(error.messages, defaultStyle, idDps) };
    }

    if (fault?.kind === 'drop_after_commit') {
      entry.status = 'dropped';
      socket.destroy();
      return;
    }
    if (fault?.kind === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, fault.ms);
        timers.add(timer);
      });
      if (socket.destroyed) {
        entry.status = 'dropped';
        return;
      }
    }
    send(answer.status, answer.json);
  }

  const server = https.createServer(
    {
      key: ca.server.keyPem,
      cert: ca.server.certPem,
      ca: [ca.caPem],
      requestCert: true,
      // The handshake accepts any client certificate so that an untrusted one gets Sefin's 403 answer
      // (socket.authorized is checked per request) instead of a bare TLS failure.
      rejectUnauthorized: false,
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ erro: { codigo: 'E9999', descricao: String(error) } }));
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `https://127.0.0.1:${port}/SefinNacional`,
    failNext: (fault) => faults.push(fault),
    errorBodyStyle: (s) => {
      style = s;
    },
    cancelDeadlinePassed: (passed) => {
      deadlinePassed = passed;
    },
    notes: () => [...notesByDps.values()].map((n) => ({ ...n })),
    requests: () => log.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
