/**
 * One toaster for the app; at most 5 toasts visible (spec §9).
 * - Small screens (< 768 px): bottom centre (above the staff app's tab bar), success/info toasts
 *   last 2000 ms (spec §9).
 * - Desktop: top centre, between a page's title (left) and its action buttons (right: 'Novo
 *   Orçamento', 'Novo Cliente', 'Atualizar'), where no control sits — at the top right they hid
 *   those buttons, at the bottom right the forms' submit buttons ('Salvar dados da empresa').
 */
import { useSyncExternalStore } from 'react';
import { createToaster, Toaster as ChakraToaster, Portal, Stack, Toast, Spinner } from '@chakra-ui/react';

export const TOAST_MOBILE_QUERY = '(max-width: 767.98px)';
export const MOBILE_TOAST_DURATION_MS = 2000;

const isSmallScreen = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(TOAST_MOBILE_QUERY).matches;
const placementFor = (small: boolean) => (small ? 'bottom' : 'top');
/** On small screens, clear the staff app's bottom tab bar (4rem + the safe area). */
const offsetsFor = (small: boolean) =>
  small ? { top: '1rem', left: '1rem', right: '1rem', bottom: 'calc(4.75rem + env(safe-area-inset-bottom, 0px))' } : '1rem';

const store = createToaster({
  placement: placementFor(isSmallScreen()),
  offsets: offsetsFor(isSmallScreen()),
  pauseOnPageIdle: true,
  max: 5,
});

type ToastOptions = Parameters<typeof store.create>[0];

/** Short success/info toasts on small screens (an explicit duration always wins). */
function withScreenDefaults(options: ToastOptions): ToastOptions {
  if (options.duration !== undefined || !isSmallScreen()) return options;
  const type = options.type ?? 'info';
  return type === 'success' || type === 'info' ? { ...options, duration: MOBILE_TOAST_DURATION_MS } : options;
}

export const toaster: typeof store = {
  ...store,
  create: (options) => store.create(withScreenDefaults(options)),
  success: (options) => store.create(withScreenDefaults({ ...options, type: 'success' })),
  info: (options) => store.create(withScreenDefaults({ ...options, type: 'info' })),
};

function subscribeScreen(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const mql = window.matchMedia(TOAST_MOBILE_QUERY);
  const handle = () => {
    // The group reads its placement from the store when it renders (remounted by its key below).
    store.attrs.placement = placementFor(mql.matches);
    store.attrs.offsets = offsetsFor(mql.matches);
    onChange();
  };
  mql.addEventListener('change', handle);
  return () => mql.removeEventListener('change', handle);
}

export function Toaster() {
  const small = useSyncExternalStore(subscribeScreen, isSmallScreen, () => false);
  return (
    <Portal>
      <ChakraToaster key={placementFor(small)} toaster={store} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
