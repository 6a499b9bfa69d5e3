/**
 * NFS-e XML samples (padrão nacional, schema v1.01) for the DANFSe tests. Each one validates
 * against NFSe_v1.01.xsd (tests/server/danfse-xsd.test.ts checks that), so the reader is tested on
 * what the Sefin Nacional really returns, not on a shape we imagined.
 *
 * The signatures are dummies that satisfy xmldsig-core-schema.xsd: nothing here verifies them.
 * Documents are compact (no whitespace between tags), as the national system sends them.
 */

/** DV of the chave de acesso: modulo 11, weights 2..9 from the right, 0 when the remainder is 0 or 1 (research notes §4.1). */
export function chaveDv(first49: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = first49.length - 1; i >= 0; i--) {
    sum += Number(first49[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? '0' : String(11 - rest);
}

const dummySignature = (uri: string) =>
  '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
  '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>' +
  '<SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>' +
  `<Reference URI="#${uri}"><Transforms>` +
  '<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>' +
  '<Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>' +
  '<DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/><DigestValue>AAAAAAAAAAAAAAAAAAAAAAAAAAA=</DigestValue>' +
  '</Reference></SignedInfo><SignatureValue>AAAA</SignatureValue></Signature>';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface SampleTomador {
  kind: 'CPF' | 'CNPJ';
  doc: string;
  name: string;
  im?: string;
  /** endNac + street; omitted → no <end>. */
  end?: { cMun: string; cep: string; xLgr: string; nro: string; xCpl?: string; xBairro: string };
  fone?: string;
  email?: string;
}

export interface SampleInput {
  tpAmb: 1 | 2;
  nNFSe: number;
  nDPS: number;
  serie: string;
  /** 'YYYY-MM-DD' */
  dCompet: string;
  dhEmi: string;
  dhProc: string;
  /** 2 = MEI, 3 = ME/EPP */
  opSimpNac: 2 | 3;
  tomador?: SampleTomador;
  xDescServ: string;
  vServ: string;
  /** what infNFSe/valores carries beyond vLiq */
  vBC?: string;
  pAliqAplic?: string;
  vISSQN?: string;
  totTrib: string;
  xInfComp?: string;
}

const EMIT_CNPJ = '11222333000181';
const CMUN = '3106200';

/** A whole NFS-e as the Sefin Nacional returns it (emitente: a serralheria in Belo Horizonte). */
export function buildNfseXml(s: SampleInput): { xml: string; chave: string } {
  const yymm = s.dhProc.slice(2, 4) + s.dhProc.slice(5, 7);
  const first49 = `${CMUN}2` + `2${EMIT_CNPJ}` + String(s.nNFSe).padStart(13, '0') + yymm + '123456789';
  const chave = first49 + chaveDv(first49);
  const dpsId = `DPS${CMUN}2${EMIT_CNPJ}${s.serie.padStart(5, '0')}${String(s.nDPS).padStart(15, '0')}`;
  const t = s.tomador;
  const toma = t
    ? `<toma><${t.kind}>${t.doc}</${t.kind}>${t.im ? `<IM>${t.im}</IM>` : ''}<xNome>${esc(t.name)}</xNome>` +
      (t.end
        ? `<end><endNac><cMun>${t.end.cMun}</cMun><CEP>${t.end.cep}</CEP></endNac><xLgr>${esc(t.end.xLgr)}</xLgr><nro>${t.end.nro}</nro>` +
          (t.end.xCpl ? `<xCpl>${esc(t.end.xCpl)}</xCpl>` : '') +
          `<xBairro>${esc(t.end.xBairro)}</xBairro></end>`
        : '') +
      (t.fone ? `<fone>${t.fone}</fone>` : '') +
      (t.email ? `<email>${t.email}</email>` : '') +
      '</toma>'
    : '';
  const regTrib =
    s.opSimpNac === 3
      ? '<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib>'
      : '<regTrib><opSimpNac>2</opSimpNac><regEspTrib>0</regEspTrib></regTrib>';
  const dps =
    `<DPS versao="1.01"><infDPS Id="${dpsId}">` +
    `<tpAmb>${s.tpAmb}</tpAmb><dhEmi>${s.dhEmi}</dhEmi><verAplic>Forja_0.1</verAplic><serie>${s.serie}</serie><nDPS>${s.nDPS}</nDPS>` +
    `<dCompet>${s.dCompet}</dCompet><tpEmit>1</tpEmit><cLocEmi>${CMUN}</cLocEmi>` +
    `<prest><CNPJ>${EMIT_CNPJ}</CNPJ><fone>31999998888</fone><email>contato@serralheriaforja.com.br</email>${regTrib}</prest>` +
    toma +
    `<serv><locPrest><cLocPrestacao>${CMUN}</cLocPrestacao></locPrest>` +
    `<cServ><cTribNac>140101</cTribNac><xDescServ>${esc(s.xDescServ)}</xDescServ><cNBS>120011000</cNBS></cServ>` +
    (s.xInfComp ? `<infoCompl><xInfComp>${esc(s.xInfComp)}</xInfComp></infoCompl>` : '') +
    '</serv>' +
    `<valores><vServPrest><vServ>${s.vServ}</vServ></vServPrest>` +
    `<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun><totTrib>${s.totTrib}</totTrib></trib></valores>` +
    `</infDPS>${dummySignature(dpsId)}</DPS>`;
  const valores =
    (s.vBC ? `<vBC>${s.vBC}</vBC>` : '') +
    (s.pAliqAplic ? `<pAliqAplic>${s.pAliqAplic}</pAliqAplic>` : '') +
    (s.vISSQN ? `<vISSQN>${s.vISSQN}</vISSQN>` : '') +
    `<vLiq>${s.vServ}</vLiq>`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infNFSe Id="NFS${chave}">` +
    '<xLocEmi>Belo Horizonte</xLocEmi><xLocPrestacao>Belo Horizonte</xLocPrestacao>' +
    `<nNFSe>${s.nNFSe}</nNFSe><cLocIncid>${CMUN}</cLocIncid><xLocIncid>Belo Horizonte</xLocIncid>` +
    '<xTribNac>Lubrificação, limpeza, lustração, revisão, carga e recarga, conserto, restauração, blindagem, manutenção e conservação de máquinas, veículos, aparelhos, equipamentos, motores, elevadores ou de qualquer objeto.</xTribNac>' +
    '<xNBS>Serviços de manutenção e reparação de produtos metálicos, exceto maquinários e equipamentos</xNBS>' +
    `<verAplic>SefinNac_1.6.0</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>` +
    `<dhProc>${s.dhProc}</dhProc><nDFSe>${s.nNFSe + 1000}</nDFSe>` +
    `<emit><CNPJ>${EMIT_CNPJ}</CNPJ><IM>0123456001</IM><xNome>SERRALHERIA FORJA LTDA</xNome><xFant>Forja</xFant>` +
    '<enderNac><xLgr>Rua dos Ferreiros</xLgr><nro>120</nro><xCpl>Galpão 2</xCpl><xBairro>Barreiro</xBairro>' +
    `<cMun>${CMUN}</cMun><UF>MG</UF><CEP>30640000</CEP></enderNac><fone>3133334444</fone><email>contato@serralheriaforja.com.br</email></emit>` +
    `<valores>${valores}</valores>` +
    `${dps}</infNFSe>${dummySignature(`NFS${chave}`)}</NFSe>`;
  return { xml, chave };
}

/** A: Simples ME/EPP, produção restrita, tomador pessoa física with address. */
export const SAMPLE_CPF = buildNfseXml({
  tpAmb: 2,
  nNFSe: 17,
  nDPS: 17,
  serie: '1',
  dCompet: '2026-03-10',
  dhEmi: '2026-03-10T14:05:00-03:00',
  dhProc: '2026-03-10T14:05:31-03:00',
  opSimpNac: 3,
  tomador: {
    kind: 'CPF',
    doc: '12345678909',
    name: 'MARIA DAS GRAÇAS OLIVEIRA',
    end: { cMun: CMUN, cep: '30140071', xLgr: 'Avenida Afonso Pena', nro: '1500', xCpl: 'Apto 801', xBairro: 'Centro' },
    fone: '31988887777',
    email: 'maria@example.com',
  },
  xDescServ: 'Solda e reparo do portão basculante da garagem, troca de dobradiças e pintura anticorrosiva.',
  vServ: '1234.50',
  totTrib: '<pTotTribSN>6.00</pTotTribSN>',
  xInfComp: 'Orçamento ORC-0042. Garantia de 90 dias.',
});

/** B: Simples ME/EPP, produção, tomador company (CNPJ with IM), values the system computed. */
export const SAMPLE_CNPJ = buildNfseXml({
  tpAmb: 1,
  nNFSe: 18,
  nDPS: 18,
  serie: '1',
  dCompet: '2026-03-31',
  dhEmi: '2026-03-31T23:30:00-03:00',
  dhProc: '2026-03-31T23:30:12-03:00',
  opSimpNac: 3,
  tomador: {
    kind: 'CNPJ',
    doc: '11444777000161',
    name: 'METALÚRGICA HORIZONTE INDÚSTRIA E COMÉRCIO LTDA',
    im: '9876543',
    end: { cMun: CMUN, cep: '31270901', xLgr: 'Rua Industrial', nro: '45', xBairro: 'Cidade Industrial' },
  },
  xDescServ: 'Reparo por solda TIG em eixo de máquina dobradeira.',
  vServ: '8500.00',
  vBC: '8500.00',
  pAliqAplic: '2.00',
  vISSQN: '170.00',
  totTrib: '<pTotTribSN>8.50</pTotTribSN>',
});

/** C: MEI, produção, no tomador (consumidor não identificado). */
export const SAMPLE_NO_TOMADOR = buildNfseXml({
  tpAmb: 1,
  nNFSe: 3,
  nDPS: 3,
  serie: '1',
  dCompet: '2026-04-02',
  dhEmi: '2026-04-02T09:00:00-03:00',
  dhProc: '2026-04-02T09:00:05-03:00',
  opSimpNac: 2,
  xDescServ: 'Solda de alça em panela de alumínio.',
  vServ: '45.00',
  totTrib: '<indTotTrib>0</indTotTrib>',
});

/** The CPF sample with a 2,000-character description (the schema's maximum), for the one-page rule. */
export const SAMPLE_LONG = buildNfseXml({
  tpAmb: 2,
  nNFSe: 19,
  nDPS: 19,
  serie: '1',
  dCompet: '2026-03-10',
  dhEmi: '2026-03-10T14:05:00-03:00',
  dhProc: '2026-03-10T14:05:31-03:00',
  opSimpNac: 3,
  tomador: { kind: 'CPF', doc: '12345678909', name: 'MARIA DAS GRAÇAS OLIVEIRA' },
  // Exactly 2,000 characters, ending in a non-space (TSString forbids trailing blanks).
  xDescServ: 'Reparo de grade, soldagem de barras, troca de parafusos e pintura. '.repeat(40).slice(0, 1999) + '.',
  vServ: '99.90',
  totTrib: '<pTotTribSN>6.00</pTotTribSN>',
  xInfComp: 'Informação complementar longa do serviço prestado. '.repeat(40).slice(0, 1999) + '.',
});
