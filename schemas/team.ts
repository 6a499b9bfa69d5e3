/**
 * Team members: the one validator both sides run on a new or edited member (the app before it
 * asks, the server before it writes), returning codes from a fixed set with their pt-BR texts.
 */
import { ROLES, TEAM_NAME_MAX, type Role } from './rules';

export const MEMBER_MESSAGES = {
  name_required: 'Informe o nome.',
  name_too_long: `O nome pode ter até ${TEAM_NAME_MAX} caracteres.`,
  email_invalid: 'Informe um e-mail válido, como nome@oficina.com.br.',
  role_invalid: 'Escolha a função: Dono ou Funcionário.',
} as const;

export type MemberProblem = keyof typeof MEMBER_MESSAGES;
export type MemberField = 'name' | 'email' | 'role';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Problems of the fields present (an edit sends only what changes); empty when acceptable. */
export function memberProblems(input: { name?: unknown; email?: unknown; role?: unknown }): { field: MemberField; problem: MemberProblem }[] {
  const out: { field: MemberField; problem: MemberProblem }[] = [];
  if ('name' in input && input.name !== undefined) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) out.push({ field: 'name', problem: 'name_required' });
    else if (name.length > TEAM_NAME_MAX) out.push({ field: 'name', problem: 'name_too_long' });
  }
  if ('email' in input && input.email !== undefined) {
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    if (!EMAIL.test(email) || email.length > 254) out.push({ field: 'email', problem: 'email_invalid' });
  }
  if ('role' in input && input.role !== undefined && !isRole(input.role)) out.push({ field: 'role', problem: 'role_invalid' });
  return out;
}
