/** The quantity with − and + (1 each click), plus Movimentar, Ver / editar and Excluir. */
import { HStack, IconButton, Text } from '@chakra-ui/react';
import { ArrowLeftRight, Eye, Minus, Plus, Trash2 } from 'lucide-react';
import { formatQuantity } from '../../domain/stock';
import { STOCK_TEXT as T } from './messages';

interface QuantityProps {
  quantity: number;
  label: string;
  onPlus: () => void;
  onMinus: () => void;
}

export function QuantityStepper({ quantity, label, onPlus, onMinus }: QuantityProps) {
  return (
    <HStack gap="1">
      <IconButton size="xs" variant="outline" aria-label={`${T.minusOne}: ${label}`} onClick={onMinus}>
        <Minus />
      </IconButton>
      <Text minW="10" textAlign="center" fontWeight="semibold" data-testid="stock-quantity">
        {formatQuantity(quantity)}
      </Text>
      <IconButton size="xs" variant="outline" aria-label={`${T.plusOne}: ${label}`} onClick={onPlus}>
        <Plus />
      </IconButton>
    </HStack>
  );
}

interface ActionsProps {
  label: string;
  onMove: () => void;
  onView: () => void;
  onDelete: () => void;
}

export function RowActions({ label, onMove, onView, onDelete }: ActionsProps) {
  return (
    <HStack gap="0">
      <IconButton size="sm" variant="ghost" aria-label={`${T.move}: ${label}`} title={T.move} onClick={onMove}>
        <ArrowLeftRight />
      </IconButton>
      <IconButton size="sm" variant="ghost" aria-label={`${T.view}: ${label}`} title={T.view} onClick={onView}>
        <Eye />
      </IconButton>
      <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`${T.remove}: ${label}`} title={T.remove} onClick={onDelete}>
        <Trash2 />
      </IconButton>
    </HStack>
  );
}
