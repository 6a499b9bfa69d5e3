/** DANFSe model (issue 38 §5): the NFS-e XML read into data, and the page's labelled blocks. */
import { describe, expect, it } from 'vitest';
import { DanfseXmlError, danfseLayout, readNfseXml, type DanfseLayout } from '../../../src/domain/nfse/danfse-model';
import {
  CONSULTA_PUBLICA_URL,
  INTERMEDIARIO_AUSENTE,
  SEM_VALIDADE,
  TOMADOR_AUSENTE,
} from '../../../src/domain/nfse/danfse-layout';
import { SAMPLE_CNPJ, SAMPLE_CPF, SAMPLE_NO_TOMADOR } from '../../support/nfse-samples';

const parser = new DOMParser();
const read = (xml: string) => readNfseXml(xml, parser);

function field(layout: DanfseLayout, block: string, label: string): string | undefined {
  const b = layout.blocks.find((x) => x.title === block);
  return b?.rows.flat().find((f) => f.label === label)?.value;
}

describe('readNfseXml', () => {
  it('reads the infNFSe fields and the DPS inside it (CPF tomador, produção restrita)', () => {
    const d = read(SAMPLE_CPF.xml);
    expect(d.chave).toBe(SAMPLE_CPF.chave);
    expect(d.chave).toHaveLength(50);
    expect(d).toMatchObject({
      nNFSe: '17',
      nDPS: '17',
      serie: '1',
      competencia: '2026-03-10',
      dhEmi: '2026-03-10T14:05:00-03:00',
      dhProc: '2026-03-10T14:05:31-03:00',
      ambiente: 2,
      ambGer: '2',
      municipioEmissor: 'Belo Horizonte / MG',
      regTrib: { opSimpNac: '3', regApTribSN: '1', regEspTrib: '0' },
    });
    expect(d.emitente).toMatchObject({ docKind: 'CNPJ', doc: '11222333000181', im: '0123456001', name: 'SERRALHERIA FORJA LTDA' });
    expect(d.emitente.address).toMatchObject({ xLgr: 'Rua dos Ferreiros', cMun: '3106200', uf: 'MG', cep: '30640000', xMun: 'Belo Horizonte' });
    expect(d.tomador).toMatchObject({ docKind: 'CPF', doc: '12345678909', name: 'MARIA DAS GRAÇAS OLIVEIRA', fone: '31988887777' });
    expect(d.tomador?.address).toMatchObject({ xLgr: 'Avenida Afonso Pena', nro: '1500', xCpl: 'Apto 801', cep: '30140071' });
    expect(d.servico).toMatchObject({ cTribNac: '140101', cNBS: '120011000', localPrestacao: 'Belo Horizonte' });
    expect(d.servico.xTribNac).toMatch(/^Lubrificação/);
    expect(d.tribMun).toMatchObject({ tribISSQN: '1', tpRetISSQN: '1', municipioIncidencia: 'Belo Horizonte' });
    expect(d.tribMun.pAliq).toBeUndefined();
    expect(d.tribFed).toBeUndefined();
    expect(d.valores).toMatchObject({ vServ: 1234.5, vLiq: 1234.5 });
    expect(d.totTrib).toEqual({ kind: 'simples', percent: 6 });
    expect(d.infoCompl.xInfComp).toBe('Orçamento ORC-0042. Garantia de 90 dias.');
  });

  it('reads a CNPJ tomador, produção, and the values the system computed', () => {
    const d = read(SAMPLE_CNPJ.xml);
    expect(d.ambiente).toBe(1);
    expect(d.tomador).toMatchObject({ docKind: 'CNPJ', doc: '11444777000161', im: '9876543' });
    expect(d.tribMun).toMatchObject({ vBC: 8500, pAliq: 2, vISSQN: 170 });
  });

  it('reads an NFS-e without tomador (MEI, indTotTrib)', () => {
    const d = read(SAMPLE_NO_TOMADOR.xml);
    expect(d.tomador).toBeUndefined();
    expect(d.regTrib.opSimpNac).toBe('2');
    expect(d.totTrib).toEqual({ kind: 'nao-informado' });
  });

  it('refuses what is not an NFS-e of the padrão nacional', () => {
    expect(() => read('<NFSe versao="1.01"><infNFSe/></NFSe>')).toThrow(DanfseXmlError);
    expect(() => read('not xml')).toThrow(DanfseXmlError);
    expect(() => read(SAMPLE_CPF.xml.replace(/<dhProc>.*?<\/dhProc>/, ''))).toThrow(/dhProc/);
  });
});

describe('danfseLayout', () => {
  it('formats in pt-BR: CPF/CNPJ, money, dates in Brasília time, codes', () => {
    const l = danfseLayout(read(SAMPLE_CPF.xml), { cancelled: false });
    expect(field(l, 'TOMADOR / ADQUIRENTE', 'CNPJ / CPF / NIF')).toBe('123.456.789-09');
    expect(field(l, 'TOMADOR / ADQUIRENTE', 'Nome / Nome empresarial')).toBe('MARIA DAS GRAÇAS OLIVEIRA');
    expect(field(l, 'TOMADOR / ADQUIRENTE', 'Endereço')).toBe('Avenida Afonso Pena, 1500, Apto 801, Centro');
    expect(field(l, 'TOMADOR / ADQUIRENTE', 'Código IBGE / CEP')).toBe('3106200 / 30140-071');
    expect(field(l, 'TOMADOR / ADQUIRENTE', 'Telefone')).toBe('(31) 98888-7777');
    expect(field(l, 'PRESTADOR / FORNECEDOR', 'CNPJ / CPF / NIF')).toBe('11.222.333/0001-81');
    expect(field(l, 'PRESTADOR / FORNECEDOR', 'Município / UF')).toBe('Belo Horizonte / MG');
    expect(field(l, 'VALOR TOTAL DA NFS-e', 'Valor do serviço')).toBe('R$ 1.234,50');
    expect(field(l, 'VALOR TOTAL DA NFS-e', 'Valor líquido da NFS-e')).toBe('R$ 1.234,50');
    expect(field(l, 'VALOR TOTAL DA NFS-e', 'Desconto condicionado')).toBe('-');
    expect(field(l, 'DADOS DA NFS-e', 'Competência da NFS-e')).toBe('10/03/2026');
    expect(field(l, 'DADOS DA NFS-e', 'Data e hora da emissão da NFS-e')).toBe('10/03/2026 14:05');
    expect(field(l, 'SERVIÇO PRESTADO', 'Código de tributação nacional / municipal')).toBe('14.01.01');
    expect(field(l, 'SERVIÇO PRESTADO', 'Código da NBS')).toBe('1.2001.10.00');
    expect(l.blocks.find((b) => b.title === 'SERVIÇO PRESTADO')?.text?.value).toMatch(/^Solda e reparo/);
  });

  it('shows a dhProc late at night in Brasília time (not UTC, not the device zone)', () => {
    const l = danfseLayout(read(SAMPLE_CNPJ.xml), { cancelled: false });
    expect(field(l, 'DADOS DA NFS-e', 'Data e hora da emissão da NFS-e')).toBe('31/03/2026 23:30');
    expect(field(l, 'TOMADOR / ADQUIRENTE', 'CNPJ / CPF / NIF')).toBe('11.444.777/0001-61');
    expect(field(l, 'TRIBUTAÇÃO MUNICIPAL (ISSQN)', 'Alíquota aplicada')).toBe('2,00%');
    expect(field(l, 'TRIBUTAÇÃO MUNICIPAL (ISSQN)', 'ISSQN apurado')).toBe('R$ 170,00');
  });

  it('says SEM VALIDADE JURÍDICA only in produção restrita, and links the consulta pública', () => {
    const restrita = danfseLayout(read(SAMPLE_CPF.xml), { cancelled: false });
    expect(restrita.header.semValidade).toBe(SEM_VALIDADE);
    expect(restrita.header.tipoAmbiente).toBe('Tipo de ambiente: Produção restrita');
    expect(restrita.header.municipio).toBe('Belo Horizonte / MG');
    expect(restrita.qr.url).toBe(`${CONSULTA_PUBLICA_URL}${SAMPLE_CPF.chave}`);
    expect(restrita.qr.url).toBe(`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=${SAMPLE_CPF.chave}`);
    expect(danfseLayout(read(SAMPLE_CNPJ.xml), { cancelled: false }).header.semValidade).toBeNull();
  });

  it('prints the suppression texts when there is no tomador or intermediário', () => {
    const l = danfseLayout(read(SAMPLE_NO_TOMADOR.xml), { cancelled: false });
    expect(l.blocks.find((b) => b.title === 'TOMADOR / ADQUIRENTE')?.suppressed).toBe(TOMADOR_AUSENTE);
    expect(l.blocks.find((b) => b.title === 'INTERMEDIÁRIO DA OPERAÇÃO')?.suppressed).toBe(INTERMEDIARIO_AUSENTE);
    expect(l.blocks.find((b) => b.title === 'INFORMAÇÕES COMPLEMENTARES')?.text?.fixedTail).toMatch(/não informados/);
  });

  it('joins informações complementares and keeps the totais aproximados line', () => {
    const text = danfseLayout(read(SAMPLE_CPF.xml), { cancelled: false }).blocks.at(-1)?.text;
    expect(text?.value).toBe('Inf. Cont.: Orçamento ORC-0042. Garantia de 90 dias.');
    expect(text?.fixedTail).toBe('Totais aproximados dos tributos (Lei 12.741/2012): 6,00% (Simples Nacional)');
  });

  it('marks a cancelled note and names the file', () => {
    const d = read(SAMPLE_CPF.xml);
    expect(danfseLayout(d, { cancelled: true }).watermark).toBe('CANCELADA');
    expect(danfseLayout(d, { cancelled: false }).watermark).toBeNull();
    expect(danfseLayout(d, { cancelled: false }).fileName).toBe(`DANFSe-17-${SAMPLE_CPF.chave}.pdf`);
  });
});
