/**
 * Desktop (≥768 px): a sidebar 16rem wide, or 3rem with icons only when collapsed. The state
 * survives reloads in the `sidebar_state` cookie; Ctrl/Cmd+B toggles it.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Box, Flex, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { LogOut, PanelLeft } from 'lucide-react';
import { SHELL_MESSAGES as M } from './messages';
import { NAV_ITEMS, isActivePath } from './navigation';
import { NAV_ICONS } from './navIcons';
import { isSidebarShortcut, parseSidebarCookie, sidebarCookieString } from './sidebarCookie';
import { SidebarItem } from './SidebarItem';

export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_ICON = '3rem';

export interface ShellSlots {
  children: ReactNode;
  customersOpen: boolean;
  onOpenCustomers: () => void;
  onSignOut: () => void;
  /** Small sync status (always visible): full text, compact (top bar) or rail (collapsed sidebar). */
  syncBadge?: (layout: 'full' | 'compact' | 'rail') => ReactNode;
  installButton?: (variant: 'desktop' | 'mobile') => ReactNode;
}

export function DesktopShell({ children, customersOpen, onOpenCustomers, onSignOut, syncBadge, installButton }: ShellSlots) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(() => parseSidebarCookie(document.cookie));

  const toggle = useCallback(() => {
    setOpen((o) => {
      document.cookie = sidebarCookieString(!o);
      return !o;
    });
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSidebarShortcut(e)) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  const collapsed = !open;
  const width = open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON;

  return (
    <Box minH="100dvh" bg="gray.50">
      <Flex
        as="nav"
        aria-label="Navegação principal"
        data-state={open ? 'expanded' : 'collapsed'}
        position="fixed"
        insetY="0"
        left="0"
        width={width}
        direction="column"
        bg="gray.900"
        color="white"
        transition="width 0.2s ease"
        zIndex="docked"
        overflowX="hidden"
      >
        <Flex align="center" justify={collapsed ? 'center' : 'space-between'} px={collapsed ? '0' : '3'} h="14">
          {!collapsed && (
            <HStack gap="2">
              <Image src="/icons/icon-192.png" alt="" boxSize="7" rounded="md" />
              <Text fontWeight="bold" fontSize="lg" letterSpacing="wide">
                {M.productName}
              </Text>
            </HStack>
          )}
          <IconButton
            aria-label={M.toggleSidebar}
            title={M.toggleSidebar}
            variant="ghost"
            size="sm"
            color="gray.300"
            _hover={{ bg: 'whiteAlpha.200', color: 'white' }}
            onClick={toggle}
          >
            <PanelLeft size={18} />
          </IconButton>
        </Flex>
        <Stack as="ul" listStyleType="none" gap="1" px={collapsed ? '1' : '2'} flex="1" mt="2">
          {NAV_ITEMS.map((item) => (
            <li key={item.key}>
              <SidebarItem
                icon={NAV_ICONS[item.key]}
                label={item.label}
                collapsed={collapsed}
                active={item.to ? !customersOpen && isActivePath(pathname, item.to) : customersOpen}
                onClick={() => (item.to ? navigate(item.to) : onOpenCustomers())}
              />
            </li>
          ))}
        </Stack>
        <Stack gap="2" px={collapsed ? '1' : '2'} pb="3">
          {syncBadge?.(collapsed ? 'rail' : 'full')}
          {!collapsed && installButton?.('desktop')}
          <SidebarItem icon={LogOut} label={M.signOut} collapsed={collapsed} onClick={onSignOut} danger />
        </Stack>
      </Flex>
      <Box as="main" ml={width} transition="margin-left 0.2s ease" p="6" minH="100dvh">
        {children}
      </Box>
    </Box>
  );
}
