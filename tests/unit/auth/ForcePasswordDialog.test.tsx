/**
 * The forced password change as the user sees it: rules tick live, mismatch message, submit
 * enabled only when valid, the service's error shown, success calls the service once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { stubMatchMedia } from '../../support/match-media';

const changePassword = vi.fn();
vi.mock('../../../src/data/auth', () => ({ changePassword: (...args: unknown[]) => changePassword(...args) }));
const toasts: { title?: string; description?: string }[] = [];
vi.mock('../../../src/ui/toaster', () => ({ toaster: { create: (t: { title?: string }) => toasts.push(t) } }));

const { ForcePasswordDialog } = await import('../../../src/features/auth/ForcePasswordDialog');

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
        <ForcePasswordDialog open />
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

const submit = () =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Alterar senha') as HTMLButtonElement;
const ruleOk = (rule: string) => document.querySelector(`[data-rule="${rule}"]`)?.getAttribute('data-ok');
const text = () => document.body.textContent ?? '';

describe('ForcePasswordDialog', () => {
  it('shows the five rules and ticks them as the user types', async () => {
    expect(document.querySelectorAll('[data-rule]')).toHaveLength(5);
    expect(ruleOk('uppercase')).toBe('false');
    await type('new-password', 'Abcdefgh');
    expect(ruleOk('min_length')).toBe('true');
    expect(ruleOk('uppercase')).toBe('true');
    expect(ruleOk('digit')).toBe('false');
    expect(ruleOk('special')).toBe('false');
  });

  it('has no close button', () => {
    expect(document.querySelector('[aria-label="Close"], [aria-label="Fechar"]')).toBeNull();
  });

  it('keeps submit disabled until the rules pass and the entries match', async () => {
    expect(submit().disabled).toBe(true);
    await type('new-password', 'Oficina@2025');
    expect(submit().disabled).toBe(true);
    await type('confirm-password', 'Oficina@2026');
    expect(text()).toContain('As senhas não coincidem');
    expect(submit().disabled).toBe(true);
    await type('confirm-password', 'Oficina@2025');
    expect(text()).not.toContain('As senhas não coincidem');
    expect(submit().disabled).toBe(false);
  });

  it("shows the service's message when the change fails", async () => {
    changePassword.mockResolvedValue({ ok: false, code: 'weak_password', message: 'qualquer' });
    await type('new-password', 'Oficina@2025');
    await type('confirm-password', 'Oficina@2025');
    await act(async () => submit().click());
    expect(changePassword).toHaveBeenCalledWith('Oficina@2025', undefined, { reloading: true });
    expect(toasts).toContainEqual(
      expect.objectContaining({ title: 'Erro ao alterar senha', description: 'A senha não atende aos requisitos mínimos' }),
    );
    expect(submit().disabled).toBe(false);
  });

  it('announces success', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      changePassword.mockResolvedValue({ ok: true });
      await type('new-password', 'Oficina@2025');
      await type('confirm-password', 'Oficina@2025');
      await act(async () => submit().click());
      expect(toasts).toContainEqual(
        expect.objectContaining({ title: 'Senha alterada com sucesso', description: 'Sua nova senha foi configurada' }),
      );
      // The page reloads right after: the change says so, and the dialog stays until then.
      expect(changePassword).toHaveBeenCalledWith('Oficina@2025', undefined, { reloading: true });
      const busy = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Alterando...');
      expect(busy?.disabled).toBe(true);
    } finally {
      vi.clearAllTimers();
      vi.useRealTimers();
    }
  });
});
