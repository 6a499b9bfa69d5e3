/**
 * The UI kit's styles as class names, made once per list instead of once per element.
 *
 * Each Chakra component resolves its recipe and style props and serializes its CSS (Emotion) on
 * every render: a page of 20 cash-book rows is ~360 of them, most of what a cold open with data
 * renders beyond the empty screen (bench:ui profile, issue 33). Long lists draw plain elements
 * with these classes instead — the same tokens, recipes and colour modes, serialized once per
 * key and render of the list.
 *
 *   const STYLES = { cell: { px: '2', py: '2' }, … } satisfies KitStyles;   // module constant
 *   <KitClassNames styles={STYLES}>{(c) => <td className={c.cell}>…</td>}</KitClassNames>
 *
 * Recipes are read with `recipeStyles` (system-level, same recipes the components use).
 */
import { useMemo, type ReactNode } from 'react';
import { ClassNames } from '@emotion/react';
import { useChakraContext, type SystemStyleObject } from '@chakra-ui/react';
import { system } from './system';

export type KitStyles = Record<string, SystemStyleObject>;

export function KitClassNames<S extends KitStyles>({ styles, children }: { styles: S; children: (classes: { [K in keyof S]: string }) => ReactNode }) {
  const { css } = useChakraContext();
  const resolved = useMemo(() => Object.entries(styles).map(([k, s]) => [k, css(s)] as const), [styles, css]);
  return (
    <ClassNames>
      {({ css: className }) => children(Object.fromEntries(resolved.map(([k, s]) => [k, className(s as never)])) as { [K in keyof S]: string })}
    </ClassNames>
  );
}

/** A recipe's styles for some variant props (what `<Badge variant="subtle">` would get). */
export function recipeStyles(name: 'badge' | 'button', variants: Record<string, unknown>): SystemStyleObject {
  return (system.getRecipeFn(name) as (props: Record<string, unknown>) => SystemStyleObject)(variants);
}

/** A slot recipe's styles per slot (what `<Table.Root size="sm">` gives its parts). */
export function slotRecipeStyles(name: 'table' | 'card', variants: Record<string, unknown>): Record<string, SystemStyleObject> {
  return (system.getSlotRecipeFn(name) as (props: Record<string, unknown>) => Record<string, SystemStyleObject>)(variants);
}

/** A kit table's parts (`<Table.Root size="sm" …>`), with end-aligned header and cell variants. */
export function tableStyles(variants: Record<string, unknown>) {
  const t = slotRecipeStyles('table', { size: 'sm', ...variants });
  return {
    root: t.root,
    header: t.header,
    body: t.body,
    row: t.row,
    head: t.columnHeader,
    headEnd: { ...t.columnHeader, textAlign: 'end' },
    cell: t.cell,
  } satisfies KitStyles;
}

/** `<Badge variant="subtle" colorPalette=…>` (size sm). */
export function badgeStyles(colorPalette: string): SystemStyleObject {
  return { ...recipeStyles('badge', { variant: 'subtle', size: 'sm' }), colorPalette };
}

/** `<IconButton variant=… size=… colorPalette=…>`: the button recipe without padding, icon at 1.2em. */
export function iconButtonStyles(variant: string, size: string, colorPalette = 'gray'): SystemStyleObject {
  return { ...recipeStyles('button', { variant, size }), px: '0', py: '0', _icon: { fontSize: '1.2em' }, colorPalette };
}
