/** What the sync engine knows of its pushes' answers while it reads the server (src/data/db/push-answers.ts). */
import { describe, expect, test } from 'vitest';
import { PushAnswers } from '../../../src/data/db/push-answers';

const never = new Promise<void>(() => undefined);

/** `batches` pushes of 100 documents named prefix0, prefix1…, each answered while a short read is in flight (an import). */
function importAnswered(a: PushAnswers, prefix: string, batches: number): void {
  for (let i = 0; i < batches; i++) {
    const read = a.begin();
    a.answered('customers', Array.from({ length: 100 }, (_, k) => `${prefix}${i * 100 + k}`), never);
    a.end(read);
  }
}

describe('PushAnswers', () => {
  test('a read is stale for a document answered after it began, not before, and not for another document or collection', () => {
    const a = new PushAnswers();
    const early = a.begin();
    a.answered('customers', ['c1'], never);
    const late = a.begin();
    expect(a.answeredSince('customers', ['c2', 'c1'], early)).toBe(true);
    expect(a.answeredSince('customers', ['c1'], late)).toBe(false);
    expect(a.answeredSince('customers', ['c2'], early)).toBe(false);
    expect(a.answeredSince('quotations', ['c1'], early)).toBe(false);
  });

  test('a document counts as unrecorded until RxDB has recorded each answer of it', async () => {
    const a = new PushAnswers();
    let recordFirst!: () => void;
    let recordSecond!: () => void;
    a.answered('customers', ['c1'], new Promise<void>((r) => (recordFirst = r)));
    a.answered('customers', ['c1'], new Promise<void>((r) => (recordSecond = r)));
    expect(a.unrecorded('customers', 'c1')).toBe(true);
    recordFirst();
    await Promise.resolve();
    await Promise.resolve();
    expect(a.unrecorded('customers', 'c1')).toBe(true);
    recordSecond();
    await Promise.resolve();
    await Promise.resolve();
    expect(a.unrecorded('customers', 'c1')).toBe(false);
  });

  test('a failed record ends the window too (no unhandled rejection)', async () => {
    const a = new PushAnswers();
    a.answered('customers', ['c1'], Promise.reject(new Error('closed')));
    await new Promise((r) => setTimeout(r, 0));
    expect(a.unrecorded('customers', 'c1')).toBe(false);
  });

  test('nothing is remembered for a read that is over: an import of 20,000 leaves no entries behind', () => {
    const a = new PushAnswers();
    importAnswered(a, 'c', 200);
    expect(a.remembered).toBe(0);
    // With no read in flight an answer is not remembered at all: a read that begins later comes after it.
    a.answered('customers', ['x'], never);
    expect(a.remembered).toBe(0);
    expect(a.answeredSince('customers', ['x'], a.begin())).toBe(false);
  });

  test('while a read stays in flight, answers it may ask about are kept; once it is over, they are dropped', () => {
    const a = new PushAnswers();
    const slow = a.begin();
    importAnswered(a, 'c', 60);
    // The slow read began before all of them: every one is still a question for it.
    expect(a.remembered).toBe(6_000);
    expect(a.answeredSince('customers', ['c0'], slow)).toBe(true);
    const next = a.begin();
    a.end(slow);
    // The oldest read in flight now began after all of them.
    expect(a.remembered).toBe(0);
    importAnswered(a, 'd', 60);
    expect(a.remembered).toBe(6_000);
    expect(a.answeredSince('customers', ['d5999'], next)).toBe(true);
    expect(a.answeredSince('customers', ['c0'], next)).toBe(false);
    a.end(next);
    expect(a.remembered).toBe(0);
  });

  test('two reads that began at the same point are counted apart: ending one keeps what the other may ask', () => {
    const a = new PushAnswers();
    const one = a.begin();
    const two = a.begin();
    expect(two).toBe(one);
    a.end(one);
    a.answered('customers', ['c1'], never);
    expect(a.answeredSince('customers', ['c1'], two)).toBe(true);
  });
});
