/** A React root in a fresh host element for each test, unmounted (and the page emptied) after it. */
import { afterEach, beforeEach } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export function rootPerTest(): () => Root {
  let root: Root | null = null;
  beforeEach(() => {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root!.unmount());
    root = null;
    document.body.innerHTML = '';
  });
  return () => root!;
}
