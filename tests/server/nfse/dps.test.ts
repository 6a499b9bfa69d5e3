import { describe, expect, it } from 'vitest';
import { NFSE_REJECTION_HELP, nfseRejectionHelp } from '@shared';
import { buildCancelRequest } from '../../../sync-server/src/nfse/cancel-event';
import { buildDps, dpsId, formatMoney, formatPercent, type Tomador } from '../../../sync-server/src/nfse/dps';
import { NfseError } from '../../../sync-server/src/nfse/errors';
import { chaveDv, isValidChave } from '../../../sync-server/src/nfse/nfse-xml';
import { formatDate, formatDateTime } from '../../../sync-server/src/nfse/time';
import { validateXml } from '../../../sync-server/src/nfse/xsd';
import { CNPJ_CUSTOMER, CPF_CUSTOMER, dpsInput, elementPaths, MEI, ME_EPP } from './fixtures';

// Research notes §2.5: A (Simples ME/EPP, CPF customer), B (CNPJ customer), C (MEI) — the shape of
// the real accepted Emissor Web DPS, with the optional fone/email/cNBS this shop fills in.
const HEAD = [
  'DPS',
  'DPS/infDPS',
  'DPS/infDPS/tpAmb',
  'DPS/infDPS/dhEmi',
  'DPS/infDPS/verAplic',
  'DPS/infDPS/serie',
  'DPS/infDPS/nDPS',
  'DPS/infDPS/dCompet',
  'DPS/infDPS/tpEmit',
  'DPS/infDPS/cLocEmi',
  'DPS/infDPS/prest',
  'DPS/infDPS/prest/CNPJ',
  'DPS/infDPS/prest/fone',
  'DPS/infDPS/prest/email',
  'DPS/infDPS/prest/regTrib',
  'DPS/infDPS/prest/regTrib/opSimpNac',
];
const REG_ME_EPP = ['DPS/infDPS/prest/regTrib/regApTribSN', 'DPS/infDPS/prest/regTrib/regEspTrib'];
const REG_MEI = ['DPS/infDPS/prest/regTrib/regEspTrib'];
const ADDRESS = [
  'DPS/infDPS/toma/end',
  'DPS/infDPS/toma/end/endNac',
  'DPS/infDPS/toma/end/endNac/cMun',
  'DPS/infDPS/toma/end/endNac/CEP',
  'DPS/infDPS/toma/end/xLgr',
  'DPS/infDPS/toma/end/nro',
];
const TOMA_CPF = ['DPS/infDPS/toma', 'DPS/infDPS/toma/CPF', 'DPS/infDPS/toma/xNome', ...ADDRESS, 'DPS/infDPS/toma/end/xBairro'];
const TOMA_CNPJ = [
  'DPS/infDPS/toma',
  'DPS/infDPS/toma/CNPJ',
  'DPS/infDPS/toma/IM',
  'DPS/infDPS/toma/xNome',
  ...ADDRESS,
  'DPS/infDPS/toma/end/xCpl',
  'DPS/infDPS/toma/end/xBairro',
];
const SERV_VALORES = [
  'DPS/infDPS/serv',
  'DPS/infDPS/serv/locPrest',
  'DPS/infDPS/serv/locPrest/cLocPrestacao',
  'DPS/infDPS/serv/cServ',
  'DPS/infDPS/serv/cServ/cTribNac',
  'DPS/infDPS/serv/cServ/xDescServ',
  'DPS/infDPS/serv/cServ/cNBS',
  'DPS/infDPS/valores',
  'DPS/infDPS/valores/vServPrest',
  'DPS/infDPS/valores/vServPrest/vServ',
  'DPS/infDPS/valores/trib',
  'DPS/infDPS/valores/trib/tribMun',
  'DPS/infDPS/valores/trib/tribMun/tribISSQN',
  'DPS/infDPS/valores/trib/tribMun/tpRetISSQN',
  'DPS/infDPS/valores/trib/totTrib',
];
const TOT_ME_EPP = ['DPS/infDPS/valores/trib/totTrib/pTotTribSN'];
const TOT_MEI = ['DPS/infDPS/valores/trib/totTrib/indTotTrib'];

const cases = [
  { name: 'Simples ME/EPP → CPF (A)', prestador: ME_EPP, tomador: CPF_CUSTOMER, paths: [...HEAD, ...REG_ME_EPP, ...TOMA_CPF, ...SERV_VALORES, ...TOT_ME_EPP] },
  { name: 'Simples ME/EPP → CNPJ (B)', prestador: ME_EPP, tomador: CNPJ_CUSTOMER, paths: [...HEAD, ...REG_ME_EPP, ...TOMA_CNPJ, ...SERV_VALORES, ...TOT_ME_EPP] },
  { name: 'MEI → CPF (C)', prestador: MEI, tomador: CPF_CUSTOMER, paths: [...HEAD, ...REG_MEI, ...TOMA_CPF, ...SERV_VALORES, ...TOT_MEI] },
  { name: 'MEI → CNPJ (C+B)', prestador: MEI, tomador: CNPJ_CUSTOMER, paths: [...HEAD, ...REG_MEI, ...TOMA_CNPJ, ...SERV_VALORES, ...TOT_MEI] },
];

describe('buildDps', () => {
  for (const c of cases) {
    it(`${c.name}: valid per XSD v1.01 and element by element the research skeleton`, async () => {
      const xml = buildDps(dpsInput({ prestador: c.prestador, tomador: c.tomador, nDPS: 17 }));
      expect(elementPaths(xml)).toEqual(c.paths);
      const result = await validateXml(xml, 'DPS');
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    });
  }

  it('writes the values the skeletons show: regime codes, no pAliq, one totTrib choice, unpadded série/número', () => {
    const me = buildDps(dpsInput({ nDPS: 17, vServ: 35000 }));
    expect(me).toMatch(/^<DPS xmlns="http:\/\/www\.sped\.fazenda\.gov\.br\/nfse" versao="1\.01"><infDPS Id="DPS[0-9]{42}">/);
    expect(me).toContain('<serie>1</serie><nDPS>17</nDPS>');
    expect(me).toContain('<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib>');
    expect(me).toContain('<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun><totTrib><pTotTribSN>6.00</pTotTribSN></totTrib>');
    expect(me).toContain('<vServ>350.00</vServ>');
    expect(me).toContain('<CPF>52998224725</CPF>');
    expect(me).toContain('<CEP>01001000</CEP>');
    expect(me).not.toContain('pAliq');
    // No formatting whitespace, no XML declaration, no prefixes.
    expect(me).not.toMatch(/>\s+</);
    expect(me).not.toMatch(/<\/?[A-Za-z]+:/);
    const mei = buildDps(dpsInput({ prestador: MEI }));
    expect(mei).toContain('<regTrib><opSimpNac>2</opSimpNac><regEspTrib>0</regEspTrib></regTrib>');
    expect(mei).toContain('<totTrib><indTotTrib>0</indTotTrib></totTrib>');
    expect(mei).not.toContain('regApTribSN');
  });

  it('leaves the tomador out when there is none, and stays valid', async () => {
    const xml = buildDps(dpsInput({ tomador: undefined }));
    expect(xml).not.toContain('<toma>');
    expect((await validateXml(xml, 'DPS')).valid).toBe(true);
  });

  it('escapes text and keeps it inside the XSD character set', async () => {
    const xml = buildDps(
      dpsInput({
        tomador: { ...CPF_CUSTOMER, name: 'João & Maria <Ltda> “Serviços” — Ação 🔧' },
        servico: { cLocPrestacao: '3550308', cTribNac: '140101', xDescServ: '  Solda do portão\r\n  2ª via: R$ 50 < R$ 100  ' },
      }),
    );
    expect(xml).toContain('<xNome>João &amp; Maria &lt;Ltda&gt; &quot;Serviços&quot; - Ação</xNome>');
    expect(xml).toContain('<xDescServ>Solda do portão\n2ª via: R$ 50 &lt; R$ 100</xDescServ>');
    expect((await validateXml(xml, 'DPS')).errors).toEqual([]);
  });

  it('refuses what the national system would reject anyway', () => {
    expect(() => buildDps(dpsInput({ servico: { cLocPrestacao: '3550308', cTribNac: '14.01', xDescServ: 'x' } }))).toThrow(NfseError);
    expect(() => buildDps(dpsInput({ tomador: { ...CNPJ_CUSTOMER, cnpj: '12345678000276' } as Tomador }))).toThrow(/E0202/);
    expect(() => buildDps(dpsInput({ nDPS: 0 }))).toThrow(NfseError);
    expect(() => buildDps(dpsInput({ vServ: 10.5 }))).toThrow(NfseError);
    expect(() => buildDps(dpsInput({ dCompet: '2099-01-01' }))).toThrow(/competência/);
  });
});

describe('dpsId', () => {
  it('matches the real Emissor Web DPS of the research notes', () => {
    expect(dpsId('1505486', '44827692000111', 900, 31)).toBe('DPS150548624482769200011100900000000000000031');
  });
  it('pads a CPF emitter to 14 with tipo 1, and keeps an alphanumeric CNPJ as text', () => {
    expect(dpsId('3550308', '529.982.247-25', '1', '7')).toBe('DPS3550308' + '1' + '00052998224725' + '00001' + '000000000000007');
    expect(dpsId('3550308', '12ABC34501DE35', 1, 1)).toBe('DPS3550308212ABC34501DE3500001000000000000001');
  });
  it('is the Id buildDps writes', () => {
    const xml = buildDps(dpsInput({ serie: 3, nDPS: 123456789012345 }));
    expect(xml).toContain(`Id="${dpsId('3550308', '12345678000195', 3, 123456789012345)}"`);
    expect(xml).toContain('Id="DPS3550308212345678000195' + '00003' + '123456789012345"');
  });
});

describe('money and percent (TSDec15V2, TSDec2V2) from integers', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [99, '0.99'],
    [100, '1.00'],
    [35000, '350.00'],
    [123456789, '1234567.89'],
    [999999999999999, '9999999999999.99'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
    expect(text).toMatch(/^(0|0\.[0-9]{2}|[1-9][0-9]{0,14}(\.[0-9]{2})?)$/);
  });
  it('refuses fractions and negatives', () => {
    expect(() => formatMoney(-1)).toThrow(NfseError);
    expect(() => formatMoney(0.5)).toThrow(NfseError);
  });
  it('percent in hundredths', () => {
    expect(formatPercent(600)).toBe('6.00');
    expect(formatPercent(1575)).toBe('15.75');
    expect(formatPercent(5)).toBe('0.05');
    expect(() => formatPercent(10000)).toThrow(NfseError);
  });
});

describe('dhEmi', () => {
  it('is the São Paulo wall clock with its real offset, no millis, no Z', () => {
    // 17:05:09.987 UTC is 14:05:09 in São Paulo.
    expect(formatDateTime(new Date('2026-03-10T17:05:09.987Z'))).toBe('2026-03-10T14:05:09-03:00');
    // Around midnight UTC the São Paulo date is still the day before (dCompet follows it).
    expect(formatDateTime(new Date('2026-03-11T02:30:00Z'))).toBe('2026-03-10T23:30:00-03:00');
    expect(formatDate(new Date('2026-03-11T02:30:00Z'))).toBe('2026-03-10');
  });
  it('follows the time-zone database, not a hard-coded offset (DST in 2018, Manaus)', () => {
    expect(formatDateTime(new Date('2018-01-10T12:00:00Z'))).toBe('2018-01-10T10:00:00-02:00');
    expect(formatDateTime(new Date('2026-03-10T17:05:00Z'), 'America/Manaus')).toBe('2026-03-10T13:05:00-04:00');
  });
  it('is the same instant as the Date given', () => {
    const at = new Date('2026-07-01T03:00:00Z');
    expect(new Date(formatDateTime(at)).getTime()).toBe(at.getTime());
    const xml = buildDps(dpsInput({ dhEmi: at }));
    expect(xml).toContain('<dhEmi>2026-07-01T00:00:00-03:00</dhEmi><verAplic>');
    expect(xml).toContain('<dCompet>2026-07-01</dCompet>');
  });
});

describe('cancel request (pedRegEvento e101101)', () => {
  const chave = '15054862244827692000111000000000001625125368470067';
  const base = {
    ambiente: 2 as const,
    chave,
    cnpjAutor: '44.827.692/0001-11',
    dhEvento: new Date('2026-03-10T18:00:00Z'),
    cMotivo: 1 as const,
    xMotivo: 'Valor do serviço digitado errado',
    verAplic: 'Forja_1.0',
  };
  it('has Id PRE+chave+101101 and validates against pedRegEvento_v1.01.xsd', async () => {
    const xml = buildCancelRequest(base);
    expect(xml).toBe(
      `<pedRegEvento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infPedReg Id="PRE${chave}101101">` +
        '<tpAmb>2</tpAmb><verAplic>Forja_1.0</verAplic><dhEvento>2026-03-10T15:00:00-03:00</dhEvento>' +
        `<CNPJAutor>44827692000111</CNPJAutor><chNFSe>${chave}</chNFSe>` +
        '<e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>1</cMotivo><xMotivo>Valor do serviço digitado errado</xMotivo></e101101>' +
        '</infPedReg></pedRegEvento>',
    );
    expect((await validateXml(xml, 'pedRegEvento')).errors).toEqual([]);
  });
  it('refuses a justification outside 15..255 characters and a bad motive', () => {
    expect(() => buildCancelRequest({ ...base, xMotivo: 'curto demais' })).toThrow(/15 a 255/);
    expect(() => buildCancelRequest({ ...base, xMotivo: '   ' + 'x'.repeat(14) + '   ' })).toThrow(NfseError);
    expect(() => buildCancelRequest({ ...base, xMotivo: 'x'.repeat(256) })).toThrow(NfseError);
    expect(buildCancelRequest({ ...base, xMotivo: 'x'.repeat(255), cMotivo: 9 })).toContain('<cMotivo>9</cMotivo>');
    expect(() => buildCancelRequest({ ...base, cMotivo: 3 as never })).toThrow(NfseError);
  });
});

describe('chave de acesso', () => {
  it('DV mod 11 matches the two real keys of the research notes', () => {
    for (const chave of ['15054862244827692000111000000000001625125368470067', '31062002205065736000161000000000009326011037881815']) {
      expect(chaveDv(chave.slice(0, 49))).toBe(Number(chave[49]));
      expect(isValidChave(chave)).toBe(true);
    }
    expect(isValidChave('15054862244827692000111000000000001625125368470068')).toBe(false);
  });
});

describe('rejection help (schemas/nfse-rejections)', () => {
  it('explains every code the issue lists, in pt-BR', () => {
    const codes =
      'E0004 E0006 E0008 E0010 E0014 E0015 E0037 E0038 E0082 E0086 E0116 E0118 E0119 E0120 E0160 E0162 E0166 E0174 E0175 E0190 E0202 E0208 E0310 E0316 E0595 E0597 E0600 E0611 E0613 E0615 E0628 E0710 E0712 E0714 E0715 E0716 E0717 E0718 E0812 E0819 E0822 E0823 E0824 E1235'.split(
        ' ',
      );
    for (const code of codes) expect(NFSE_REJECTION_HELP[code], code).toMatch(/\S{3}/);
    expect(nfseRejectionHelp('E0822')).toMatch(/prazo.*substituição.*análise fiscal/s);
  });
  it('falls back to the national description for an unknown code', () => {
    expect(nfseRejectionHelp('E9876', 'Algo novo')).toContain('E9876');
    expect(nfseRejectionHelp('E9876', 'Algo novo')).toContain('Algo novo');
    expect(nfseRejectionHelp('e0014')).toBe(NFSE_REJECTION_HELP.E0014);
  });
});
