/** The client refuses text the server cannot store before the write is queued (schemas/rules.ts). */
import 'fake-indexeddb/auto';
import { expect, test } from 'vitest';
import { INVALID_TEXT_MESSAGE } from '@shared';
import { localDatabase } from '../../support/local-db';
import { createCustomerCommands } from '../../../src/data/db/customers';
import { DataError } from '../../../src/data/db/errors';

const getDb = localDatabase('text', 'u1');

test('NUL or a lone surrogate is refused with a pt-BR message and its field; nothing is queued', async () => {
  const commands = createCustomerCommands(getDb);
  const err = await commands.add({ name: 'Ana\u0000', phone: '31 90000-0001' }).catch((e) => e);
  expect(err).toBeInstanceOf(DataError);
  expect(err).toMatchObject({ code: 'invalid_text', message: INVALID_TEXT_MESSAGE, field: 'name' });

  const ok = await commands.add({ name: 'Ana', phone: '31 90000-0002' });
  const err2 = await commands.update(ok.id, { description: 'x\ud800' }).catch((e) => e);
  expect(err2).toMatchObject({ code: 'invalid_text', field: 'description' });

  const db = await getDb();
  expect(db.sync.status$.value.pending).toBe(1); // only the good customer waits to be sent
  expect((await db.db.customers.find().exec()).map((d) => d.name)).toEqual(['Ana']);
  expect((await db.db.customers.findOne(ok.id).exec())!.description).toBeNull();
});
