/** Which arriving changes toast (spec §8 realtime toasts; issue 6 live updates). */
import { describe, expect, it } from 'vitest';
import { collapseToasts, remoteChangeToast, type DocChange, type RemoteToast } from '../../../src/domain/remote-changes';

const me = { userId: 'me' };
const customer = (f: Record<string, unknown> = {}) => ({ id: 'c1', name: 'Ana', phone: '31', updated_by: 'other', ...f });
const quotation = (f: Record<string, unknown> = {}) => ({
  id: 'q1', code: 'ORC-2026-0001', status: 'pending', decided_at: null, description: 'Portão', updated_by: 'other', ...f,
});

const toast = (c: DocChange) => remoteChangeToast(c, me);

describe('customers', () => {
  it('another user adding, changing and removing a customer toasts with the spec texts', () => {
    expect(toast({ collection: 'customers', operation: 'INSERT', doc: customer() })).toMatchObject({
      title: 'Cliente adicionado', description: 'Um cliente foi adicionado com sucesso!', type: 'info',
    });
    expect(toast({ collection: 'customers', operation: 'UPDATE', doc: customer({ name: 'Ana Maria' }), previous: customer() })).toMatchObject({
      title: 'Cliente atualizado', description: 'Um cliente foi atualizado com sucesso!',
    });
    expect(toast({ collection: 'customers', operation: 'DELETE', doc: customer({ _deleted: true }), previous: customer() })).toMatchObject({
      title: 'Cliente removido', description: 'Um cliente foi removido com sucesso!',
    });
  });

  it('a change by the signed-in user (any device) never toasts', () => {
    expect(toast({ collection: 'customers', operation: 'INSERT', doc: customer({ updated_by: 'me' }) })).toBeNull();
    expect(toast({ collection: 'customers', operation: 'UPDATE', doc: customer({ updated_by: 'me', name: 'X' }), previous: customer() })).toBeNull();
    expect(toast({ collection: 'customers', operation: 'DELETE', doc: customer({ updated_by: 'me', _deleted: true }), previous: customer() })).toBeNull();
  });

  it('an update that changes nothing visible (only bookkeeping) does not toast', () => {
    expect(
      toast({ collection: 'customers', operation: 'UPDATE', doc: customer({ updated_at: '2', _rev: '2-b' }), previous: customer({ updated_at: '1', _rev: '1-a' }) }),
    ).toBeNull();
  });

  it('an unknown writer (no updated_by) does not toast; an insert falls back to created_by', () => {
    const { updated_by: _, ...noWriter } = customer();
    expect(toast({ collection: 'customers', operation: 'UPDATE', doc: { ...noWriter, name: 'B' }, previous: noWriter })).toBeNull();
    expect(toast({ collection: 'customers', operation: 'INSERT', doc: { ...noWriter, created_by: 'me' } })).toBeNull();
    expect(toast({ collection: 'customers', operation: 'INSERT', doc: { ...noWriter, created_by: 'other' } })).not.toBeNull();
  });

  it('other collections never toast', () => {
    expect(toast({ collection: 'transactions', operation: 'INSERT', doc: customer() })).toBeNull();
  });
});

describe('quotations', () => {
  it('another user: Novo orçamento adicionado / Orçamento atualizado / Orçamento removido (info)', () => {
    expect(toast({ collection: 'quotations', operation: 'INSERT', doc: quotation() })).toMatchObject({
      title: 'Novo orçamento adicionado', description: 'Um novo orçamento foi adicionado.', type: 'info',
    });
    expect(toast({ collection: 'quotations', operation: 'UPDATE', doc: quotation({ description: 'Grade' }), previous: quotation() })).toMatchObject({
      title: 'Orçamento atualizado', description: 'Um orçamento foi atualizado.',
    });
    expect(toast({ collection: 'quotations', operation: 'DELETE', doc: quotation({ _deleted: true }), previous: quotation() })).toMatchObject({
      title: 'Orçamento removido', description: 'Um orçamento foi removido.',
    });
  });

  it("the customer's accept/reject on the public page (written by the server) names the quotation", () => {
    const accepted = quotation({ status: 'accepted', decided_at: '2026-11-23T10:00:00Z', updated_by: null });
    expect(toast({ collection: 'quotations', operation: 'UPDATE', doc: accepted, previous: quotation() })).toMatchObject({
      kind: 'quotation-accepted', title: 'Orçamento aceito', description: 'O cliente aceitou o orçamento ORC-2026-0001.',
    });
    const rejected = quotation({ status: 'rejected', decided_at: '2026-11-23T10:00:00Z', decision_reason: 'caro', updated_by: null });
    expect(toast({ collection: 'quotations', operation: 'UPDATE', doc: rejected, previous: quotation() })).toMatchObject({
      kind: 'quotation-rejected', description: 'O cliente recusou o orçamento ORC-2026-0001.',
    });
    // A writer that is not staff counts as the public page too.
    expect(
      remoteChangeToast({ collection: 'quotations', operation: 'UPDATE', doc: { ...accepted, updated_by: 'x' }, previous: quotation() }, { userId: 'me', staffIds: new Set(['me', 'other']) }),
    ).toMatchObject({ kind: 'quotation-accepted' });
  });

  it('the server marking a quotation viewed does not toast; the same decision again does not either', () => {
    expect(toast({ collection: 'quotations', operation: 'UPDATE', doc: quotation({ viewed_at: 'now', updated_by: null }), previous: quotation() })).toBeNull();
    const accepted = quotation({ status: 'accepted', decided_at: 't1', updated_by: null });
    expect(toast({ collection: 'quotations', operation: 'UPDATE', doc: { ...accepted, viewed_at: 'x' }, previous: accepted })).toBeNull();
  });

  it('my own quotation changes never toast', () => {
    expect(toast({ collection: 'quotations', operation: 'INSERT', doc: quotation({ updated_by: 'me' }) })).toBeNull();
  });
});

describe('bursts', () => {
  const info = (i: number): RemoteToast => ({ kind: 'customer-added', type: 'info', title: 't', description: String(i) });
  const decision: RemoteToast = { kind: 'quotation-accepted', type: 'success', title: 'Orçamento aceito', description: 'x' };

  it('up to 3 pass as they are', () => {
    expect(collapseToasts([info(1), info(2), info(3)])).toHaveLength(3);
  });

  it('more become one summary, keeping decisions', () => {
    const out = collapseToasts([info(1), decision, info(2), info(3), info(4)]);
    expect(out).toEqual([
      decision,
      { kind: 'summary', type: 'info', title: 'Dados atualizados', description: '4 alterações feitas por outros usuários foram recebidas.' },
    ]);
    expect(collapseToasts(Array.from({ length: 50 }, (_, i) => info(i)))).toHaveLength(1);
  });
});

describe('ordens de serviço (issue 31)', () => {
  const ctx = { userId: 'me' };
  const stage = (s: string) => ({ em_execucao: 'Em execução' })[s] ?? s;
  it("another staff member's OS, move and note toast; my own and deletions do not", () => {
    const os = { id: 'os-1', code: 'ORC-1', updated_by: 'other', created_by: 'other', description: 'x' };
    expect(remoteChangeToast({ collection: 'work_orders', operation: 'INSERT', doc: os }, ctx)?.description).toBe('A ordem de serviço ORC-1 foi aberta.');
    expect(remoteChangeToast({ collection: 'work_orders', operation: 'UPDATE', doc: { ...os, description: 'y' }, previous: os }, ctx)?.title).toBe('Ordem de serviço atualizada');
    expect(remoteChangeToast({ collection: 'work_orders', operation: 'UPDATE', doc: { ...os, updated_at: 'z' }, previous: os }, ctx)).toBeNull();
    expect(remoteChangeToast({ collection: 'work_orders', operation: 'INSERT', doc: { ...os, updated_by: 'me' } }, ctx)).toBeNull();
    const move = { id: 'e1', kind: 'move', to_stage: 'em_execucao', created_by: 'other' };
    expect(remoteChangeToast({ collection: 'work_order_events', operation: 'INSERT', doc: move }, ctx, stage)?.description).toBe('Uma ordem de serviço foi movida para Em execução.');
    expect(remoteChangeToast({ collection: 'work_order_events', operation: 'UPDATE', doc: { ...move, server_seq: 3 }, previous: move }, ctx, stage)).toBeNull();
    expect(remoteChangeToast({ collection: 'work_order_events', operation: 'INSERT', doc: { ...move, created_by: 'me' } }, ctx, stage)).toBeNull();
    expect(remoteChangeToast({ collection: 'work_order_events', operation: 'INSERT', doc: { id: 'n', kind: 'note', text: 'a', created_by: 'other' } }, ctx)?.title).toBe('Nova anotação');
    expect(remoteChangeToast({ collection: 'work_orders', operation: 'DELETE', doc: os }, ctx)).toBeNull();
  });
});

describe('NFS-e outcomes (issue 38)', () => {
  const note = (f: Record<string, unknown> = {}) => ({
    id: 'nfse-q1', job_code: 'ORC-2026-0001', status: 'sending', number: null, requested_by: 'me', cancel_requested_by: null, updated_by: null, ...f,
  });

  it('the server authorising or rejecting a note tells whoever asked, naming the job', () => {
    expect(toast({ collection: 'nfse', operation: 'UPDATE', doc: note({ status: 'authorized', number: '17' }), previous: note() })).toMatchObject({
      kind: 'nfse-authorized', type: 'success', title: 'NFS-e nº 17 autorizada', description: 'A nota fiscal de ORC-2026-0001 foi emitida.',
    });
    expect(toast({ collection: 'nfse', operation: 'UPDATE', doc: note({ status: 'rejected' }), previous: note() })).toMatchObject({
      kind: 'nfse-rejected', type: 'warning', title: 'NFS-e rejeitada',
    });
  });

  it('someone else asked: no toast; a device write (updated_by set) is not an outcome; no status change is no news', () => {
    expect(toast({ collection: 'nfse', operation: 'UPDATE', doc: note({ status: 'authorized', number: '1', requested_by: 'other' }), previous: note() })).toBeNull();
    expect(toast({ collection: 'nfse', operation: 'UPDATE', doc: note({ status: 'authorized', updated_by: 'other' }), previous: note() })).toBeNull();
    expect(toast({ collection: 'nfse', operation: 'UPDATE', doc: note({ status: 'sending', waiting_reason: 'x' }), previous: note() })).toBeNull();
  });

  it('a cancel told to the owner who asked for it, registered or refused', () => {
    const asked = note({ status: 'cancelling', number: '9', requested_by: 'other', cancel_requested_by: 'me' });
    expect(toast({ collection: 'nfse', operation: 'UPDATE', doc: { ...asked, status: 'cancelled' }, previous: asked })).toMatchObject({ kind: 'nfse-cancelled', title: 'NFS-e nº 9 cancelada' });
    expect(toast({ collection: 'nfse', operation: 'UPDATE', doc: { ...asked, status: 'cancel_rejected' }, previous: asked })).toMatchObject({ kind: 'nfse-cancel-refused' });
  });

  it('a burst keeps the NFS-e outcomes whole', () => {
    const many: RemoteToast[] = [
      ...Array.from({ length: 5 }, (_, i) => ({ kind: 'customer-added' as const, type: 'info' as const, title: 'c', description: String(i) })),
      { kind: 'nfse-authorized', type: 'success', title: 'NFS-e nº 3 autorizada', description: '' },
    ];
    expect(collapseToasts(many).map((t) => t.kind)).toEqual(['nfse-authorized', 'summary']);
  });
});
