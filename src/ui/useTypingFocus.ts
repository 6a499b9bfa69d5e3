/**
 * A dialog moves the focus to its first field once it is open — a frame after it mounts, and on a
 * busy phone (or WebKit painting late) long after that. Someone who already tapped a field and
 * began typing keeps that field: otherwise the rest of what they type lands in the first one
 * (WebKit selects a field's text when focus is moved into it, so a customer's phone digits replaced
 * the name typed a moment before). Give `contentRef` to Dialog.Content and `initialFocusEl` to
 * Dialog.Root; `fallback` is the dialog's own first focus when nobody is typing yet (by default the
 * kit's: the first field).
 */
import { useCallback, useRef } from 'react';

export function useTypingFocus(fallback?: (content: HTMLElement) => HTMLElement | null) {
  const contentRef = useRef<HTMLDivElement>(null);
  const initialFocusEl = useCallback((): HTMLElement | null => {
    const content = contentRef.current;
    if (!content) return null;
    const active = content.ownerDocument.activeElement;
    if (active instanceof HTMLElement && active !== content && content.contains(active)) return active;
    return fallback?.(content) ?? null;
  }, [fallback]);
  return { contentRef, initialFocusEl };
}

/** An alert dialog's own first focus (the kit's default for role="alertdialog"): its close button. */
export const closeTriggerOf = (content: HTMLElement): HTMLElement | null =>
  content.querySelector<HTMLElement>('[data-part="close-trigger"]');
