import { toaster } from '../../ui/toaster';
import { SETTINGS_TEXT as T } from './messages';

/** Success toast titled 'Sucesso' (spec §8). */
export function notifySuccess(description: string): void {
  toaster.create({ type: 'success', title: T.success, description });
}

/** Destructive toast titled 'Erro' with the refusal's pt-BR message. */
export function notifyError(err: unknown): void {
  const description = err instanceof Error && err.message ? err.message : 'Ocorreu um erro inesperado. Tente novamente.';
  toaster.create({ type: 'error', title: T.error, description });
}
