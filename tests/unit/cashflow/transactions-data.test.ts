/** The cash-flow commands against a real local database (fake-indexeddb), with a fake clock. */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, test } from 'vitest';
import { ERROR_MESSAGES } from '@shared';
import { localDatabase } from '../../support/local-db';
import { createTransactionCommands, createdAtFor, TRANSACTION_MESSAGES, type TransactionInput } from '../../../src/data/db/transactions';
import { DataError } from '../../../src/data/db/errors';

const getDb = localDatabase('cashflow', 'u1');

let now = Date.now();
const clock = () => now;
beforeEach(async () => {
  const db = await getDb();
  await db.db.transactions.find().remove();
  now = Date.now();
});

const saida = (over: Partial<TransactionInput> = {}): TransactionInput => ({
  type: 'saida',
  customer_id: null,
  name: 'Casa do Aço',
  category: 'material',
  description: 'Chapas',
  amountCents: 15050,
  payment_method: 'pix',
  payment_status: 'pago',
  due_date: null,
  ...over,
});

const codeOf = (p: Promise<unknown>) => p.then(() => 'ok', (e) => (e instanceof DataError ? e.code : String(e)));

describe('create', () => {
  test('stores what spec §5 says and stamps the creator', async () => {
    const cmd = createTransactionCommands(getDb, clock);
    const t = await cmd.create(saida({ type: 'despesas', category: 'aluguel', payment_status: 'parcial' }));
    expect(t).toMatchObject({ type: 'despesas', amount: 150.5, payment_method: 'n/a', payment_status: 'pendente', category: 'aluguel', created_by: 'u1', quotation_id: null });
    const db = await getDb();
    expect(db.sync.status$.value.pending).toBeGreaterThan(0);
  });

  test('a second submit while one is saving is refused: "Esta transação já está sendo processada"', async () => {
    const cmd = createTransactionCommands(getDb, clock);
    const first = cmd.create(saida());
    const second = cmd.create(saida({ amountCents: 999 }));
    await expect(second).rejects.toMatchObject({ code: 'in_flight', message: 'Esta transação já está sendo processada' });
    await first;
  });

  test('identical within 60 s refused; after 60 s accepted', async () => {
    const cmd = createTransactionCommands(getDb, clock);
    await cmd.create(saida());
    now += 59_900;
    await expect(cmd.create(saida())).rejects.toMatchObject({ code: 'duplicate_recent', message: TRANSACTION_MESSAGES.identical });
    now += 200; // 60.1 s
    // Still the same type and amount but outside both windows now.
    expect(await codeOf(cmd.create(saida()))).toBe('ok');
  });

  test("same type and amount within 45 s asks; the user's confirmation registers it", async () => {
    const cmd = createTransactionCommands(getDb, clock);
    await cmd.create(saida());
    now += 44_900;
    const other = saida({ description: 'Outra compra' });
    await expect(cmd.create(other)).rejects.toMatchObject({ code: 'similar_recent', message: TRANSACTION_MESSAGES.similar });
    expect(await codeOf(cmd.create(other, { allowSimilar: true }))).toBe('ok');
    now += 45_100;
    expect(await codeOf(cmd.create(saida({ description: 'Terceira' })))).toBe('ok');
  });

  test('editing runs no duplicate checks and cannot change the type', async () => {
    const cmd = createTransactionCommands(getDb, clock);
    const a = await cmd.create(saida());
    const b = await cmd.create(saida({ amountCents: 777, description: 'b' }));
    const edited = await cmd.update(b.id, { ...saida(), type: 'entrada', customer_id: 'c1' });
    expect(edited).toMatchObject({ type: 'saida', amount: 150.5, description: 'Chapas' });
    expect(a.id).not.toBe(b.id);
  });

  test('a chosen earlier day becomes created_at on that shop day; the future is refused', async () => {
    const at = new Date('2026-03-10T15:00:00.000Z'); // 12:00 in São Paulo
    expect(createdAtFor('2026-03-10', at)).toBe(at.toISOString());
    expect(createdAtFor('2026-03-01', at)).toBe('2026-03-01T15:00:00.000Z');
    expect(() => createdAtFor('2026-03-11', at)).toThrow(TRANSACTION_MESSAGES.futureDate);
  });

  test('validation: amount > 0, entrada needs a customer', async () => {
    const cmd = createTransactionCommands(getDb, clock);
    await expect(cmd.create(saida({ amountCents: 0 }))).rejects.toMatchObject({ field: 'amount', message: 'O valor da transação deve ser maior que zero.' });
    await expect(cmd.create(saida({ type: 'entrada' }))).rejects.toMatchObject({ field: 'customer', message: 'Cliente obrigatório para registrar uma entrada' });
  });
});

describe('customers by name', () => {
  test('found case- and accent-insensitively', async () => {
    const db = await getDb();
    const now = new Date().toISOString();
    await db.db.customers.insert({ id: 'c-jose', name: 'José da Solda', phone: '31 99999-0000', whatsapp: null, description: null, created_at: now, updated_at: now, client_updated_at: now, created_by: null, updated_by: null } as never);
    const cmd = createTransactionCommands(getDb, clock);
    expect((await cmd.findCustomerByName('  jose DA solda '))?.id).toBe('c-jose');
    expect(await cmd.findCustomerByName('Maria')).toBeNull();
  });
});

describe('Lançar no caixa', () => {
  const quotation = { id: 'q1', code: 'ORC-2026-0042', customer_id: 'c1', total_amount: 1234.5, status: 'accepted' as const };

  test('creates a pendente entrada for its customer and total, linked; a second launch is refused', async () => {
    const cmd = createTransactionCommands(getDb, clock);
    const t = await cmd.launchQuotationToCash(quotation);
    expect(t).toMatchObject({ type: 'entrada', customer_id: 'c1', amount: 1234.5, payment_status: 'pendente', quotation_id: 'q1' });
    expect(t.description).toContain('ORC-2026-0042');
    await expect(cmd.launchQuotationToCash(quotation)).rejects.toMatchObject({
      code: 'duplicate_quotation_entry',
      message: ERROR_MESSAGES.duplicate_quotation_entry,
    });
    // After deleting the entry it may be launched again.
    await cmd.remove(t.id);
    expect(await codeOf(cmd.launchQuotationToCash(quotation))).toBe('ok');
  });

  test('only an accepted quotation with a customer', async () => {
    const cmd = createTransactionCommands(getDb, clock);
    expect(await codeOf(cmd.launchQuotationToCash({ ...quotation, id: 'q2', status: 'pending' as never }))).toBe('not_accepted');
    expect(await codeOf(cmd.launchQuotationToCash({ ...quotation, id: 'q3', customer_id: null }))).toBe('no_customer');
  });
});

test("'Atualizar dados' twice within 2 s: the second is ignored with the spec's message", async () => {
  const cmd = createTransactionCommands(getDb, clock);
  await cmd.refresh(50).catch(() => undefined);
  now += 1_900;
  await expect(cmd.refresh(50)).rejects.toMatchObject({ code: 'too_soon', message: 'Por favor, aguarde antes de atualizar novamente' });
  now += 200;
  expect(await codeOf(cmd.refresh(50))).not.toBe('too_soon');
});
