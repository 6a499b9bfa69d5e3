/**
 * 'Minha conta' → 'Alterar senha' as the user sees it (issue 30): the current password is asked
 * for, the button stays disabled without it, and it is sent with the new one — while the
 * first-access dialog (ForcePasswordDialog.test.tsx) asks for no current password.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { stubMatchMedia } from '../../support/match-media';

const changePassword = vi.fn();
vi.mock('../../../src/data/auth', () => ({ changePassword: (pw: string, current?: string) => changePassword(pw, current) }));
const toasts: { title?: string; description?: string }[] = [];
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: (t: { title?: string }) => toasts.push(t) } }));

const { ChangePasswordForm } = await import('../../../src/features/settings/ChangePasswordForm');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(async () => {
  stubMatchMedia();
  changePassword.mockReset();
  toasts.length = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <ChangePasswordForm />
      </ChakraProvider>,
    );
  });
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
});

function input(name: string): HTMLInputElement {
  const el = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!el) throw new Error(`no input ${name}`);
  return el;
}

async function type(name: string, value: string) {
  const el = input(name);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const submit = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Alterar senha') as HTMLButtonElement;

describe('ChangePasswordForm', () => {
  it("has a 'Senha atual' password field, labelled, that the browser may fill from its password manager", () => {
    const current = input('current-password');
    expect(current.type).toBe('password');
    expect(current.autocomplete).toBe('current-password');
    const label = document.querySelector(`label[for="${current.id}"]`);
    expect(label?.textContent).toContain('Senha atual');
  });

  it('keeps the button disabled until the current password is given too', async () => {
    await type('new-password', 'Oficina@2025');
    await type('confirm-password', 'Oficina@2025');
    expect(submit().disabled).toBe(true);
    await type('current-password', 'Antiga@2024');
    expect(submit().disabled).toBe(false);
  });

  it("sends the current password with the new one and shows the server's refusal of a wrong one", async () => {
    changePassword.mockResolvedValue({ ok: false, code: 'wrong_current_password', message: 'A senha atual está incorreta.' });
    await type('current-password', 'Errada@2024');
    await type('new-password', 'Oficina@2025');
    await type('confirm-password', 'Oficina@2025');
    await act(async () => submit().click());
    expect(changePassword).toHaveBeenCalledWith('Oficina@2025', 'Errada@2024');
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Erro ao alterar senha', description: 'A senha atual está incorreta.' }));
  });

  it('clears the three fields after a change', async () => {
    changePassword.mockResolvedValue({ ok: true });
    await type('current-password', 'Antiga@2024');
    await type('new-password', 'Oficina@2025');
    await type('confirm-password', 'Oficina@2025');
    await act(async () => submit().click());
    expect(toasts).toContainEqual(expect.objectContaining({ title: 'Senha alterada com sucesso' }));
    expect([input('current-password').value, input('new-password').value, input('confirm-password').value]).toEqual(['', '', '']);
  });
});
