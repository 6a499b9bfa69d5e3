/** Lists held still while an import writes, answering once when it ends (issue 39 §2). */
import { expect, test } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import { heldWhileImporting, importsFinished, whileImporting } from '../../../src/data/db/bulk-writes';

test('a held list keeps its answer while an import writes, lets the source go, and answers again at its end', async () => {
  const source = new BehaviorSubject(1);
  const seen: number[] = [];
  const sub = source.pipe(heldWhileImporting()).subscribe((v) => seen.push(v));
  expect(seen).toEqual([1]);
  let release!: () => void;
  const running = whileImporting(() => new Promise<void>((r) => (release = r)));
  expect(source.observed).toBe(false); // no work per batch
  source.next(2);
  source.next(3);
  expect(seen).toEqual([1]);
  let pushed = false;
  const sending = importsFinished().then(() => (pushed = true));
  await Promise.resolve();
  expect(pushed).toBe(false);
  release();
  await running;
  await sending;
  expect(pushed).toBe(true);
  expect(seen).toEqual([1, 3]);
  source.next(4);
  expect(seen).toEqual([1, 3, 4]);
  sub.unsubscribe();
});

test('a list first read during an import gets its first answer, then waits for the end', async () => {
  const source = new BehaviorSubject('a');
  let release!: () => void;
  const running = whileImporting(() => new Promise<void>((r) => (release = r)));
  const seen: string[] = [];
  const sub = source.pipe(heldWhileImporting()).subscribe((v) => seen.push(v));
  source.next('b');
  expect(seen).toEqual(['a']);
  release();
  await running;
  expect(seen).toEqual(['a', 'b']);
  sub.unsubscribe();
});

test('a failed import releases the lists too; with none running nothing waits', async () => {
  const source = new BehaviorSubject(1);
  const seen: number[] = [];
  const sub = source.pipe(heldWhileImporting()).subscribe((v) => seen.push(v));
  await expect(
    whileImporting(async () => {
      source.next(2);
      throw new Error('x');
    }),
  ).rejects.toThrow('x');
  expect(seen).toEqual([1, 2]);
  await importsFinished();
  sub.unsubscribe();
});
