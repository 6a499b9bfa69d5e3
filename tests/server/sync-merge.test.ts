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

describe('device clocks ahead of the server (issue 17 §5)', () => {
  const NOW = Date.parse('2026-06-01T12:00:00.000Z');
  const at = (ms: number) => new Date(NOW + ms).toISOString();
  const YEARS = 5 * 365 * 86_400_000;
  const b = { ...base, client_updated_at: at(-3_600_000), updated_at: at(-3_600_000) };

  test('an edit stamped years ahead is stored as received but merged as made on arrival: a later honest edit wins', () => {
    // Stored: an honest edit written 1 s ago. Incoming: a device years ahead, arriving now.
    const server = { ...b, name: 'Honesto', client_updated_at: at(-1_000), updated_at: at(-1_000) };
    const incoming = { ...b, name: 'Adiantado', client_updated_at: at(YEARS) };
    // Arriving now, it is the later edit (the honest one was 1 s before) — and stored as received.
    const r = mergeDocuments('customers', fieldsOf('customers'), b, server, incoming, { now: NOW });
    expect(r.doc.name).toBe('Adiantado');
    expect(r.doc.client_updated_at).toBe(at(YEARS));
    // An honest edit made after now (pushed later) beats that stored far-future stamp: the stored
    // version counts from when the server wrote it.
    const stored = { ...r.doc, updated_at: at(0) };
    const honest = { ...b, name: 'Depois', client_updated_at: at(2_000) };
    const later = mergeDocuments('customers', fieldsOf('customers'), b, stored, honest, { now: NOW + 2_500 });
    expect(later.doc.name).toBe('Depois');
    expect(later.conflicts).toEqual([{ field: 'name', winner: 'incoming', winningValue: 'Depois', losingValue: 'Adiantado' }]);
    // Without the server's clock the raw stamps decide (how the far-future device used to win).
    expect(mergeDocuments('customers', fieldsOf('customers'), b, stored, honest).doc.name).toBe('Adiantado');
  });

  test('arriving after an honest stored edit, a far-future push counts as made on arrival (the server cannot know better)', () => {
    const server = { ...b, name: 'Honesto', client_updated_at: at(0), updated_at: at(0) };
    const incoming = { ...b, name: 'Adiantado', client_updated_at: at(YEARS) };
    expect(mergeDocuments('customers', fieldsOf('customers'), b, server, incoming, { now: NOW + 10_000 }).doc.name).toBe('Adiantado');
    // An honest stamp later than its arrival (a device slightly ahead, within 5 min) still wins.
    const server2 = { ...b, name: 'Honesto', client_updated_at: at(60_000), updated_at: at(0) };
    expect(mergeDocuments('customers', fieldsOf('customers'), b, server2, incoming, { now: NOW + 10_000 }).doc.name).toBe('Honesto');
  });

  test('a device years ahead against its own late older push: both stamps ahead keep their order — the older edit loses', () => {
    const stored = { ...b, name: 'Segunda edição', client_updated_at: at(YEARS + 60_000), updated_at: at(0) };
    const lateOld = { ...b, name: 'Primeira edição', client_updated_at: at(YEARS) };
    const r = mergeDocuments('customers', fieldsOf('customers'), b, stored, lateOld, { now: NOW + 5_000 });
    expect(r.doc.name).toBe('Segunda edição');
    expect(r.doc.client_updated_at).toBe(stored.client_updated_at);
  });

  test('a late copy of an older push from a device ahead that changes nothing leaves the stored stamp (no new version)', () => {
    // Stored: the device's later edit (6 min ahead), merged with another device's name by the server.
    const stored = { ...b, name: 'Outro aparelho', description: 'Depois', client_updated_at: at(6 * 60_000 + 7), updated_at: at(0) };
    const lateCreate = { ...b, client_updated_at: at(6 * 60_000) };
    const r = mergeDocuments('customers', fieldsOf('customers'), b, stored, lateCreate, { now: NOW + 50 });
    expect(sameContent(r.doc, stored)).toBe(true);
  });

  test('up to 5 minutes ahead is believed as it is', () => {
    const server = { ...b, name: 'Servidor', client_updated_at: at(60_000), updated_at: at(0) };
    const incoming = { ...b, name: 'Aparelho', client_updated_at: at(4 * 60_000) };
    expect(mergeDocuments('customers', fieldsOf('customers'), b, server, incoming, { now: NOW }).doc.name).toBe('Aparelho');
    const tooFar = { ...b, name: 'Aparelho', client_updated_at: at(6 * 60_000) };
    // 6 min ahead: counted as now, before the stored edit's believed 1 min ahead.
    expect(mergeDocuments('customers', fieldsOf('customers'), b, server, tooFar, { now: NOW }).doc.name).toBe('Servidor');
  });

  test('delete against edit: a delete stamped years ahead does not beat a later edit', () => {
    const del = { ...b, _deleted: true, client_updated_at: at(YEARS), updated_at: at(0) };
    const edit = { ...b, name: 'Editado depois', client_updated_at: at(3_000) };
    const r = mergeDocuments('customers', fieldsOf('customers'), b, del, edit, { now: NOW + 3_500 });
    expect(r.doc).toMatchObject({ _deleted: false, name: 'Editado depois' });
  });
});
