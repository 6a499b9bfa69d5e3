import { describe, expect, it } from 'vitest';
import { parseSefinErrors } from '../../../sync-server/src/nfse/errors-body';
import { packXml, unpackXml } from '../../../sync-server/src/nfse/transport';
import { NfseError } from '../../../sync-server/src/nfse/errors';

const head = { tipoAmbiente: 2, versaoAplicativo: 'SefinNacional_1.6.0', dataHoraProcessamento: '2026-07-26T10:00:00-03:00' };

describe('parseSefinErrors: every shape seen', () => {
  it('erros (swagger, POST /nfse)', () => {
    expect(parseSefinErrors({ ...head, idDPS: 'DPS1', erros: [{ codigo: 'E0014', descricao: 'Já existe', complemento: 'x' }, { codigo: 'E0008', descricao: 'Data' }] })).toEqual([
      { code: 'E0014', description: 'Já existe', complement: 'x' },
      { code: 'E0008', description: 'Data' },
    ]);
  });
  it('erro as an object (swagger ResponseErro)', () => {
    expect(parseSefinErrors({ ...head, erro: { codigo: 'E0819', descricao: 'Não encontrada' } })).toEqual([{ code: 'E0819', description: 'Não encontrada' }]);
  });
  it('erro as a list (production 2026, cancel past the deadline)', () => {
    expect(
      parseSefinErrors({
        ...head,
        erro: [{ codigo: 'E0822', descricao: 'O prazo para o cancelamento da NFS-e expirou, conforme parametrização do município emissor da NFS-e.' }],
      }),
    ).toEqual([{ code: 'E0822', description: 'O prazo para o cancelamento da NFS-e expirou, conforme parametrização do município emissor da NFS-e.' }]);
  });
  it('PascalCase outside and inside, with Mensagem and null Complemento (2023 issue, ADN)', () => {
    expect(parseSefinErrors({ Erros: [{ Mensagem: 'Erro não catalogado', Parametros: [], Codigo: 'RNG9999', Descricao: null, Complemento: null }] })).toEqual([
      { code: 'RNG9999', description: 'Erro não catalogado' },
    ]);
    expect(parseSefinErrors({ Erro: { Codigo: 'E0004', Descricao: 'Id' } })).toEqual([{ code: 'E0004', description: 'Id' }]);
  });
  it('a JSON string, a bare list, and nonsense', () => {
    expect(parseSefinErrors(JSON.stringify({ erros: [{ codigo: 'E0710', descricao: 'totTrib' }] }))).toEqual([{ code: 'E0710', description: 'totTrib' }]);
    expect(parseSefinErrors([{ codigo: 'E0712', descricao: 'totTrib' }])).toEqual([{ code: 'E0712', description: 'totTrib' }]);
    expect(parseSefinErrors('<html>502 Bad Gateway</html>')).toEqual([]);
    expect(parseSefinErrors(null)).toEqual([]);
    expect(parseSefinErrors({ erros: [null, 3, { foo: 1 }] })).toEqual([]);
  });
});

describe('gzip+base64 transport', () => {
  it('round-trips UTF-8 XML and refuses garbage', () => {
    const xml = '<DPS xmlns="http://www.sped.fazenda.gov.br/nfse"><x>Serviço de solda — ção</x></DPS>';
    const packed = packXml(xml);
    expect(packed).toMatch(/^H4sI[A-Za-z0-9+/]+=*$/);
    expect(unpackXml(packed)).toBe(xml);
    expect(() => unpackXml('bm90IGd6aXA=')).toThrow(NfseError);
  });
});
