/** `Baixar XMLs do mês`: the zip made on the device, unzipped again with fflate — its entries and the CSV inside. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { monthNotes } from '../../../src/domain/nfse/month-report';
import { downloadMonthZip, makeMonthZip } from '../../../src/features/reports/nfse/monthZip';
import { SAMPLE_CNPJ, SAMPLE_CPF } from '../../support/nfse-samples';
import { noteDoc } from './month-fixtures';

afterEach(() => vi.restoreAllMocks());

const CANCEL_XML = '<?xml version="1.0" encoding="UTF-8"?><evento xmlns="http://www.sped.fazenda.gov.br/nfse"><infEvento>e101101</infEvento></evento>';
const notes = [
  noteDoc({ id: 'n17', number: '17', chave: SAMPLE_CPF.chave, nfse_xml: SAMPLE_CPF.xml, authorized_at: '2026-03-10T17:05:31.000Z' }),
  noteDoc({
    id: 'n18', number: '18', chave: SAMPLE_CNPJ.chave, nfse_xml: SAMPLE_CNPJ.xml, amount: 8500, status: 'cancelled',
    authorized_at: '2026-03-20T12:00:00.000Z', cancelled_at: '2026-03-21T12:00:00.000Z', cancel_event_xml: CANCEL_XML,
    tomador: { tax_id: '11444777000161', name: 'Metalúrgica Horizonte; Indústria', cep: null, street: null, number: null, complement: null, district: null, city_code: null, phone: null, email: null },
  }),
];

describe('the month’s zip', () => {
  it('holds NFS-e/{n}-{chave}.xml, Cancelamentos/…-cancelamento.xml and resumo-{yyyy-mm}.csv, byte for byte', async () => {
    const files = unzipSync(await makeMonthZip(monthNotes(notes, '2026-03'), '2026-03'));
    expect(Object.keys(files).sort()).toEqual(
      [`Cancelamentos/18-${SAMPLE_CNPJ.chave}-cancelamento.xml`, `NFS-e/17-${SAMPLE_CPF.chave}.xml`, `NFS-e/18-${SAMPLE_CNPJ.chave}.xml`, 'resumo-2026-03.csv'].sort(),
    );
    expect(strFromU8(files[`NFS-e/17-${SAMPLE_CPF.chave}.xml`])).toBe(SAMPLE_CPF.xml);
    expect(strFromU8(files[`Cancelamentos/18-${SAMPLE_CNPJ.chave}-cancelamento.xml`])).toBe(CANCEL_XML);

    const csv = files['resumo-2026-03.csv'];
    // UTF-8 BOM first, as Brazilian Excel needs to show the accents.
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // strFromU8 (a TextDecoder) drops the BOM it just read.
    const lines = strFromU8(csv).split('\r\n');
    expect(lines).toEqual([
      'Número;Chave;Data de emissão;Cliente;CPF/CNPJ;Valor;Situação;Data do cancelamento',
      `17;${SAMPLE_CPF.chave};10/03/2026;Maria das Graças;529.982.247-25;1234,50;Autorizada;`,
      `18;${SAMPLE_CNPJ.chave};20/03/2026;"Metalúrgica Horizonte; Indústria";11.444.777/0001-61;8500,00;Cancelada;21/03/2026`,
      '',
    ]);
  });

  it('downloads notas-fiscais-{yyyy-mm}.zip as application/zip', async () => {
    const made: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      made.push(b);
      return 'blob:zip';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    expect(await downloadMonthZip(monthNotes(notes, '2026-03'), '2026-03')).toBe('notas-fiscais-2026-03.zip');
    expect(click).toHaveBeenCalledOnce();
    expect(made[0].type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await made[0].arrayBuffer()));
    expect(Object.keys(files)).toContain('resumo-2026-03.csv');
  });
});
