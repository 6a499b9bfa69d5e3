/**
 * Quotation code checks for the lookup box and the public page (spec §5).
 * The format itself lives in the shared contract (schemas/rules.ts).
 */
import { isValidQuotationCode, normalizeQuotationCode } from '@shared';

export const EMPTY_LOOKUP_CODE_MESSAGE = 'Por favor, insira um código de orçamento';
export const INVALID_PAGE_CODE_MESSAGE = 'Código do orçamento inválido ou não fornecido';

export type CodeCheck =
  | { ok: true; code: string }
  /** `empty`: nothing typed; `malformed`: typed, but no code can look like that. */
  | { ok: false; reason: 'empty' | 'malformed'; message: string };

/**
 * The search box: empty/whitespace → the spec's message. Otherwise the trimmed, upper-cased
 * code (the match is case-insensitive after trimming). A code that cannot exist is reported as
 * `malformed` so the caller can answer "not found" without asking the server.
 */
export function checkLookupCode(raw: string | null | undefined): CodeCheck {
  const code = normalizeQuotationCode(raw ?? '');
  if (code === '') return { ok: false, reason: 'empty', message: EMPTY_LOOKUP_CODE_MESSAGE };
  if (!isValidQuotationCode(code)) return { ok: false, reason: 'malformed', message: EMPTY_LOOKUP_CODE_MESSAGE };
  return { ok: true, code };
}

/** The public page's route parameter: valid only if non-empty after trimming and well-formed. */
export function checkPageCode(raw: string | null | undefined): CodeCheck {
  const code = normalizeQuotationCode(raw ?? '');
  if (code === '') return { ok: false, reason: 'empty', message: INVALID_PAGE_CODE_MESSAGE };
  if (!isValidQuotationCode(code)) return { ok: false, reason: 'malformed', message: INVALID_PAGE_CODE_MESSAGE };
  return { ok: true, code };
}
