import { expect, test } from 'vitest';
import { BOTTOM_ITEMS, isActivePath } from '../../../src/features/shell/navigation';

test("the bottom bar's Perfil opens Minha conta and stays highlighted on every settings tab", () => {
  const perfil = BOTTOM_ITEMS.find((i) => i.label === 'Perfil')!;
  expect(perfil.to).toBe('/adm/settings?tab=conta');
  expect(isActivePath('/adm/settings', perfil.to)).toBe(true);
  expect(isActivePath('/adm/stock', perfil.to)).toBe(false);
});
