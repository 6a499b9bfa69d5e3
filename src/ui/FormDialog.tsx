/**
 * The one shell every form dialog of the staff app uses (customers, stock, team, campaigns, and
 * the screens to come): a title, the form's body, an optional footer (usually Cancelar and the
 * submit button), the close button, and the same behaviour everywhere — centred, closed by Esc or
 * the close button, a phone-size sheet for the larger forms.
 */
import type { FormEvent, ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DialogRoot } from './DialogRoot';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** data-testid of the dialog's content. */
  testId?: string;
  /**
   * 'sm': a small form in a centred card with side margins (the default). 'lg' / 'xl': a longer
   * form — full screen on a phone, that width from tablets up. The body scrolls inside either way.
   */
  size?: 'sm' | 'lg' | 'xl';
  /** Header, body and footer are one <form> with this submit handler (Enter submits). */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  footer?: ReactNode;
  /** The close button's label; none when omitted (the form's own Cancelar closes it). */
  closeLabel?: string;
  /** A click on the backdrop does not close it (a form half filled in is not lost by a stray tap). */
  keepOpenOnOutsideClick?: boolean;
  /** Mount the content only while open (the default), so each opening starts from a fresh form. */
  lazy?: boolean;
  children: ReactNode;
}

export function FormDialog({
  open,
  onClose,
  title,
  testId,
  size = 'sm',
  onSubmit,
  footer,
  closeLabel,
  keepOpenOnOutsideClick = false,
  lazy = true,
  children,
}: FormDialogProps) {
  const large = size !== 'sm';
  const sections = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body pb={footer ? undefined : '5'}>{children}</Dialog.Body>
      {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
    </>
  );
  return (
    <DialogRoot
      open={open}
      onOpenChange={(d) => !d.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={!keepOpenOnOutsideClick}
      lazyMount={lazy}
      unmountOnExit={lazy}
      {...(large ? { size: { base: 'full', md: size } } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={large ? undefined : '4'} data-testid={testId}>
            {onSubmit ? (
              <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
                {sections}
              </form>
            ) : (
              sections
            )}
            {closeLabel && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={closeLabel} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
