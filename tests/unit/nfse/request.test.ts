/** Asking for an NFS-e on the device (issue 38): what the note still lacks, and the id of a job's next note. */
import { describe, expect, it } from 'vitest';
import { fiscalDraftOf } from '../../../src/domain/customer-fiscal';
import { currentNote, nextNoteId, nfseDraftErrors, nfseJobKey, tomadorOfDraft, type NfseRequestDraft } from '../../../src/domain/nfse/request';

const draft = (over: Partial<NfseRequestDraft> = {}): NfseRequestDraft => ({
  identified: true,
  name: 'Maria da Silva',
  fiscal: {
    ...fiscalDraftOf(null),
    taxId: '529.982.247-25',
    cep: '30130-000',
    street: 'Rua da Bahia',
    number: '1000',
    district: 'Centro',
    city: { code: '3106200', text: 'Belo Horizonte — MG' },
  },
  service_code: '140101',
  description: 'Solda do portão',
  amount: 350,
  ...over,
});

describe('nfseDraftErrors', () => {
  it('a complete draft may be asked', () => {
    expect(nfseDraftErrors(draft())).toEqual({});
  });

  it('an identified customer needs a valid CPF/CNPJ and the whole address, each said next to its field', () => {
    expect(nfseDraftErrors(draft({ fiscal: { ...draft().fiscal, taxId: '' } })).tax_id).toBe('Informe o CPF ou CNPJ do cliente.');
    expect(nfseDraftErrors(draft({ fiscal: { ...draft().fiscal, taxId: '529.982.247-24' } })).tax_id).toBe('CPF inválido: confira os dígitos');
    expect(nfseDraftErrors(draft({ fiscal: { ...draft().fiscal, number: ' ' } })).address).toMatch(/endereço completo/);
    expect(nfseDraftErrors(draft({ fiscal: { ...draft().fiscal, city: { code: null, text: 'Belo Hor' } } }))).toMatchObject({
      address_city_code: 'Escolha o município na lista',
    });
    expect(nfseDraftErrors(draft({ name: '' })).name).toBe('Informe o nome do tomador.');
  });

  it('a consumidor não identificado needs no CPF/CNPJ nor address; the service, description and value always', () => {
    const bare = draft({ identified: false, name: '', fiscal: fiscalDraftOf(null) });
    expect(nfseDraftErrors(bare)).toEqual({});
    expect(tomadorOfDraft(bare)).toBeNull();
    expect(Object.keys(nfseDraftErrors(draft({ service_code: '', description: '  ', amount: 0 })))).toEqual(['service_code', 'description', 'amount']);
    expect(nfseDraftErrors(draft({ amount: 10.005 })).amount).toBeDefined();
  });

  it('the tomador is stored normalised (digits only, empty as null)', () => {
    expect(tomadorOfDraft(draft())).toEqual({
      tax_id: '52998224725', name: 'Maria da Silva', cep: '30130000', street: 'Rua da Bahia', number: '1000',
      complement: null, district: 'Centro', city_code: '3106200', phone: null, email: null,
    });
  });
});

describe('notes of a job', () => {
  const n = (id: string, status: string, created_at: string) => ({ id, status, created_at }) as const;

  it('one key per job whichever screen asks: the quotation, else the counter OS', () => {
    expect(nfseJobKey({ quotationId: 'q1', workOrderId: 'os-q1' })).toBe('q1');
    expect(nfseJobKey({ quotationId: null, workOrderId: 'w9' })).toBe('w9');
  });

  it('the current note is the newest not cancelled; a new one gets the next free id', () => {
    const notes = [n('nfse-q1', 'cancelled', '2026-11-01T10:00:00Z'), n('nfse-q1-2', 'authorized', '2026-11-02T10:00:00Z')];
    expect((currentNote(notes as never) as { id: string } | null)?.id).toBe('nfse-q1-2');
    expect(currentNote([notes[0]] as never)).toBeNull();
    expect(nextNoteId('q1', [])).toBe('nfse-q1');
    expect(nextNoteId('q1', notes)).toBe('nfse-q1-3');
  });
});
