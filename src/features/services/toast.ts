/** The OS screens' toasts: a DataError says its own pt-BR reason, anything else the generic one. */
import { DataError } from '../../data/db/errors';
import { toaster } from '../../ui/toaster';
import { SV } from './messages';

export const done = (title: string, description?: string) => toaster.create({ type: 'success', title, description, duration: 2500 });

export function failed(err: unknown, title: string = SV.errorTitle): void {
  toaster.create({ type: 'error', title, description: err instanceof DataError ? err.message : SV.unexpected });
}

/** Runs a command; toasts its failure. Resolves true when it succeeded. */
export async function attempt(run: () => Promise<unknown>, title?: string): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (err) {
    failed(err, title);
    return false;
  }
}
