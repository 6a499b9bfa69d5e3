/**
 * A table or box that scrolls sideways on a phone. Keyboard users reach it (tabIndex 0, so the
 * arrow keys scroll it) and screen readers announce it as a named region — axe-core's
 * `scrollable-region-focusable` (tests/e2e/accessibility.test.ts).
 */
import { Box, Table, type BoxProps, type TableScrollAreaProps } from '@chakra-ui/react';

export function TableScroll({ label, ...props }: TableScrollAreaProps & { label: string }) {
  return <Table.ScrollArea tabIndex={0} role="region" aria-label={label} borderWidth="1px" rounded="md" {...props} />;
}

export function ScrollBox({ label, ...props }: BoxProps & { label: string }) {
  return <Box tabIndex={0} role="region" aria-label={label} overflowX="auto" {...props} />;
}
