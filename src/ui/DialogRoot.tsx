/**
 * The kit's Dialog.Root, taken off the page once it has been closed for a moment. The kit keeps a
 * closing dialog mounted until its exit animation's `animationend`, and decides whether to wait for
 * it in a frame callback. WebKit (every iPhone browser), after a long task — a phone saving and
 * syncing as the form closes — can fire that event before the callback runs; the kit then waits for
 * good and the closed dialog stays in the page, invisible, over the screen (zag's presence race,
 * measured in dxos/dxos#13176; it failed our WebKit phone flow). Past the exit animation's time the
 * dialog is no longer rendered at all.
 */
import { useEffect, useState } from 'react';
import { Dialog } from '@chakra-ui/react';

/** Longer than the kit's exit animations (200 ms at most). */
export const CLOSED_DIALOG_GONE_MS = 500;

/** True while `open`, and for `ms` after it closes (time for the exit animation). */
export function useShownWhileClosing(open: boolean, ms = CLOSED_DIALOG_GONE_MS): boolean {
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  useEffect(() => {
    if (open || !shown) return;
    const timer = setTimeout(() => setShown(false), ms);
    return () => clearTimeout(timer);
  }, [open, shown, ms]);
  return open || shown;
}

export function DialogRoot(props: Dialog.RootProps) {
  const shown = useShownWhileClosing(Boolean(props.open));
  return shown ? <Dialog.Root {...props} /> : null;
}
