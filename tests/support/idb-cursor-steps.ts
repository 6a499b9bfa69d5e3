/**
 * How many times IndexedDB cursors stepped (`IDBCursor#continue`) while `run` worked: how many
 * stored rows were read one by one (fake-indexeddb's global IDBCursor; unit tests).
 */
export async function countCursorSteps<T>(run: () => Promise<T>): Promise<{ result: T; steps: number }> {
  const proto = (globalThis as unknown as { IDBCursor: { prototype: { continue: (...a: unknown[]) => void } } }).IDBCursor.prototype;
  const original = proto.continue;
  let steps = 0;
  proto.continue = function (this: unknown, ...args: unknown[]) {
    steps++;
    return original.apply(this, args);
  };
  try {
    return { result: await run(), steps };
  } finally {
    proto.continue = original;
  }
}
