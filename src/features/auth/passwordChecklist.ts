/**
 * The live checklist of the forced password change: which rules pass, whether the two entries
 * match, and whether the form may be submitted (back-office spec §5 "New password").
 */
import { PASSWORD_RULES, type PasswordRule } from '@shared';

export interface PasswordChecklist {
  rules: { rule: PasswordRule; label: string; ok: boolean }[];
  allRulesPass: boolean;
  /** True only when a confirmation was typed and differs (so no error shows on an empty field). */
  mismatch: boolean;
  canSubmit: boolean;
}

export function checkPassword(password: string, confirmation: string): PasswordChecklist {
  const rules = PASSWORD_RULES.map((r) => ({ rule: r.rule, label: r.label, ok: r.test(password) }));
  const allRulesPass = rules.every((r) => r.ok);
  const mismatch = confirmation.length > 0 && confirmation !== password;
  return { rules, allRulesPass, mismatch, canSubmit: allRulesPass && password === confirmation };
}
