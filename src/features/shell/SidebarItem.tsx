import type { ReactNode } from 'react';
import { Box, Button, Portal, Tooltip } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

/** Tooltip delay on collapsed icons (site spec §9). */
export const TOOLTIP_DELAY_MS = 700;

interface SidebarItemProps {
  icon: LucideIcon;
  label: string;
  active?: boolean;
  collapsed: boolean;
  onClick: () => void;
  danger?: boolean;
  trailing?: ReactNode;
}

export function SidebarItem({ icon: Icon, label, active, collapsed, onClick, danger, trailing }: SidebarItemProps) {
  const button = (
    <Button
      variant="ghost"
      onClick={onClick}
      aria-label={label}
      aria-current={active ? 'page' : undefined}
      data-active={active ? '' : undefined}
      justifyContent={collapsed ? 'center' : 'flex-start'}
      width="full"
      height="9"
      px={collapsed ? '0' : '3'}
      gap="3"
      fontWeight={active ? 'semibold' : 'normal'}
      color={danger ? 'red.300' : active ? 'white' : 'gray.300'}
      bg={active ? 'blue.700' : 'transparent'}
      _hover={{ bg: active ? 'blue.700' : 'whiteAlpha.200', color: 'white' }}
    >
      <Icon size={18} aria-hidden />
      {!collapsed && (
        <Box as="span" flex="1" textAlign="start" truncate>
          {label}
        </Box>
      )}
      {!collapsed && trailing}
    </Button>
  );
  if (!collapsed) return button;
  return (
    <Tooltip.Root openDelay={TOOLTIP_DELAY_MS} positioning={{ placement: 'right' }}>
      <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
