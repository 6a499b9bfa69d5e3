import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { UiKitContext } from './kit-context';
import { system } from './system';
import { Toaster } from './toaster';

/** The UI kit. `toaster={false}` for a part of a page that has its toaster elsewhere (KitBoundary). */
export function UiProvider({ children, toaster = true }: { children?: ReactNode; toaster?: boolean }) {
  return (
    <ChakraProvider value={system}>
      <UiKitContext.Provider value>{children}</UiKitContext.Provider>
      {toaster && <Toaster />}
    </ChakraProvider>
  );
}
