/** The mobile slide-in menu (18rem): the spec's entries; it closes after a choice. */
import { Box, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFreshAfterClose } from '../../ui/DialogRoot';
import { SHELL_MESSAGES as M } from './messages';
import { NAV_ITEMS, isActivePath, type NavItem } from './navigation';
import { NAV_ICONS } from './navIcons';

export const MOBILE_MENU_WIDTH = '18rem';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pathname: string;
  customersOpen: boolean;
  onChoose: (item: NavItem) => void;
  onSignOut: () => void;
  footer?: ReactNode;
}

export function MobileMenu({ open, onOpenChange, pathname, customersOpen, onChoose, onSignOut, footer }: MobileMenuProps) {
  // A fresh root once closed (DialogRoot: the kit's closing race in WebKit can leave a closed part mounted).
  const generation = useFreshAfterClose(open);
  return (
    <Drawer.Root key={generation} open={open} onOpenChange={(d) => onOpenChange(d.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content width={MOBILE_MENU_WIDTH} maxW={MOBILE_MENU_WIDTH} bg="gray.900" color="white">
            <Drawer.Header>
              <Drawer.Title>{M.productName}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="2">
              <Stack as="nav" aria-label={M.menuTitle} gap="1">
                {NAV_ITEMS.map((item) => {
                  const Icon = NAV_ICONS[item.key];
                  const active = item.to ? !customersOpen && isActivePath(pathname, item.to) : customersOpen;
                  return (
                    <Button
                      key={item.key}
                      variant="ghost"
                      justifyContent="flex-start"
                      gap="3"
                      height="11"
                      aria-current={active ? 'page' : undefined}
                      color={active ? 'white' : 'gray.300'}
                      bg={active ? 'blue.700' : 'transparent'}
                      _hover={{ bg: active ? 'blue.700' : 'whiteAlpha.200', color: 'white' }}
                      onClick={() => {
                        onOpenChange(false);
                        onChoose(item);
                      }}
                    >
                      <Icon size={18} aria-hidden />
                      {item.label}
                    </Button>
                  );
                })}
                <Button
                  variant="ghost"
                  justifyContent="flex-start"
                  gap="3"
                  height="11"
                  color="red.300"
                  _hover={{ bg: 'whiteAlpha.200' }}
                  onClick={() => {
                    onOpenChange(false);
                    onSignOut();
                  }}
                >
                  <LogOut size={18} aria-hidden />
                  {M.signOut}
                </Button>
              </Stack>
            </Drawer.Body>
            {footer && (
              <Drawer.Footer>
                <Box width="full">{footer}</Box>
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" color="gray.300" aria-label={M.closeMenu} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
