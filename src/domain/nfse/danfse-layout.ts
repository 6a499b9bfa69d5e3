/**
 * DANFSe (issue 38 §5), step 2: the page as labelled blocks, in pt-BR and already formatted, in
 * the order of NT 008 v2.0 (Anexo I, §2.4.5). The renderer (src/ui/danfse) only draws this, so
 * what the page says is tested here without a PDF. A field the XML does not carry shows "-".
 */
import { formatCep, formatTaxId } from '@shared';
import { formatDate, formatTime } from '../dates';
import { formatBRL, formatDecimalBR } from '../money';
import { formatPhoneBR } from '../whatsapp';
import type { DanfseAddress, DanfseData, DanfseParty, DanfseTotTrib } from './danfse-model';
import * as L from './danfse-labels';

export interface DanfseField {
  label: string;
  value: string;
  /** columns of the block's 4-column grid (default 1) */
  span?: number;
}

export interface DanfseBlock {
  title: string;
  rows: DanfseField[][];
  /** NT 008 §2.3 suppression text, printed instead of the rows */
  suppressed?: string;
  /** running text under the rows (descrição, informações complementares): the renderer wraps and may cut it */
  text?: { label: string; value: string; fixedTail?: string };
}

export interface DanfseLayout {
  header: {
    mark: string;
    title: string;
    subtitle: string;
    municipio: string;
    ambienteGerador: string;
    tipoAmbiente: string;
    /** 'NFS-e SEM VALIDADE JURÍDICA' in produção restrita (NT 008), else null */
    semValidade: string | null;
  };
  chave: string;
  qr: { url: string; caption: string };
  blocks: DanfseBlock[];
  watermark: 'CANCELADA' | null;
  fileName: string;
}

export const CONSULTA_PUBLICA_URL = 'https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=';
export const SEM_VALIDADE = 'NFS-e SEM VALIDADE JURÍDICA';
export const TOMADOR_AUSENTE = 'TOMADOR/ADQUIRENTE DA OPERAÇÃO NÃO IDENTIFICADO NA NFS-e';
export const INTERMEDIARIO_AUSENTE = 'INTERMEDIÁRIO DA OPERAÇÃO NÃO IDENTIFICADO NA NFS-e';
export const QR_CAPTION =
  'A autenticidade desta NFS-e pode ser verificada pela leitura deste código QR ou pela consulta da chave de acesso no portal nacional da NFS-e';
/** The NFS-e carries the instants with the emitter's offset; the page shows them in Brasília time whatever the device's zone. */
const ZONE = 'America/Sao_Paulo';
const DASH = '-';

/** CPF/CNPJ with the shared mask (schemas/tax-id.ts, through @shared); a NIF or cNaoNIF as the XML has it. */
function taxId(kind: DanfseParty['docKind'], doc: string): string {
  return kind === 'CPF' || kind === 'CNPJ' ? formatTaxId(doc) : doc;
}

const dateTime = (iso: string) => `${formatDate(iso, ZONE)} ${formatTime(iso, ZONE)}`.trim();
const money = (v: number | undefined) => (v === undefined ? DASH : formatBRL(v));
const percent = (v: number | undefined) => (v === undefined ? DASH : `${formatDecimalBR(v)}%`);
const or = (v: string | undefined) => (v === undefined || v === '' ? DASH : v);
/** 140101 → 14.01.01 (item, subitem, desdobro) */
const tribNac = (c: string) => (/^\d{6}$/.test(c) ? `${c.slice(0, 2)}.${c.slice(2, 4)}.${c.slice(4)}` : c);
/** 120011000 → 1.2001.10.00 */
const nbs = (c: string) => (/^\d{9}$/.test(c) ? `${c[0]}.${c.slice(1, 5)}.${c.slice(5, 7)}.${c.slice(7)}` : c);

function street(a: DanfseAddress | undefined): string {
  if (!a) return DASH;
  return [a.xLgr, a.nro, a.xCpl, a.xBairro].filter(Boolean).join(', ');
}

function place(a: DanfseAddress | undefined): string {
  if (!a) return DASH;
  if (a.xCidade) return a.xCidade;
  return or([a.xMun, a.uf].filter(Boolean).join(' / ') || undefined);
}

function codes(a: DanfseAddress | undefined): string {
  if (!a) return DASH;
  return or([a.cMun, a.cEndPost ?? (a.cep && formatCep(a.cep))].filter(Boolean).join(' / ') || undefined);
}

function partyRows(p: DanfseParty): DanfseField[][] {
  return [
    [
      { label: 'Nome / Nome empresarial', value: or(p.name), span: 2 },
      { label: 'CNPJ / CPF / NIF', value: taxId(p.docKind, p.doc) },
      { label: 'Inscrição municipal', value: or(p.im) },
    ],
    [
      { label: 'Endereço', value: street(p.address), span: 2 },
      { label: 'Município / UF', value: place(p.address) },
      { label: 'Código IBGE / CEP', value: codes(p.address) },
    ],
    [
      { label: 'Telefone', value: p.fone ? formatPhoneBR(p.fone) : DASH },
      { label: 'E-mail', value: or(p.email), span: 3 },
    ],
  ];
}

function totaisAproximados(t: DanfseTotTrib): string {
  const head = 'Totais aproximados dos tributos (Lei 12.741/2012):';
  switch (t.kind) {
    case 'valor':
      return `${head} Federais ${formatBRL(t.fed)} | Estaduais ${formatBRL(t.est)} | Municipais ${formatBRL(t.mun)}`;
    case 'percentual':
      return `${head} Federais ${percent(t.fed)} | Estaduais ${percent(t.est)} | Municipais ${percent(t.mun)}`;
    case 'simples':
      return `${head} ${percent(t.percent)} (Simples Nacional)`;
    default:
      return `${head} não informados (Decreto 8.264/2014)`;
  }
}

function informacoesComplementares(d: DanfseData): string {
  const i = d.infoCompl;
  // NT 008: in this order, separated by pipes
  const parts: [string, string | undefined][] = [
    ['Inf. Cont.', i.xInfComp],
    ['NFS-e Subst.', i.chSubstda],
    ['Doc. Ref.', i.docRef],
    ['Doc. Tec.', i.idDocTec],
    ['Núm. Ped.', i.xPed],
    ['Inf. A. T. Mun.', i.xOutInf],
  ];
  return parts
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' | ');
}

function tribMunRows(d: DanfseData): DanfseField[][] {
  const t = d.tribMun;
  return [
    [
      { label: 'Tributação do ISSQN', value: or(L.describe(L.TRIB_ISSQN, t.tribISSQN)) },
      { label: 'Município / País de incidência do ISSQN', value: or([t.municipioIncidencia, t.cPaisResult].filter(Boolean).join(' / ') || undefined) },
      { label: 'Regime especial de tributação', value: or(L.describe(L.REG_ESP_TRIB, d.regTrib.regEspTrib)) },
      { label: 'Retenção do ISSQN', value: or(L.describe(L.TP_RET_ISSQN, t.tpRetISSQN)) },
    ],
    [
      { label: 'Tipo de imunidade', value: or(L.describe(L.TP_IMUNIDADE, t.tpImunidade)) },
      { label: 'Suspensão da exigibilidade do ISSQN', value: or(L.describe(L.TP_SUSP, t.exigSusp?.tpSusp)) },
      { label: 'Número do processo de suspensão', value: or(t.exigSusp?.nProcesso) },
      { label: 'Benefício municipal', value: or(L.describe(L.TP_BM, t.tpBM)) },
    ],
    [
      { label: 'Cálculo do benefício municipal', value: money(t.vCalcBM) },
      { label: 'Total de deduções / reduções', value: money(t.vDR ?? t.vCalcDR) },
      { label: 'Desconto incondicionado', value: money(d.valores.vDescIncond) },
      { label: 'Base de cálculo do ISSQN', value: money(t.vBC) },
    ],
    [
      { label: 'Alíquota aplicada', value: percent(t.pAliq) },
      { label: 'ISSQN apurado', value: money(t.vISSQN) },
    ],
  ];
}

function tribFedRows(d: DanfseData): DanfseField[][] {
  const f = d.tribFed;
  return [
    [
      { label: 'IRRF', value: money(f?.vRetIRRF) },
      { label: 'Contribuição previdenciária - retida', value: money(f?.vRetCP) },
      { label: 'Contribuições sociais - retidas', value: money(f?.vRetCSLL) },
      { label: 'Descrição contrib. sociais - retidas', value: or(L.describe(L.TP_RET_PIS_COFINS, f?.tpRetPisCofins)) },
    ],
    [
      { label: 'PIS - débito apuração própria', value: money(f?.vPis) },
      { label: 'COFINS - débito apuração própria', value: money(f?.vCofins) },
    ],
  ];
}

/** The DANFSe of `data`; `cancelled` (the device holds the cancel event) adds the CANCELADA watermark. */
export function danfseLayout(data: DanfseData, opts: { cancelled: boolean }): DanfseLayout {
  const d = data;
  const s = d.servico;
  return {
    header: {
      mark: 'NFS-e',
      title: 'DANFSe v2.0',
      subtitle: 'Documento Auxiliar da NFS-e',
      municipio: d.municipioEmissor,
      ambienteGerador: `Ambiente gerador: ${or(L.describe(L.AMB_GER, d.ambGer))}`,
      tipoAmbiente: `Tipo de ambiente: ${L.TP_AMB[String(d.ambiente)]}`,
      semValidade: d.ambiente === 2 ? SEM_VALIDADE : null,
    },
    chave: d.chave,
    qr: { url: CONSULTA_PUBLICA_URL + d.chave, caption: QR_CAPTION },
    blocks: [
      {
        title: 'DADOS DA NFS-e',
        rows: [
          [
            { label: 'Número da NFS-e', value: d.nNFSe },
            { label: 'Competência da NFS-e', value: formatDate(d.competencia) },
            { label: 'Data e hora da emissão da NFS-e', value: dateTime(d.dhProc) },
            { label: 'Situação da NFS-e', value: or(L.describe(L.C_STAT, d.cStat)) },
          ],
          [
            { label: 'Número da DPS', value: d.nDPS },
            { label: 'Série da DPS', value: d.serie },
            { label: 'Data e hora da emissão da DPS', value: dateTime(d.dhEmi) },
            { label: 'Emitente da NFS-e', value: or(L.describe(L.TP_EMIT, d.tpEmit)) },
          ],
        ],
      },
      {
        // tpEmit 1: the prestador is the emitente, and the DPS's prest carries no name or address
        // (the system takes them from its cadastro into infNFSe/emit) — so the block reads emit.
        title: 'PRESTADOR / FORNECEDOR',
        rows: [
          ...partyRows(d.emitente),
          [
            { label: 'Simples Nacional na data de competência', value: or(L.describe(L.OP_SIMP_NAC, d.regTrib.opSimpNac)), span: 2 },
            { label: 'Regime de apuração tributária pelo SN', value: or(L.describe(L.REG_AP_TRIB_SN, d.regTrib.regApTribSN)), span: 2 },
          ],
        ],
      },
      d.tomador
        ? { title: 'TOMADOR / ADQUIRENTE', rows: partyRows(d.tomador) }
        : { title: 'TOMADOR / ADQUIRENTE', rows: [], suppressed: TOMADOR_AUSENTE },
      d.intermediario
        ? { title: 'INTERMEDIÁRIO DA OPERAÇÃO', rows: partyRows(d.intermediario) }
        : { title: 'INTERMEDIÁRIO DA OPERAÇÃO', rows: [], suppressed: INTERMEDIARIO_AUSENTE },
      {
        title: 'SERVIÇO PRESTADO',
        rows: [
          [
            { label: 'Código de tributação nacional / municipal', value: [tribNac(s.cTribNac), s.cTribMun].filter(Boolean).join(' / ') },
            { label: 'Código da NBS', value: s.cNBS ? nbs(s.cNBS) : DASH },
            { label: 'Local da prestação', value: [s.localPrestacao, s.cPaisPrestacao].filter(Boolean).join(' / '), span: 2 },
          ],
          // NT 008: the municipal description when there is one, else the national one
          [{ label: 'Descrição do código de tributação', value: s.xTribMun ?? s.xTribNac, span: 4 }],
        ],
        text: { label: 'Descrição do serviço', value: s.xDescServ },
      },
      { title: 'TRIBUTAÇÃO MUNICIPAL (ISSQN)', rows: tribMunRows(d) },
      { title: 'TRIBUTAÇÃO FEDERAL (EXCETO CBS)', rows: tribFedRows(d) },
      {
        title: 'VALOR TOTAL DA NFS-e',
        rows: [
          [
            { label: 'Valor do serviço', value: money(d.valores.vServ) },
            { label: 'Desconto incondicionado', value: money(d.valores.vDescIncond) },
            { label: 'Desconto condicionado', value: money(d.valores.vDescCond) },
            { label: 'Total das retenções (ISSQN / federais)', value: money(d.valores.vTotalRet) },
          ],
          [{ label: 'Valor líquido da NFS-e', value: money(d.valores.vLiq), span: 4 }],
        ],
      },
      {
        title: 'INFORMAÇÕES COMPLEMENTARES',
        rows: [],
        // the totais aproximados line is fixed: a long text is cut before it, never it (NT 008)
        text: { label: '', value: informacoesComplementares(d), fixedTail: totaisAproximados(d.totTrib) },
      },
    ],
    watermark: opts.cancelled ? 'CANCELADA' : null,
    fileName: `DANFSe-${d.nNFSe}-${d.chave}.pdf`,
  };
}
