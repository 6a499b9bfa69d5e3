import { createContext } from 'react';

/** True below a UiProvider: the UI kit (Chakra) and its toaster are already there. */
export const UiKitContext = createContext(false);
