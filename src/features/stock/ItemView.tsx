/** An item's details and its movements, newest first: when, who, ±, reason, running balance. */
import { Badge, Box, Button, CloseButton, Dialog, HStack, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import type { StockItemWithQuantity } from '../../data/db/stock';
import { useItemMovements } from '../../data/db/stock';
import { useStaffDirectory } from '../../data/db/staff-directory';
import { formatDate, formatTime } from '../../domain/dates';
import { formatQuantity, ledgerNewestFirst, stockStatus } from '../../domain/stock';
import { STOCK_TEXT as T } from './messages';
import type { CatalogLookup } from './useCatalogLookup';
import { ScrollBox } from '../../ui/ScrollRegion';

interface Props {
  item: StockItemWithQuantity | null;
  lookup: CatalogLookup;
  onClose: () => void;
  onEdit: () => void;
  onMove: () => void;
  /** After the dialog has finished closing (open the next dialog only then). */
  onExitComplete?: () => void;
}

const signed = (n: number) => (n > 0 ? `+${formatQuantity(n)}` : `−${formatQuantity(-n)}`);

export function ItemView({ item, lookup, onClose, onEdit, onMove, onExitComplete }: Props) {
  const { movements } = useItemMovements(item?.id ?? null);
  const emails = useStaffDirectory();
  const lines = ledgerNewestFirst(movements);
  const status = item ? stockStatus(item.quantity, item.minimum_quantity) : 'Normal';

  return (
    <DialogRoot
      open={item !== null}
      onOpenChange={(d) => !d.open && onClose()}
      onExitComplete={onExitComplete}
      placement="center" scrollBehavior="inside" size={{ base: 'full', md: 'xl' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{item ? lookup.product(item) : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {item && (
                <Stack gap="4">
                  <HStack gap="6" wrap="wrap">
                    <Box>
                      <Text textStyle="xs" color="fg.muted">
                        {T.colCategory}
                      </Text>
                      <Text>{lookup.name(item.category_id) ?? T.missing}</Text>
                    </Box>
                    <Box>
                      <Text textStyle="xs" color="fg.muted">
                        {T.colQuantity}
                      </Text>
                      <Text fontWeight="bold" data-testid="item-quantity">
                        {formatQuantity(item.quantity)}
                      </Text>
                    </Box>
                    <Box>
                      <Text textStyle="xs" color="fg.muted">
                        {T.colMinimum}
                      </Text>
                      <Text>{formatQuantity(item.minimum_quantity)}</Text>
                    </Box>
                    <Badge colorPalette={status === 'Crítico' ? 'red' : 'green'}>{status}</Badge>
                  </HStack>
                  {item.description && <Text color="fg.muted">{item.description}</Text>}
                  <Text fontWeight="semibold">{T.history}</Text>
                  {lines.length === 0 ? (
                    <Text color="fg.muted">{T.noMovements}</Text>
                  ) : (
                    <ScrollBox label="Movimentações do item" borderWidth="1px" rounded="md">
                      <Table.Root size="sm">
                        <Table.Header>
                          <Table.Row>
                            {[T.colWhen, T.colWho, T.colDelta, T.colReason, T.colBalance].map((h) => (
                              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                            ))}
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {lines.map(({ movement: m, balance }) => (
                            <Table.Row key={m.id} data-movement={m.delta}>
                              <Table.Cell whiteSpace="nowrap">
                                {formatDate(m.created_at)} {formatTime(m.created_at)}
                              </Table.Cell>
                              <Table.Cell>{(m.created_by && emails.get(m.created_by)) || T.unknownUser}</Table.Cell>
                              <Table.Cell color={m.delta > 0 ? 'green.700' : 'red.600'} fontWeight="semibold">
                                {signed(m.delta)}
                              </Table.Cell>
                              <Table.Cell>{m.reason ?? T.missing}</Table.Cell>
                              <Table.Cell>{formatQuantity(balance)}</Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </ScrollBox>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onMove}>
                {T.move}
              </Button>
              <Button colorPalette="blue" onClick={onEdit}>
                {T.edit}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={T.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
