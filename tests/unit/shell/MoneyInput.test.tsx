import { afterEach, expect, test } from 'vitest';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { MoneyInput } from '../../../src/ui/MoneyInput';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

test('shows R$, masks what is typed, reports cents and normalises on blur', () => {
  const seen: number[] = [];
  function Harness() {
    const [cents, setCents] = useState(0);
    return <MoneyInput aria-label="Valor" valueCents={cents} onChangeCents={(c) => { seen.push(c); setCents(c); }} />;
  }
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root!.render(<ChakraProvider value={defaultSystem}><Harness /></ChakraProvider>));
  const input = host.querySelector('input')!;
  expect(host.textContent).toContain('R$');
  // Zero is an empty field showing the placeholder 0,00 (issue 29: a tap then digits gives the amount).
  expect(input.value).toBe('');
  expect(input.placeholder).toBe('0,00');
  type(input, '1234,5');
  expect(input.value).toBe('1.234,5');
  expect(seen.at(-1)).toBe(123450);
  act(() => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
  expect(input.value).toBe('1.234,50');
  type(input, '');
  expect(seen.at(-1)).toBe(0);
  act(() => {
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
  expect(input.value).toBe('');
});
