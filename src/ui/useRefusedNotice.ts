/**
 * Tells the user when the server refuses one of their changes — with the reason — so a refusal is
 * never noticed only by a small red count. The full list stays in the sync badge's panel.
 *
 * Each refusal is told once per device (issue 39): the ones told are remembered in localStorage,
 * so a refusal still waiting for a decision is not told again at every open. It is told in the
 * page (RefusedNotice, above the screen's content), never as a toast over the screen's actions —
 * a 10 s toast at the bottom of a phone sat over '+ Novo Orçamento' until closed.
 */
import { useEffect, useMemo, useState } from 'react';
import { collectionLabel, documentTitle, type RefusedDocView } from './syncStatusText';

export const REFUSALS_TOLD_KEY = 'forja-refusals-told';
/** Refusals remembered as told (the oldest forgotten first: by then long decided). */
const TOLD_KEPT = 300;

export interface RefusalNotice {
  key: string;
  /** 'Cliente Carlos B: Este telefone já está cadastrado para outro cliente' */
  text: string;
}

const keyOf = (r: RefusedDocView) => `${r.collection}:${r.id}:${r.at}`;

function readTold(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(REFUSALS_TOLD_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function rememberTold(keys: readonly string[]): void {
  const all = [...readTold().filter((k) => !keys.includes(k)), ...keys].slice(-TOLD_KEPT);
  try {
    localStorage.setItem(REFUSALS_TOLD_KEY, JSON.stringify(all));
  } catch {
    // Storage full or blocked: told again at the next open, which is better than never.
  }
}

/** The refusals to tell now (each once per device), and how to close one. */
export function useRefusedNotice(refused: readonly RefusedDocView[]): { notices: RefusalNotice[]; close: (key: string) => void } {
  // What earlier opens told, read once: a refusal told during this open stays until closed.
  const [toldBefore] = useState(() => new Set(readTold()));
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const notices = useMemo(
    () =>
      refused
        .filter((r) => !toldBefore.has(keyOf(r)) && !closed.has(keyOf(r)))
        .map((r) => {
          const title = documentTitle(r.document);
          return { key: keyOf(r), text: `${collectionLabel(r.collection)}${title ? ` ${title}` : ''}: ${r.message}` };
        }),
    [refused, toldBefore, closed],
  );
  // Remembered as soon as shown: closing the app with the notice open does not bring it back.
  useEffect(() => {
    if (notices.length > 0) rememberTold(notices.map((n) => n.key));
  }, [notices]);
  return { notices, close: (key) => setClosed((current) => new Set(current).add(key)) };
}
