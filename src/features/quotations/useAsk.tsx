/** A confirmation asked from inside an async flow: `await ask(title, message)` → true/false. */
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FORM_TEXT as F } from './messages';

export function useAsk() {
  const [q, setQ] = useState<{ title: string; message: string } | null>(null);
  const resolver = useRef<((v: boolean) => void) | null>(null);
  const ask = (title: string, message: string) =>
    new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setQ({ title, message });
    });
  const done = (v: boolean) => {
    resolver.current?.(v);
    resolver.current = null;
    setQ(null);
  };
  const dialog = (
    <ConfirmDialog
      open={q !== null}
      title={q?.title ?? ''}
      message={q?.message ?? ''}
      confirmLabel={F.continue}
      onConfirm={() => done(true)}
      onCancel={() => done(false)}
    />
  );
  return { ask, dialog };
}
