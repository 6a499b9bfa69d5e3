/**
 * DANFSe (issue 38 §5), step 1: what the NFS-e XML says, as typed data. NT 008 §2.1 allows the
 * DANFSe to print only what the NFS-e XML carries, so this reads the document the device holds
 * (the one the Sefin Nacional returned) and nothing else — no cadastro, no quotation.
 *
 * Where things live (NFSe_v1.01.xsd, TCInfNFSe): infNFSe has what the system generated (nNFSe,
 * dhProc, the names of municípios and codes, emit, the computed valores) and embeds the signed DPS
 * (infNFSe/DPS/infDPS) with what the emitter declared (tpAmb, série, nDPS, prest/toma, serviço,
 * tributos). Pure: the DOM parser comes from the caller (the browser's DOMParser, or xmldom).
 */
import { danfseLayout } from './danfse-layout';

export { danfseLayout };
export type { DanfseLayout, DanfseBlock, DanfseField } from './danfse-layout';

export const NFSE_NS = 'http://www.sped.fazenda.gov.br/nfse';

export interface DomParserLike {
  parseFromString(s: string, type: string): Document;
}

export class DanfseXmlError extends Error {}

export interface DanfseAddress {
  xLgr: string;
  nro: string;
  xCpl?: string;
  xBairro: string;
  /** IBGE code (national addresses) */
  cMun?: string;
  /** the município's name, when the XML names that code somewhere */
  xMun?: string;
  /** only the emitente's address carries the UF */
  uf?: string;
  cep?: string;
  /** foreign address */
  cPais?: string;
  cEndPost?: string;
  xCidade?: string;
}

export interface DanfseParty {
  docKind: 'CNPJ' | 'CPF' | 'NIF' | 'cNaoNIF';
  doc: string;
  im?: string;
  name?: string;
  fantasia?: string;
  address?: DanfseAddress;
  fone?: string;
  email?: string;
}

export type DanfseTotTrib =
  | { kind: 'valor'; fed: number; est: number; mun: number }
  | { kind: 'percentual'; fed: number; est: number; mun: number }
  | { kind: 'simples'; percent: number }
  | { kind: 'nao-informado' };

export interface DanfseData {
  /** 50 digits: infNFSe/@Id without "NFS" */
  chave: string;
  nNFSe: string;
  dhProc: string;
  /** 'YYYY-MM-DD' */
  competencia: string;
  nDPS: string;
  serie: string;
  dhEmi: string;
  /** from the DPS: 1 produção, 2 produção restrita */
  ambiente: 1 | 2;
  /** 1 prefeitura, 2 Sistema Nacional */
  ambGer: string;
  tpEmit: string;
  cStat: string;
  municipioEmissor: string;
  emitente: DanfseParty;
  /** Simples Nacional and regime especial, declared in DPS/prest/regTrib */
  regTrib: { opSimpNac: string; regApTribSN?: string; regEspTrib: string };
  tomador?: DanfseParty;
  intermediario?: DanfseParty;
  servico: {
    cTribNac: string;
    xTribNac: string;
    cTribMun?: string;
    xTribMun?: string;
    cNBS?: string;
    xNBS?: string;
    /** xLocPrestacao (name the system wrote) */
    localPrestacao: string;
    cPaisPrestacao?: string;
    xDescServ: string;
  };
  tribMun: {
    tribISSQN: string;
    tpRetISSQN: string;
    municipioIncidencia?: string;
    cPaisResult?: string;
    tpImunidade?: string;
    exigSusp?: { tpSusp: string; nProcesso: string };
    tpBM?: string;
    vCalcBM?: number;
    vCalcDR?: number;
    vDR?: number;
    vBC?: number;
    pAliq?: number;
    vISSQN?: number;
  };
  tribFed?: {
    vRetCP?: number;
    vRetIRRF?: number;
    vRetCSLL?: number;
    vPis?: number;
    vCofins?: number;
    tpRetPisCofins?: string;
  };
  valores: { vServ: number; vDescIncond?: number; vDescCond?: number; vTotalRet?: number; vLiq: number };
  totTrib: DanfseTotTrib;
  infoCompl: { xInfComp?: string; docRef?: string; idDocTec?: string; xPed?: string; chSubstda?: string; xOutInf?: string };
}

/** The direct child `name` in the NFS-e namespace (a prefix-free document, but be namespace-aware). */
function child(el: Element | undefined, name: string): Element | undefined {
  if (!el) return undefined;
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === NFSE_NS) return n as Element;
  }
  return undefined;
}

function at(el: Element | undefined, path: string): Element | undefined {
  return path.split('/').reduce<Element | undefined>((e, name) => child(e, name), el);
}

function text(el: Element | undefined, path: string): string | undefined {
  const t = at(el, path)?.textContent?.trim();
  return t ? t : undefined;
}

function req(el: Element | undefined, path: string): string {
  const t = text(el, path);
  if (t === undefined) throw new DanfseXmlError(`A NFS-e não tem o campo obrigatório ${path}.`);
  return t;
}

function num(el: Element | undefined, path: string): number | undefined {
  const t = text(el, path);
  if (t === undefined) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

function address(end: Element | undefined): DanfseAddress | undefined {
  if (!end) return undefined;
  const nac = child(end, 'endNac');
  const ext = child(end, 'endExt');
  return {
    xLgr: req(end, 'xLgr'),
    nro: req(end, 'nro'),
    xCpl: text(end, 'xCpl'),
    xBairro: req(end, 'xBairro'),
    // endNac (DPS people) or the emitente's flat enderNac
    cMun: text(nac, 'cMun') ?? text(end, 'cMun'),
    uf: text(end, 'UF'),
    cep: text(nac, 'CEP') ?? text(end, 'CEP'),
    cPais: text(ext, 'cPais'),
    cEndPost: text(ext, 'cEndPost'),
    xCidade: text(ext, 'xCidade'),
  };
}

function party(el: Element | undefined, addressEl?: Element): DanfseParty | undefined {
  if (!el) return undefined;
  const docKind = (['CNPJ', 'CPF', 'NIF', 'cNaoNIF'] as const).find((k) => child(el, k));
  if (!docKind) return undefined;
  return {
    docKind,
    doc: req(el, docKind),
    im: text(el, 'IM'),
    name: text(el, 'xNome'),
    fantasia: text(el, 'xFant'),
    address: address(addressEl ?? child(el, 'end')),
    fone: text(el, 'fone'),
    email: text(el, 'email'),
  };
}

function totTrib(el: Element | undefined): DanfseTotTrib {
  const v = child(el, 'vTotTrib');
  if (v) return { kind: 'valor', fed: num(v, 'vTotTribFed') ?? 0, est: num(v, 'vTotTribEst') ?? 0, mun: num(v, 'vTotTribMun') ?? 0 };
  const p = child(el, 'pTotTrib');
  if (p) return { kind: 'percentual', fed: num(p, 'pTotTribFed') ?? 0, est: num(p, 'pTotTribEst') ?? 0, mun: num(p, 'pTotTribMun') ?? 0 };
  const sn = num(el, 'pTotTribSN');
  if (sn !== undefined) return { kind: 'simples', percent: sn };
  return { kind: 'nao-informado' };
}

/** Reads an NFS-e (padrão nacional, v1.00/1.01). Throws DanfseXmlError when it is not one. */
export function readNfseXml(xml: string, parser: DomParserLike): DanfseData {
  const doc = parser.parseFromString(xml, 'application/xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'NFSe' || root.namespaceURI !== NFSE_NS) {
    throw new DanfseXmlError('O arquivo não é uma NFS-e do padrão nacional.');
  }
  const inf = child(root, 'infNFSe');
  const id = inf?.getAttribute('Id') ?? '';
  if (!/^NFS[0-9A-Z]{50}$/.test(id)) throw new DanfseXmlError('A NFS-e não tem uma chave de acesso válida.');
  const dps = at(inf, 'DPS/infDPS');
  if (!dps) throw new DanfseXmlError('A NFS-e não traz a DPS.');
  const vals = child(inf, 'valores');
  const dpsVals = child(dps, 'valores');
  const tribMun = at(dpsVals, 'trib/tribMun');
  const tribFedEl = at(dpsVals, 'trib/tribFed');
  const cServ = at(dps, 'serv/cServ');
  const infoCompl = at(dps, 'serv/infoCompl');
  const emit = child(inf, 'emit');
  const uf = text(emit, 'enderNac/UF');
  const exigSusp = child(tribMun, 'exigSusp');
  const emitente = party(emit, child(emit, 'enderNac'));
  if (!emitente) throw new DanfseXmlError('A NFS-e não identifica o emitente.');
  // The XML names only the municípios it uses (emissor, incidência, prestação): an address in one
  // of them gets its name; any other shows its IBGE code alone (NT 008 §2.1: print only the XML).
  const names = new Map<string, string>();
  const name = (code: string | undefined, label: string | undefined) => code && label && names.set(code, label);
  name(text(dps, 'cLocEmi'), text(inf, 'xLocEmi'));
  name(text(inf, 'cLocIncid'), text(inf, 'xLocIncid'));
  name(text(dps, 'serv/locPrest/cLocPrestacao'), text(inf, 'xLocPrestacao'));
  const withName = (p: DanfseParty | undefined) => {
    if (p?.address?.cMun) p.address.xMun = names.get(p.address.cMun);
    return p;
  };
  return {
    chave: id.slice(3),
    nNFSe: req(inf, 'nNFSe'),
    dhProc: req(inf, 'dhProc'),
    competencia: req(dps, 'dCompet'),
    nDPS: req(dps, 'nDPS'),
    serie: req(dps, 'serie'),
    dhEmi: req(dps, 'dhEmi'),
    ambiente: req(dps, 'tpAmb') === '1' ? 1 : 2,
    ambGer: req(inf, 'ambGer'),
    tpEmit: req(dps, 'tpEmit'),
    cStat: req(inf, 'cStat'),
    municipioEmissor: uf ? `${req(inf, 'xLocEmi')} / ${uf}` : req(inf, 'xLocEmi'),
    emitente: withName(emitente)!,
    regTrib: {
      opSimpNac: req(dps, 'prest/regTrib/opSimpNac'),
      regApTribSN: text(dps, 'prest/regTrib/regApTribSN'),
      regEspTrib: req(dps, 'prest/regTrib/regEspTrib'),
    },
    tomador: withName(party(child(dps, 'toma'))),
    intermediario: withName(party(child(dps, 'interm'))),
    servico: {
      cTribNac: req(cServ, 'cTribNac'),
      xTribNac: req(inf, 'xTribNac'),
      cTribMun: text(cServ, 'cTribMun'),
      xTribMun: text(inf, 'xTribMun'),
      cNBS: text(cServ, 'cNBS'),
      xNBS: text(inf, 'xNBS'),
      localPrestacao: req(inf, 'xLocPrestacao'),
      cPaisPrestacao: text(dps, 'serv/locPrest/cPaisPrestacao'),
      xDescServ: req(cServ, 'xDescServ'),
    },
    tribMun: {
      tribISSQN: req(tribMun, 'tribISSQN'),
      tpRetISSQN: req(tribMun, 'tpRetISSQN'),
      municipioIncidencia: text(inf, 'xLocIncid'),
      cPaisResult: text(tribMun, 'cPaisResult'),
      tpImunidade: text(tribMun, 'tpImunidade'),
      exigSusp: exigSusp ? { tpSusp: req(exigSusp, 'tpSusp'), nProcesso: req(exigSusp, 'nProcesso') } : undefined,
      tpBM: text(vals, 'tpBM'),
      vCalcBM: num(vals, 'vCalcBM') ?? num(tribMun, 'BM/vRedBCBM'),
      vCalcDR: num(vals, 'vCalcDR'),
      vDR: num(dpsVals, 'vDedRed/vDR'),
      vBC: num(vals, 'vBC'),
      // the rate the system applied; the DPS's pAliq only when the system wrote none
      pAliq: num(vals, 'pAliqAplic') ?? num(tribMun, 'pAliq'),
      vISSQN: num(vals, 'vISSQN'),
    },
    tribFed: tribFedEl
      ? {
          vRetCP: num(tribFedEl, 'vRetCP'),
          vRetIRRF: num(tribFedEl, 'vRetIRRF'),
          vRetCSLL: num(tribFedEl, 'vRetCSLL'),
          vPis: num(tribFedEl, 'piscofins/vPis'),
          vCofins: num(tribFedEl, 'piscofins/vCofins'),
          tpRetPisCofins: text(tribFedEl, 'piscofins/tpRetPisCofins'),
        }
      : undefined,
    valores: {
      vServ: num(dpsVals, 'vServPrest/vServ') ?? 0,
      vDescIncond: num(dpsVals, 'vDescCondIncond/vDescIncond'),
      vDescCond: num(dpsVals, 'vDescCondIncond/vDescCond'),
      vTotalRet: num(vals, 'vTotalRet'),
      vLiq: num(vals, 'vLiq') ?? 0,
    },
    totTrib: totTrib(at(dpsVals, 'trib/totTrib')),
    infoCompl: {
      xInfComp: text(infoCompl, 'xInfComp'),
      docRef: text(infoCompl, 'docRef'),
      idDocTec: text(infoCompl, 'idDocTec'),
      xPed: text(infoCompl, 'xPed'),
      chSubstda: text(dps, 'subst/chSubstda'),
      xOutInf: text(inf, 'xOutInf'),
    },
  };
}
