/**
 * Page buttons below a list: 5 on desktop, 3 on mobile (the caller says which), with previous/next;
 * hidden with one page or fewer (spec §9).
 */
import { Button, HStack, IconButton, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount, pageWindow } from './pagination';

export interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Page buttons shown at once (5 desktop, 3 mobile). */
  buttons?: number;
}

export function Pagination({ page, total, pageSize, onPageChange, buttons = 5 }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  return (
    <HStack as="nav" aria-label="Paginação" justify="center" gap="1" mt="4" wrap="wrap">
      <IconButton
        aria-label="Página anterior"
        size="sm"
        variant="ghost"
        disabled={current <= 1}
        onClick={() => onPageChange(current - 1)}
      >
        <ChevronLeft />
      </IconButton>
      {pageWindow(current, pages, buttons).map((p) => (
        <Button
          key={p}
          size="sm"
          minW="9"
          variant={p === current ? 'solid' : 'outline'}
          colorPalette={p === current ? 'blue' : 'gray'}
          aria-current={p === current ? 'page' : undefined}
          aria-label={`Página ${p}`}
          onClick={() => onPageChange(p)}
        >
          {p}
        </Button>
      ))}
      <IconButton
        aria-label="Próxima página"
        size="sm"
        variant="ghost"
        disabled={current >= pages}
        onClick={() => onPageChange(current + 1)}
      >
        <ChevronRight />
      </IconButton>
      <Text fontSize="xs" color="fg.muted" ms="2">
        {current} de {pages}
      </Text>
    </HStack>
  );
}
