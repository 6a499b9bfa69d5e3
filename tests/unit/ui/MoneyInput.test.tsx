/**
 * Issue 29: a money field takes what a thumb types — tap into it (the caret goes where the tap
 * lands: the end of what is shown), press digits, and the amount is what was typed. user-event
 * types key by key with the browser's caret rules; nothing is filled programmatically.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import userEvent from '@testing-library/user-event';
import { MoneyInput } from '../../../src/ui/MoneyInput';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let cents: number[];

function Field({ initial }: { initial: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MoneyInput aria-label="Valor" valueCents={value} onChangeCents={(c) => (cents.push(c), setValue(c))} />
      <button type="button">fora</button>
    </>
  );
}

async function render(initial = 0) {
  await act(async () => {
    root.render(
      <ChakraProvider value={defaultSystem}>
        <Field initial={initial} />
      </ChakraProvider>,
    );
  });
  return document.querySelector('input[aria-label=Valor]') as HTMLInputElement;
}

beforeEach(() => {
  cents = [];
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('MoneyInput typed key by key from a tap', () => {
  it('a new field: tap, 3 0 0 → R$ 300,00', async () => {
    const user = userEvent.setup();
    const field = await render();
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('0,00');
    await user.click(field);
    await user.keyboard('300');
    expect(field.value).toBe('300');
    expect(cents.at(-1)).toBe(30000);
    await user.click(document.querySelector('button')!);
    expect(field.value).toBe('300,00');
  });

  it('tap, 1 2 3 4 , 5 → R$ 1.234,50', async () => {
    const user = userEvent.setup();
    const field = await render();
    await user.click(field);
    await user.keyboard('1234,5');
    expect(field.value).toBe('1.234,5');
    expect(cents.at(-1)).toBe(123450);
    await user.tab();
    expect(field.value).toBe('1.234,50');
  });

  it('a caret placed inside the amount: the digit lands there and the next one follows it', async () => {
    const user = userEvent.setup();
    const field = await render(123456); // 1.234,56
    expect(field.value).toBe('1.234,56');
    await user.click(field);
    field.setSelectionRange(3, 3); // 1.2|34,56
    await user.keyboard('78');
    expect(field.value).toBe('127.834,56');
    expect(cents.at(-1)).toBe(12783456);
  });

  it('backspace, select-all-and-type and a paste of "R$ 1.234,56"', async () => {
    const user = userEvent.setup();
    const field = await render(30000); // 300,00
    await user.click(field);
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(field.value).toBe('300');
    expect(cents.at(-1)).toBe(30000);
    await user.keyboard('{Backspace}5');
    expect(field.value).toBe('305');
    await user.tripleClick(field);
    await user.keyboard('42');
    expect(field.value).toBe('42');
    expect(cents.at(-1)).toBe(4200);
    await user.tripleClick(field);
    await user.paste('R$ 1.234,56');
    expect(field.value).toBe('1.234,56');
    expect(cents.at(-1)).toBe(123456);
  });
});
