/** The three-way merge rule (sync-server/src/sync/merge.ts), without a server. */
import { describe, expect, test } from 'vitest';
import { mergeDocuments, sameContent } from '../../sync-server/src/sync/merge';
import { TABLES } from '../../sync-server/src/collections/tables';

const fieldsOf = (c: keyof typeof TABLES) => TABLES[c].columns.map((col) => col.name);
const T0 = '2026-01-01T10:00:00.000Z';
const T1 = '2026-01-01T11:00:00.000Z';
const T2 = '2026-01-01T12:00:00.000Z';

const base = { id: 'c', name: 'Ana', phone: '1', whatsapp: null, description: null, created_at: T0, updated_at: T0, client_updated_at: T0, created_by: 'u', _deleted: false };

describe('three-way merge', () => {
  test('fields changed on one side each are all kept, no conflict', () => {
    const r = mergeDocuments('customers', fieldsOf('customers'), base, { ...base, name: 'Ana L', client_updated_at: T1 }, { ...base, phone: '2', client_updated_at: T2 });
    expect(r.doc).toMatchObject({ name: 'Ana L', phone: '2', client_updated_at: T2, _deleted: false });
    expect(r.conflicts).toEqual([]);
  });

  test('both changed: the later client edit wins, a tie goes to the incoming push', () => {
    const later = mergeDocuments('customers', fieldsOf('customers'), base, { ...base, name: 'S', client_updated_at: T2 }, { ...base, name: 'I', client_updated_at: T1 });
    expect(later.doc.name).toBe('S');
    expect(later.conflicts).toEqual([{ field: 'name', winner: 'server', winningValue: 'S', losingValue: 'I' }]);
    const tie = mergeDocuments('customers', fieldsOf('customers'), base, { ...base, name: 'S', client_updated_at: T1 }, { ...base, name: 'I', client_updated_at: T1 });
    expect(tie.doc.name).toBe('I');
  });

  test('the same new value on both sides is not a conflict', () => {
    const r = mergeDocuments('customers', fieldsOf('customers'), base, { ...base, name: 'X', client_updated_at: T1 }, { ...base, name: 'X', client_updated_at: T2 });
    expect(r.conflicts).toEqual([]);
  });

  test('a null base treats every differing field as changed on both sides', () => {
    const r = mergeDocuments('customers', fieldsOf('customers'), null, { ...base, name: 'S', client_updated_at: T1 }, { ...base, name: 'I', client_updated_at: T2 });
    expect(r.doc.name).toBe('I');
    expect(r.conflicts.map((c) => c.field)).toEqual(['name']);
  });

  test('a quotation decision (with its history of earlier decisions) moves as one unit; viewed_at keeps the earliest', () => {
    const qBase = { id: 'q', status: 'pending', decided_at: null, decision_reason: null, viewed_at: null, description: 'd', client_updated_at: T0, _deleted: false };
    const server = { ...qBase, status: 'rejected', decided_at: T1, decision_reason: 'caro', viewed_at: T1, client_updated_at: T1 };
    const incoming = { ...qBase, status: 'accepted', decided_at: T2, viewed_at: T2, client_updated_at: T2 };
    const r = mergeDocuments('quotations', fieldsOf('quotations'), qBase, server, incoming);
    expect(r.doc).toMatchObject({ status: 'accepted', decided_at: T2, decision_reason: null, viewed_at: T1 });
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0].field).toBe('status,decided_at,decision_reason,decision_history');
  });

  test('delete vs edit: the delete wins unless the edit is later', () => {
    const del = { ...base, _deleted: true, client_updated_at: T2 };
    const edit = { ...base, name: 'Editado', client_updated_at: T1 };
    expect(mergeDocuments('customers', fieldsOf('customers'), base, del, edit).doc._deleted).toBe(true);
    expect(mergeDocuments('customers', fieldsOf('customers'), base, edit, del).doc._deleted).toBe(true);
    const lateEdit = { ...base, name: 'Editado', client_updated_at: T2 };
    const earlyDel = { ...base, _deleted: true, client_updated_at: T1 };
    const r = mergeDocuments('customers', fieldsOf('customers'), base, earlyDel, lateEdit);
    expect(r.doc).toMatchObject({ _deleted: false, name: 'Editado' });
    expect(r.conflicts).toEqual([{ field: '_deleted', winner: 'incoming', winningValue: { name: 'Editado' }, losingValue: true }]);
  });

  test('sameContent ignores server stamps and key order inside json', () => {
    expect(sameContent({ a: [{ x: 1, y: 2 }], updated_at: T0, created_by: 'u' }, { a: [{ y: 2, x: 1 }], updated_at: T1, created_by: null })).toBe(true);
    expect(sameContent({ a: 1, _deleted: false }, { a: 1 })).toBe(true);
    expect(sameContent({ a: 1, _deleted: true }, { a: 1 })).toBe(false);
  });
});
