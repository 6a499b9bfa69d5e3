/**
 * Mobile (<768 px): top bar with the route's title (hides on scroll down), slide-in menu and
 * bottom navigation Dashboard / Orçamentos / Estoque / Perfil.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Flex, Heading, IconButton } from '@chakra-ui/react';
import { Menu } from 'lucide-react';
import type { ShellSlots } from './DesktopShell';
import { SHELL_MESSAGES as M } from './messages';
import { BOTTOM_ITEMS, isActivePath, routeTitle } from './navigation';
import { BOTTOM_ICONS } from './navIcons';
import { MobileMenu } from './MobileMenu';
import { useTopBarVisible } from './useTopBarVisible';

const TOP_BAR_HEIGHT = '14';
const BOTTOM_BAR_HEIGHT = '16';

export function MobileShell({ children, customersOpen, onOpenCustomers, onSignOut, syncBadge, installButton }: ShellSlots) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const visible = useTopBarVisible() || menuOpen;

  return (
    <Box minH="100dvh" bg="gray.50">
      <Flex
        as="header"
        data-testid="mobile-top-bar"
        data-visible={visible}
        position="fixed"
        top="0"
        insetX="0"
        h={TOP_BAR_HEIGHT}
        px="2"
        gap="2"
        align="center"
        bg="gray.900"
        color="white"
        zIndex="sticky"
        transform={visible ? 'translateY(0)' : 'translateY(-100%)'}
        transition="transform 0.2s ease"
        boxShadow="sm"
      >
        <IconButton
          aria-label={M.openMenu}
          variant="ghost"
          color="white"
          _hover={{ bg: 'whiteAlpha.200' }}
          onClick={() => setMenuOpen(true)}
        >
          <Menu size={22} />
        </IconButton>
        <Heading as="p" size="md" flex="1" truncate data-testid="mobile-title">
          {routeTitle(pathname, customersOpen)}
        </Heading>
        {installButton?.('mobile')}
        {syncBadge?.('compact')}
      </Flex>

      <MobileMenu
        open={menuOpen}
        onOpenChange={setMenuOpen}
        pathname={pathname}
        customersOpen={customersOpen}
        onChoose={(item) => (item.to ? navigate(item.to) : onOpenCustomers())}
        onSignOut={onSignOut}
        footer={syncBadge?.('full')}
      />

      <Box as="main" pt={TOP_BAR_HEIGHT} pb={BOTTOM_BAR_HEIGHT} px="3" minH="100dvh">
        <Box pt="3">{children}</Box>
      </Box>

      <Flex
        as="nav"
        aria-label="Navegação inferior"
        position="fixed"
        bottom="0"
        insetX="0"
        h={BOTTOM_BAR_HEIGHT}
        bg="white"
        borderTopWidth="1px"
        zIndex="sticky"
        pb="env(safe-area-inset-bottom)"
      >
        {BOTTOM_ITEMS.map((item) => {
          const Icon = BOTTOM_ICONS[item.key];
          const active = !customersOpen && isActivePath(pathname, item.to);
          return (
            <Button
              key={item.key}
              variant="ghost"
              flex="1"
              h="full"
              rounded="none"
              flexDirection="column"
              gap="1"
              fontSize="xs"
              aria-current={active ? 'page' : undefined}
              color={active ? 'blue.600' : 'gray.600'}
              fontWeight={active ? 'semibold' : 'normal'}
              onClick={() => navigate(item.to)}
            >
              <Icon size={20} aria-hidden />
              {item.label}
            </Button>
          );
        })}
      </Flex>
    </Box>
  );
}
