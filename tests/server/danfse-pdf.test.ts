/**
 * The DANFSe PDF, read back the way a person (or the fiscal) would: pdftotext and pdfinfo from
 * poppler-utils (installed in CI). Issue 38's test: "pdftotext: chave, tomador, valor, SEM
 * VALIDADE JURÍDICA" — plus one page even with 2,000-character texts, and CANCELADA.
 * PNGs of each page go to /tmp/danfse-*.png for a look (pdftoppm -r 60).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { DomParserLike } from '../../src/domain/nfse/danfse-model';
import { makeDanfse } from '../../src/ui/danfse/download';
import { SAMPLE_CNPJ, SAMPLE_CPF, SAMPLE_LONG, SAMPLE_NO_TOMADOR } from '../support/nfse-samples';

const parser = new DOMParser() as unknown as DomParserLike;
const dir = mkdtempSync(join(tmpdir(), 'danfse-'));

async function render(name: string, xml: string, cancelled = false) {
  const { bytes, fileName } = await makeDanfse(xml, { parser, cancelled });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '60', file, `/tmp/danfse-${name}`]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return { text, raw, pages, fileName };
}

describe('DANFSe PDF (pdftotext)', () => {
  it('CPF tomador, produção restrita: chave, tomador, valor, SEM VALIDADE JURÍDICA, one page', async () => {
    const { text, pages, fileName } = await render('cpf', SAMPLE_CPF.xml);
    expect(fileName).toBe(`DANFSe-17-${SAMPLE_CPF.chave}.pdf`);
    expect(pages).toBe(1);
    expect(text).toContain(SAMPLE_CPF.chave);
    expect(text).toContain('MARIA DAS GRAÇAS OLIVEIRA');
    expect(text).toContain('123.456.789-09');
    expect(text).toContain('R$ 1.234,50');
    expect(text).toContain('NFS-e SEM VALIDADE JURÍDICA');
    expect(text).toContain('DANFSe v2.0');
    expect(text).toContain('Belo Horizonte / MG');
    expect(text).toContain('11.222.333/0001-81');
    expect(text).toContain('Totais aproximados dos tributos');
    expect(text).not.toContain('CANCELADA');
  });

  it('CNPJ tomador, produção: no SEM VALIDADE JURÍDICA', async () => {
    const { text, pages } = await render('cnpj', SAMPLE_CNPJ.xml);
    expect(pages).toBe(1);
    expect(text).toContain(SAMPLE_CNPJ.chave);
    expect(text).toContain('METALÚRGICA HORIZONTE INDÚSTRIA E COMÉRCIO LTDA');
    expect(text).toContain('11.444.777/0001-61');
    expect(text).toContain('R$ 8.500,00');
    expect(text).toContain('R$ 170,00');
    expect(text).not.toContain('SEM VALIDADE');
  });

  it('no tomador: the suppression text', async () => {
    const { text, pages } = await render('sem-tomador', SAMPLE_NO_TOMADOR.xml);
    expect(pages).toBe(1);
    expect(text).toContain('TOMADOR/ADQUIRENTE DA OPERAÇÃO NÃO IDENTIFICADO NA NFS-e');
    expect(text).toContain('R$ 45,00');
  });

  // The watermark's letters are rotated, so -layout scatters them; -raw keeps the drawing order (it is drawn last).
  it('cancelled: the CANCELADA watermark', async () => {
    const { raw, pages } = await render('cancelada', SAMPLE_CPF.xml, true);
    expect(pages).toBe(1);
    expect(raw.replace(/\s+/g, '')).toContain('CANCELADA');
  });

  it('2,000-character description and informações complementares: still one page, cut with (continua na NFS-e)', async () => {
    const { text, pages } = await render('longa', SAMPLE_LONG.xml);
    expect(pages).toBe(1);
    expect(text).toContain('(continua na NFS-e)');
    expect(text).toContain(SAMPLE_LONG.chave);
    // the totais aproximados line is never cut
    expect(text).toContain('Totais aproximados dos tributos (Lei 12.741/2012): 6,00% (Simples Nacional)');
  });

  it('worst case: intermediário present and both texts made of short lines — still one page', async () => {
    const interm =
      '<interm><CNPJ>11444777000161</CNPJ><xNome>INTERMEDIADORA DE SERVIÇOS LTDA</xNome>' +
      '<end><endNac><cMun>3106200</cMun><CEP>30140071</CEP></endNac><xLgr>Rua B</xLgr><nro>1</nro><xBairro>Centro</xBairro></end></interm>';
    const lines = Array.from({ length: 200 }, (_, i) => `Item ${i + 1}`).join('\n');
    const xml = SAMPLE_CPF.xml
      .replace('</toma>', `</toma>${interm}`)
      .replace(/<xDescServ>[^<]*<\/xDescServ>/, `<xDescServ>${lines}</xDescServ>`)
      .replace(/<xInfComp>[^<]*<\/xInfComp>/, `<xInfComp>${lines}</xInfComp>`);
    const { text, pages } = await render('pior-caso', xml);
    expect(pages).toBe(1);
    expect(text).toContain('INTERMEDIADORA DE SERVIÇOS LTDA');
    expect(text).toContain('(continua na NFS-e)');
    expect(text).toContain('Totais aproximados dos tributos');
  });
});
