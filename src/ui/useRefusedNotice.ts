/**
 * Tells the user, once, when the server refuses one of their changes — with the reason — so a
 * refusal is never noticed only by a small red count. The full list stays in the sync badge's panel.
 */
import { useEffect, useRef } from 'react';
import { toaster } from './toaster';
import { collectionLabel, documentTitle, SYNC_TEXT, type RefusedDocView } from './syncStatusText';

const keyOf = (r: RefusedDocView) => `${r.collection}:${r.id}:${r.at}`;

export function useRefusedNotice(refused: readonly RefusedDocView[]): void {
  // Each refusal is announced once per app session (those still pending from an earlier
  // session are announced again when the app opens: they still need a decision).
  const seen = useRef(new Set<string>());
  useEffect(() => {
    for (const r of refused) {
      const key = keyOf(r);
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      const title = documentTitle(r.document);
      toaster.create({
        type: 'error',
        title: SYNC_TEXT.refusedToastTitle,
        description: `${collectionLabel(r.collection)}${title ? ` ${title}` : ''}: ${r.message}`,
        duration: 10_000,
        closable: true,
      });
    }
  }, [refused]);
}
