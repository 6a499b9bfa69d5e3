import { describe, expect, it } from 'vitest';
import { checkPassword } from '../../../src/features/auth/passwordChecklist';
import { signInErrorMessage } from '../../../src/features/auth/signInErrors';

const okRules = (pw: string) => Object.fromEntries(checkPassword(pw, '').rules.map((r) => [r.rule, r.ok]));

describe('forced password change checklist', () => {
  it('lists the five rules with the spec labels', () => {
    const labels = checkPassword('', '').rules.map((r) => r.label);
    expect(labels).toHaveLength(5);
    expect(labels[0]).toBe('Pelo menos 8 caracteres');
  });

  it('marks each rule independently as the user types', () => {
    expect(okRules('abc')).toEqual({ min_length: false, uppercase: false, lowercase: true, digit: false, special: false });
    expect(okRules('Abcdefg1')).toEqual({ min_length: true, uppercase: true, lowercase: true, digit: true, special: false });
    expect(okRules('Abcdefg1!')).toEqual({ min_length: true, uppercase: true, lowercase: true, digit: true, special: true });
  });

  it('only counts !@#$%^&* as special characters', () => {
    expect(okRules('Abcdefg1?').special).toBe(false);
    expect(okRules('Abcdefg1&').special).toBe(true);
  });

  it('reports a mismatch only once a confirmation is typed', () => {
    expect(checkPassword('Abcdefg1!', '').mismatch).toBe(false);
    expect(checkPassword('Abcdefg1!', 'Abcdefg1').mismatch).toBe(true);
    expect(checkPassword('Abcdefg1!', 'Abcdefg1!').mismatch).toBe(false);
  });

  it('allows submit only when every rule passes and both entries match', () => {
    expect(checkPassword('Abcdefg1!', '').canSubmit).toBe(false);
    expect(checkPassword('Abcdefg1!', 'Abcdefg1?').canSubmit).toBe(false);
    expect(checkPassword('abcdefg1!', 'abcdefg1!').canSubmit).toBe(false);
    expect(checkPassword('Abcdefg1!', 'Abcdefg1!').canSubmit).toBe(true);
  });
});

describe('sign-in error messages', () => {
  it('wrong credentials', () => {
    expect(signInErrorMessage({ code: 'invalid_credentials', message: 'x' }).message).toBe('Email ou senha incorretos');
  });
  it('session limit shows the full spec text', () => {
    expect(signInErrorMessage({ code: 'session_limit', message: '' }).message).toBe(
      'Limite de sessões atingido — Você já está logado em 3 dispositivos diferentes. Por favor, faça logout em um deles para continuar.',
    );
  });
  it("other auth errors show the server's message", () => {
    expect(signInErrorMessage({ code: 'rate_limited', message: 'Muitas tentativas.' }).message).toBe('Muitas tentativas.');
  });
  it('unexpected errors show the generic text', () => {
    expect(signInErrorMessage({ code: 'unexpected', message: 'TypeError: boom' }).message).toBe(
      'Ocorreu um erro inesperado. Por favor, tente novamente.',
    );
  });
});
