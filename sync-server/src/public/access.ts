/**
 * Who may open a quotation, or decide on it, without signing in (issue 30).
 *
 * The code (ORC-XXXXXX) is short so it can be read over the phone, and so it can be guessed. The
 * links staff send (WhatsApp, copy link, Visualizar) carry the quotation's long secret beside it,
 * /quotation/{code}?k={link_secret}, and open it at once. The bare code — typed in the landing's
 * box, or an old link from before the secret — also needs the last 4 digits of the customer's
 * phone (`tel`). A quotation whose customer has no phone (or fewer than 4 digits, or no customer)
 * opens only through the link: no digits match, and staff send the link.
 *
 * Every answer short of access is the same whether the code exists or not (quotation_phone_required
 * without digits, quotation_phone_mismatch with wrong ones), so a guesser cannot first find codes
 * and then try digits on them: each guess is a code *and* 4 digits at once.
 *
 * The arithmetic. One budget per client address for every public quotation route
 * (public/budget.ts, FORJA_PUBLIC_RATE_LIMIT = 120 units a minute by default); a request carrying
 * phone digits costs a sixth of it (phoneCheckCost: 20 units), given back down to 1 when they are
 * right, so an address gets at most PHONE_CHECKS_PER_MINUTE = 6 digit checks a minute, whatever
 * the limit is set to:
 * - codes: 31^6 = 887,503,681; live quotations: 2,000 → a guessed code is live with p = 2.25 × 10^-6;
 * - digits: a live code opens only with the right 4 of 10^4 → p = 2.25 × 10^-10 per check;
 * - checks: 6 a minute × 1,000 addresses × 525,600 minutes a year = 3.15 × 10^9 a year
 *   → expected quotations found in a year: 3.15 × 10^9 × 2.25 × 10^-10 ≈ 0.71 < 1;
 * - the secret: 128 bits → even with the whole budget on it (120 × 1,000 × 525,600 = 6.3 × 10^10
 *   guesses), 6.3 × 10^10 × 2,000 / (8.9 × 10^8 × 3.4 × 10^38) ≈ 4 × 10^-25.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  LINK_SECRET_PARAM, LINK_SECRET_PATTERN, PHONE_DIGITS_PARAM, PHONE_DIGITS_PATTERN, phoneLastDigits, quotationAccessQuery,
} from '@shared';
import { AppError } from '../http/errors';
import { tooManyAttemptsMessage, type PublicBudget } from './budget';

/** What a request brings to open a quotation: the link's secret and/or the phone's last 4 digits. */
export interface QuotationAccess {
  key: string | null;
  phoneDigits: string | null;
}

/** What a stored quotation is opened with. */
export interface AccessGuard {
  linkSecret: string | null;
  phoneDigits: string | null;
}

/** Digit checks an address gets a minute (the arithmetic above). */
export const PHONE_CHECKS_PER_MINUTE = 6;

/** Budget units a request carrying phone digits takes: a sixth of the minute's budget (20 of 120). */
export function phoneCheckCost(perMinute: number): number {
  return Math.ceil(perMinute / PHONE_CHECKS_PER_MINUTE);
}

const NO_ACCESS: QuotationAccess = { key: null, phoneDigits: null };

/** `k` and `tel` from a query string or a posted form; anything malformed counts as absent. */
export function accessFrom(source: unknown): QuotationAccess {
  if (!source || typeof source !== 'object') return NO_ACCESS;
  const s = source as Record<string, unknown>;
  const key = typeof s[LINK_SECRET_PARAM] === 'string' ? (s[LINK_SECRET_PARAM] as string) : null;
  const digits = typeof s[PHONE_DIGITS_PARAM] === 'string' ? (s[PHONE_DIGITS_PARAM] as string).trim() : null;
  return {
    key: key && LINK_SECRET_PATTERN.test(key) ? key : null,
    // Something was typed but it is not 4 digits: still a (wrong) check, never "nothing typed".
    phoneDigits: digits ? (PHONE_DIGITS_PATTERN.test(digits) ? digits : 'xxxx') : null,
  };
}

/** What budget a request with this access takes, out of `perMinute`. */
export function accessCost(access: QuotationAccess, perMinute: number): number {
  return access.phoneDigits !== null ? phoneCheckCost(perMinute) : 1;
}

export function guardOf(linkSecret: unknown, customerPhone: string | null): AccessGuard {
  return { linkSecret: typeof linkSecret === 'string' && linkSecret ? linkSecret : null, phoneDigits: phoneLastDigits(customerPhone) };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Nothing when `access` opens the quotation `guard` stands for (null: no such quotation);
 * otherwise the AppError to answer — the same for a missing quotation as for a closed one.
 */
export function requireAccess(guard: AccessGuard | null, access: QuotationAccess): void {
  if (guard?.linkSecret && access.key && sameText(guard.linkSecret, access.key)) return;
  if (access.phoneDigits === null) throw new AppError('quotation_phone_required');
  if (guard?.phoneDigits && sameText(guard.phoneDigits, access.phoneDigits)) return;
  throw new AppError('quotation_phone_mismatch');
}

/** The access as the page's query string ('' when none): where a form decision goes back to. */
export function accessQuery(access: QuotationAccess): string {
  return quotationAccessQuery({ key: access.key, phoneDigits: access.phoneDigits && PHONE_DIGITS_PATTERN.test(access.phoneDigits) ? access.phoneDigits : null });
}

/**
 * Runs `work` on `client`'s public budget (public/budget.ts): 1 unit, or phoneCheckCost when
 * `access` carries phone digits — given back down to 1 unless the digits were wrong, so a wrong
 * answer (or a guess at a code) costs a digit check and a right one what any request does.
 * Over budget: a rate_limited AppError that says when to come back (Retry-After).
 */
export async function spendOnAccess<T>(budget: PublicBudget, client: string, access: QuotationAccess, work: () => Promise<T>): Promise<T> {
  const cost = accessCost(access, budget.perMinute);
  if (!budget.take(client, cost)) {
    const wait = budget.retryAfterMs();
    const err = new AppError('rate_limited', tooManyAttemptsMessage(wait));
    err.retryAfterSeconds = Math.max(1, Math.ceil(wait / 1000));
    throw err;
  }
  let wrong = false;
  try {
    return await work();
  } catch (err) {
    wrong = err instanceof AppError && err.code === 'quotation_phone_mismatch';
    throw err;
  } finally {
    if (cost > 1 && !wrong) budget.refund(client, cost - 1);
  }
}
