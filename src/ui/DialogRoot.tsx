/**
 * The kit's Dialog.Root, for every dialog of the app, with two things the kit gets wrong on a busy
 * phone (both failed our WebKit phone flow).
 *
 * First focus: the kit moves the focus to the dialog's first field a frame after it opens — on a
 * busy phone long after that. Someone who already tapped a field and began typing keeps it;
 * otherwise the rest of what they type lands in the first one (WebKit selects a field's text when
 * focus moves into it: a customer's phone digits replaced the name typed a moment before). Nobody
 * typing, the kit's own first focus: the first field, or an alert dialog's close button.
 *
 * Closing: the root is made new once it has been closed for a moment. The kit keeps a closing
 * dialog mounted until its exit animation's `animationend`, and decides whether to wait for it in a
 * frame callback. WebKit (every iPhone browser), after a long task — a phone saving and syncing as
 * the form closes — can fire that event before the callback runs; the kit then waits for good and
 * the closed dialog stays in the page, invisible (zag's presence race, measured in
 * dxos/dxos#13176; it failed our WebKit phone flow). Past the exit animation's time the closed root
 * is replaced by a fresh, closed one. The root itself stays mounted while closed, so opening goes
 * through the kit as before (a root mounted already open, as another dialog closes, was dismissed
 * with it by the kit's layer stack).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Dialog } from '@chakra-ui/react';

/** Longer than the kit's exit animations (200 ms at most). */
export const CLOSED_DIALOG_GONE_MS = 500;

/** A key that changes `ms` after `open` turns false: remounting the root drops a stuck closing. */
export function useFreshAfterClose(open: boolean, ms = CLOSED_DIALOG_GONE_MS): number {
  const [generation, setGeneration] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open && !wasOpen) setWasOpen(true);
  useEffect(() => {
    if (open || !wasOpen) return;
    const timer = setTimeout(() => {
      setWasOpen(false);
      setGeneration((g) => g + 1);
    }, ms);
    return () => clearTimeout(timer);
  }, [open, wasOpen, ms]);
  return generation;
}

export function DialogRoot({ ids, initialFocusEl, ...props }: Dialog.RootProps) {
  const generation = useFreshAfterClose(Boolean(props.open));
  const ownId = `${useId()}dialog-content`;
  const contentId = ids?.content ?? ownId;
  const alert = props.role === 'alertdialog';
  const firstFocus = useCallback((): HTMLElement | null => {
    const content = document.getElementById(contentId);
    if (!content) return initialFocusEl?.() ?? null;
    const active = content.ownerDocument.activeElement;
    if (active instanceof HTMLElement && active !== content && content.contains(active)) return active;
    return initialFocusEl?.() ?? (alert ? content.querySelector<HTMLElement>('[data-part="close-trigger"]') : null);
  }, [contentId, initialFocusEl, alert]);
  return <Dialog.Root key={generation} {...props} ids={{ ...ids, content: contentId }} initialFocusEl={firstFocus} />;
}
