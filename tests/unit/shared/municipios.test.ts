import { describe, expect, it } from 'vitest';
import {
  UF_BY_CODE,
  isMunicipioCode,
  municipioByCode,
  municipioCount,
  municipioLabel,
  resolveMunicipio,
  searchMunicipios,
  ufSigla,
} from '@shared/municipios';
import { MUNICIPIOS_BY_UF } from '@shared/municipios-data';

describe('the IBGE list shipped with the app', () => {
  it('has the 5,570 municipalities of the 27 UFs', () => {
    expect(municipioCount()).toBe(5570);
    expect(Object.keys(MUNICIPIOS_BY_UF).sort()).toEqual(Object.keys(UF_BY_CODE).sort());
  });
  it('has the codes of the national manual (Anexo A)', () => {
    expect(municipioByCode('3106200')).toEqual({ code: '3106200', name: 'Belo Horizonte', uf: 'MG' });
    expect(municipioByCode('3550308')).toEqual({ code: '3550308', name: 'São Paulo', uf: 'SP' });
    expect(municipioByCode('3303302')).toEqual({ code: '3303302', name: 'Niterói', uf: 'RJ' });
    expect(municipioByCode('5300108')).toEqual({ code: '5300108', name: 'Brasília', uf: 'DF' });
    expect(municipioLabel(municipioByCode('3303302')!)).toBe('Niterói — RJ');
  });
  it('knows a code of the list from anything else', () => {
    expect(isMunicipioCode('3106200')).toBe(true);
    expect(isMunicipioCode('3106201')).toBe(false);
    expect(isMunicipioCode('310620')).toBe(false);
    expect(isMunicipioCode(3106200)).toBe(false);
    expect(isMunicipioCode(null)).toBe(false);
    expect(municipioByCode('9999999')).toBeNull();
  });
  it('UF siglas from the sigla, the name or the IBGE code', () => {
    expect(ufSigla('mg')).toBe('MG');
    expect(ufSigla('Minas Gerais')).toBe('MG');
    expect(ufSigla('sao paulo')).toBe('SP');
    expect(ufSigla('33')).toBe('RJ');
    expect(ufSigla('XX')).toBeNull();
    expect(ufSigla('')).toBeNull();
  });
});

describe('searching what a person types', () => {
  it('ignores accents and case, the exact name first', () => {
    expect(searchMunicipios('niteroi')[0]).toMatchObject({ code: '3303302' });
    expect(searchMunicipios('SÃO PAULO')[0]).toMatchObject({ code: '3550308' });
    expect(searchMunicipios('belo hor')[0]).toMatchObject({ name: 'Belo Horizonte', uf: 'MG' });
  });
  it('a UF after the name narrows it', () => {
    expect(searchMunicipios('campinas sp')).toEqual([{ code: '3509502', name: 'Campinas', uf: 'SP' }]);
    expect(searchMunicipios('Bom Jesus/PI')[0]).toMatchObject({ name: 'Bom Jesus', uf: 'PI' });
  });
  it('finds names by a later word, and limits the answer', () => {
    expect(searchMunicipios('horizonte').map((m) => m.name)).toContain('Belo Horizonte');
    expect(searchMunicipios('sa', 10)).toHaveLength(10);
    expect(searchMunicipios('   ')).toEqual([]);
  });
});

describe('resolving a spreadsheet city (and UF)', () => {
  it('takes the exact name in the UF', () => {
    expect(resolveMunicipio('Niterói', 'RJ')).toEqual({ ok: true, municipio: { code: '3303302', name: 'Niterói', uf: 'RJ' } });
    expect(resolveMunicipio('niteroi', 'Rio de Janeiro')).toMatchObject({ ok: true });
    expect(resolveMunicipio('Niterói/RJ')).toMatchObject({ ok: true, municipio: { code: '3303302' } });
    expect(resolveMunicipio('Belo Horizonte - MG')).toMatchObject({ ok: true, municipio: { code: '3106200' } });
  });
  it('a name of one UF only needs no UF; one of several is ambiguous', () => {
    expect(resolveMunicipio('Belo Horizonte')).toMatchObject({ ok: true, municipio: { code: '3106200' } });
    expect(resolveMunicipio('Bom Jesus')).toEqual({ ok: false, reason: 'ambiguous' });
  });
  it('refuses an unknown name, a wrong UF and two UFs that disagree', () => {
    expect(resolveMunicipio('Cidade Que Não Existe', 'MG')).toEqual({ ok: false, reason: 'not_found' });
    expect(resolveMunicipio('Niterói', 'SP')).toEqual({ ok: false, reason: 'not_found' });
    expect(resolveMunicipio('Niterói', 'XX')).toEqual({ ok: false, reason: 'not_found' });
    expect(resolveMunicipio('Niterói/RJ', 'SP')).toEqual({ ok: false, reason: 'uf_mismatch' });
    expect(resolveMunicipio('')).toEqual({ ok: false, reason: 'not_found' });
  });
  it('every municipality of the list resolves to itself by name and UF', () => {
    for (const [ufCode, packed] of Object.entries(MUNICIPIOS_BY_UF)) {
      for (const item of packed.split('|')) {
        const r = resolveMunicipio(item.slice(5), UF_BY_CODE[ufCode]);
        expect(r.ok && r.municipio.code).toBe(ufCode + item.slice(0, 5));
      }
    }
  });
});
