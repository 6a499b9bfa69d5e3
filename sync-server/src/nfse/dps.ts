/**
 * The DPS (Declaração de Prestação de Serviço) a Simples ME/EPP or MEI shop sends to Sefin Nacional,
 * per XSD v1.01 (xsd/DPS_v1.01.xsd): element order of the xs:sequence, the national namespace as
 * the default one (prefixes are refused), no whitespace between tags, unsigned (sign.ts adds the
 * Signature as the last child of DPS). Shapes: research notes §2.5 A (ME/EPP), B (CNPJ customer),
 * C (MEI).
 */
import { NfseError } from './errors';
import { formatDate, formatDateTime, SHOP_TIME_ZONE } from './time';
import { el, lineText, multilineText } from './xml-text';

export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
export const NFSE_LAYOUT_VERSION = '1.01';

export type Ambiente = 1 | 2;

interface PrestadorBase {
  cnpj: string;
  /** Only where the município uses the national CNC (E0116); must be absent elsewhere (E0120). */
  im?: string;
  fone?: string;
  email?: string;
}

export type Prestador =
  | (PrestadorBase & { regime: 'mei' })
  | (PrestadorBase & {
      regime: 'simples_me_epp';
      /** 1: ISSQN apurado pelo Simples; 2/3: fora do SN (TSRegimeApuracaoSimpNac). Required for ME/EPP (E0166). */
      regApTribSN: 1 | 2 | 3;
      /** Approximate Simples tax percentage in hundredths of a percent (600 = 6.00%), written as pTotTribSN. */
      pTotTribSN: number;
    });

export interface TomadorAddress {
  /** IBGE code (7 digits). */
  cMun: string;
  cep: string;
  street: string;
  number: string;
  complement?: string;
  district: string;
}

export type Tomador = ({ cpf: string; cnpj?: never } | { cnpj: string; cpf?: never }) & {
  name: string;
  im?: string;
  address?: TomadorAddress;
  fone?: string;
  email?: string;
};

export interface DpsInput {
  ambiente: Ambiente;
  /**
   * The emission instant. Written in the shop's zone with its real offset. It must not be later
   * than Sefin's clock (E0008): the caller takes it a little before sending.
   */
  dhEmi: Date;
  verAplic: string;
  serie: number | string;
  nDPS: number | string;
  /** Competência (AAAA-MM-DD); the shop's date of dhEmi when absent. Never after dhEmi (E0015). */
  dCompet?: string;
  /** IBGE code of the emitter's município (7 digits). */
  cLocEmi: string;
  prestador: Prestador;
  tomador?: Tomador;
  servico: {
    cLocPrestacao: string;
    /** Código de tributação nacional, 6 digits (item, subitem, desdobro), e.g. 140101. */
    cTribNac: string;
    xDescServ: string;
    cNBS?: string;
  };
  /** Service value in cents. */
  vServ: number;
  timeZone?: string;
}

const digitsOnly = (s: string) => s.replace(/\D/g, '');

function requirePattern(field: string, value: string, pattern: RegExp): string {
  if (!pattern.test(value)) throw new NfseError('dps_invalid', `${field}: ${JSON.stringify(value)}`);
  return value;
}

function positiveInteger(field: string, value: number | string, maxDigits: number): string {
  const text = String(value).trim().replace(/^0+(?=\d)/, '');
  return requirePattern(field, text, new RegExp(`^[1-9][0-9]{0,${maxDigits - 1}}$`));
}

/** TSDec15V2 from integer cents: 35000 → "350.00", 0 → "0.00". */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new NfseError('dps_invalid', `valor em centavos: ${cents}`);
  const reais = Math.floor(cents / 100);
  if (String(reais).length > 15) throw new NfseError('dps_invalid', `valor grande demais: ${cents}`);
  return `${reais}.${String(cents % 100).padStart(2, '0')}`;
}

/** TSDec2V2 from hundredths of a percent: 600 → "6.00" (0..99.99). */
export function formatPercent(hundredths: number): string {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0 || hundredths > 9999) {
    throw new NfseError('dps_invalid', `percentual: ${hundredths}`);
  }
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * infDPS/@Id: "DPS" + cLocEmi(7) + tipo de inscrição (1 CPF, 2 CNPJ) + inscrição(14, CPF with
 * leading zeros) + série(5) + nDPS(15), zero-padded (TSIdDPS; Sefin checks it, E0004). A string
 * always: the CNPJ may carry letters from July 2026.
 */
export function dpsId(cLocEmi: string, cnpjOrCpf: string, serie: number | string, nDPS: number | string): string {
  requirePattern('cLocEmi', cLocEmi, /^[0-9]{7}$/);
  const doc = cnpjOrCpf.replace(/[.\-/\s]/g, '').toUpperCase();
  let kind: '1' | '2';
  if (/^[0-9]{11}$/.test(doc)) kind = '1';
  else if (/^[0-9A-Z]{12}[0-9]{2}$/.test(doc)) kind = '2';
  else throw new NfseError('dps_invalid', `CPF/CNPJ do emitente: ${JSON.stringify(cnpjOrCpf)}`);
  const s = positiveOrZeroSerie(serie);
  const n = positiveInteger('nDPS', nDPS, 15);
  return `DPS${cLocEmi}${kind}${doc.padStart(14, '0')}${s.padStart(5, '0')}${n.padStart(15, '0')}`;
}

function positiveOrZeroSerie(serie: number | string): string {
  // TSSerieDPS allows 1-5 digits; written without padding, the Id pads it.
  const text = String(serie).trim().replace(/^0+(?=\d)/, '');
  return requirePattern('serie', text, /^[0-9]{1,5}$/);
}

function cnpj(field: string, value: string): string {
  return requirePattern(field, value.replace(/[.\-/\s]/g, '').toUpperCase(), /^[0-9A-Z]{12}[0-9]{2}$/);
}

function cpf(field: string, value: string): string {
  return requirePattern(field, digitsOnly(value), /^[0-9]{11}$/);
}

function optionalPhone(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const d = digitsOnly(value);
  // A phone the XSD would refuse is left out rather than failing the note: it is optional.
  return /^[0-9]{6,20}$/.test(d) ? d : undefined;
}

function optionalText(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined;
  const t = lineText(value).slice(0, max).trim();
  return t === '' ? undefined : t;
}

function requiredText(field: string, value: string, max: number): string {
  const t = optionalText(value, max);
  if (!t) throw new NfseError('dps_invalid', `${field} vazio`);
  return t;
}

function buildPrestador(p: Prestador): string {
  const regTrib =
    p.regime === 'mei'
      ? // MEI: no regApTribSN (E0162), regEspTrib 0 (E0174).
        '<regTrib><opSimpNac>2</opSimpNac><regEspTrib>0</regEspTrib></regTrib>'
      : `<regTrib><opSimpNac>3</opSimpNac><regApTribSN>${requirePattern('regApTribSN', String(p.regApTribSN), /^[123]$/)}</regApTribSN><regEspTrib>0</regEspTrib></regTrib>`;
  return (
    '<prest>' +
    el('CNPJ', cnpj('prestador.cnpj', p.cnpj)) +
    el('IM', optionalText(p.im, 15)) +
    // xNome and end are left out: with tpEmit=1 Sefin takes them from the national cadastro (as the Emissor Web does).
    el('fone', optionalPhone(p.fone)) +
    el('email', optionalText(p.email, 80)) +
    regTrib +
    '</prest>'
  );
}

function buildTomador(t: Tomador): string {
  const doc = t.cnpj !== undefined ? el('CNPJ', cnpj('tomador.cnpj', t.cnpj)) : el('CPF', cpf('tomador.cpf', t.cpf));
  let end = '';
  if (t.address) {
    const a = t.address;
    end =
      '<end><endNac>' +
      el('cMun', requirePattern('tomador.address.cMun', a.cMun, /^[0-9]{7}$/)) +
      el('CEP', requirePattern('tomador.address.cep', digitsOnly(a.cep), /^[0-9]{8}$/)) +
      '</endNac>' +
      el('xLgr', requiredText('tomador.address.street', a.street, 255)) +
      el('nro', requiredText('tomador.address.number', a.number, 60)) +
      el('xCpl', optionalText(a.complement, 156)) +
      el('xBairro', requiredText('tomador.address.district', a.district, 60)) +
      '</end>';
  }
  return (
    '<toma>' +
    doc +
    el('IM', optionalText(t.im, 15)) +
    el('xNome', requiredText('tomador.name', t.name, 300)) +
    end +
    el('fone', optionalPhone(t.fone)) +
    el('email', optionalText(t.email, 80)) +
    '</toma>'
  );
}

function buildTotTrib(p: Prestador): string {
  // One choice only (E0710 MEI / E0712 ME-EPP): MEI says "não informado" (indTotTrib 0), ME/EPP the Simples percentage.
  return p.regime === 'mei'
    ? '<totTrib><indTotTrib>0</indTotTrib></totTrib>'
    : `<totTrib><pTotTribSN>${formatPercent(p.pTotTribSN)}</pTotTribSN></totTrib>`;
}

/** The unsigned DPS XML (no XML declaration: the bytes signed are the bytes sent). */
export function buildDps(input: DpsInput): string {
  const timeZone = input.timeZone ?? SHOP_TIME_ZONE;
  const ambiente = requirePattern('ambiente', String(input.ambiente), /^[12]$/);
  const cLocEmi = requirePattern('cLocEmi', input.cLocEmi, /^[0-9]{7}$/);
  const serie = positiveOrZeroSerie(input.serie);
  const nDPS = positiveInteger('nDPS', input.nDPS, 15);
  const dCompet = requirePattern('dCompet', input.dCompet ?? formatDate(input.dhEmi, timeZone), /^20[0-9]{2}-[0-9]{2}-[0-9]{2}$/);
  const dhEmi = formatDateTime(input.dhEmi, timeZone);
  if (dCompet > dhEmi.slice(0, 10)) throw new NfseError('dps_invalid', `competência ${dCompet} depois da emissão`);
  const prestCnpj = cnpj('prestador.cnpj', input.prestador.cnpj);
  if (input.tomador?.cnpj !== undefined && cnpj('tomador.cnpj', input.tomador.cnpj).slice(0, 8) === prestCnpj.slice(0, 8)) {
    throw new NfseError('dps_invalid', 'o cliente é a própria empresa (E0202)');
  }
  const s = input.servico;
  const id = dpsId(cLocEmi, prestCnpj, serie, nDPS);
  return (
    `<DPS xmlns="${NFSE_NAMESPACE}" versao="${NFSE_LAYOUT_VERSION}"><infDPS Id="${id}">` +
    el('tpAmb', ambiente) +
    el('dhEmi', dhEmi) +
    el('verAplic', requiredText('verAplic', input.verAplic, 20)) +
    el('serie', serie) +
    el('nDPS', nDPS) +
    el('dCompet', dCompet) +
    el('tpEmit', '1') +
    el('cLocEmi', cLocEmi) +
    buildPrestador(input.prestador) +
    (input.tomador ? buildTomador(input.tomador) : '') +
    '<serv><locPrest>' +
    el('cLocPrestacao', requirePattern('servico.cLocPrestacao', s.cLocPrestacao, /^[0-9]{7}$/)) +
    '</locPrest><cServ>' +
    el('cTribNac', requirePattern('servico.cTribNac', s.cTribNac, /^[0-9]{6}$/)) +
    el('xDescServ', requireDescription(s.xDescServ)) +
    el('cNBS', s.cNBS === undefined || s.cNBS === '' ? undefined : requirePattern('servico.cNBS', digitsOnly(s.cNBS), /^[0-9]{9}$/)) +
    '</cServ></serv>' +
    '<valores><vServPrest>' +
    el('vServ', formatMoney(input.vServ)) +
    '</vServPrest><trib><tribMun>' +
    // Operação tributável, ISS not retained; never pAliq: conveniado municípios apply their own rate (E0611, E0600, E0613).
    '<tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN>' +
    '</tribMun>' +
    buildTotTrib(input.prestador) +
    '</trib></valores>' +
    '</infDPS></DPS>'
  );
}

function requireDescription(value: string): string {
  const t = multilineText(value).slice(0, 2000).trim();
  if (!t) throw new NfseError('dps_invalid', 'descrição do serviço vazia');
  return t;
}
