/**
 * Controle de Estoque: the item list (?view=itens, default) and the overview (?view=visao-geral).
 * Quantities come from the movement ledger (src/data/db/stock.ts), offline too.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Box, Button, HStack, Heading, Spinner, Tabs, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { stockCommands, useStockItems, type StockItemWithQuantity } from '../../data/db/stock';
import { useFirstDownload } from '../../data/db/first-download';
import { FirstDownloadState } from '../../ui/FirstDownloadState';
import { awaitingFirstDownload } from '../../ui/firstDownloadText';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toaster } from '../../ui/toaster';
import { ItemView } from './ItemView';
import { MovementDialog } from './MovementDialog';
import { STOCK_TEXT as T } from './messages';
import { StockItemForm } from './StockItemForm';
import { StockList } from './StockList';
import { StockOverview } from './StockOverview';
import { useCatalogLookup } from './useCatalogLookup';
import { useStockMover } from './useStockMover';

type FormState = { item: StockItemWithQuantity | null; key: number } | null;

/** importButton: 'Importar planilha', composed by the route (src/app). */
export function StockPage({ importButton }: { importButton?: ReactNode } = {}) {
  const { items, movements, loading } = useStockItems();
  const download = useFirstDownload('stock_items');
  const lookup = useCatalogLookup();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'visao-geral' ? 'visao-geral' : 'itens';
  const [form, setForm] = useState<FormState>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const { move, dialog } = useStockMover();
  // What to open once the item view has finished closing (two dialogs never overlap).
  const afterView = useRef<(() => void) | null>(null);
  const find = (id: string | null) => (id ? (items.find((i) => i.id === id) ?? null) : null);
  const viewed = find(viewing);
  const moved = find(moving);

  async function remove() {
    if (!deleting) return;
    try {
      await stockCommands.remove(deleting);
      toaster.create({ type: 'success', title: T.deletedTitle, description: T.deleted });
    } catch (err) {
      toaster.create({ type: 'error', title: T.errorTitle, description: err instanceof Error ? err.message : String(err) });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Box>
      <HStack justify="space-between" mb="4" wrap="wrap" gap="2">
        <Heading as="h1" size="2xl">
          {T.title}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {importButton}
          <Button colorPalette="blue" onClick={() => setForm({ item: null, key: Date.now() })}>
            <Plus /> {T.newItem}
          </Button>
        </HStack>
      </HStack>
      <Tabs.Root value={view} onValueChange={(e) => setParams({ view: e.value }, { replace: true })} variant="line" lazyMount unmountOnExit>
        <Tabs.List mb="4">
          <Tabs.Trigger value="itens">{T.tabItems}</Tabs.Trigger>
          <Tabs.Trigger value="visao-geral">{T.tabOverview}</Tabs.Trigger>
        </Tabs.List>
        {loading || lookup.loading ? (
          <HStack color="fg.muted">
            <Spinner size="sm" />
            <Text>{T.loading}</Text>
          </HStack>
        ) : awaitingFirstDownload(download, items.length === 0) ? (
          <FirstDownloadState progress={download} />
        ) : (
          <>
            {!download.done && <FirstDownloadState progress={download} compact />}
            <Tabs.Content value="itens" pt="0">
              <StockList
                items={items}
                lookup={lookup}
                onStep={(i, d) => void move(i.id, d, null, true)}
                onMove={(i) => setMoving(i.id)}
                onView={(i) => setViewing(i.id)}
                onDelete={(i) => setDeleting(i.id)}
              />
            </Tabs.Content>
            <Tabs.Content value="visao-geral" pt="0">
              <StockOverview items={items} movements={movements} lookup={lookup} />
            </Tabs.Content>
          </>
        )}
      </Tabs.Root>

      {form && <StockItemForm key={form.key} open item={form.item} lookup={lookup} onClose={() => setForm(null)} />}
      <ItemView
        item={viewed}
        lookup={lookup}
        onClose={() => setViewing(null)}
        onEdit={() => {
          const item = viewed;
          afterView.current = () => setForm({ item, key: Date.now() });
          setViewing(null);
        }}
        onMove={() => {
          const id = viewing;
          afterView.current = () => setMoving(id);
          setViewing(null);
        }}
        onExitComplete={() => {
          afterView.current?.();
          afterView.current = null;
        }}
      />
      {moved && (
        <MovementDialog
          key={moved.id}
          open
          title={lookup.product(moved)}
          quantity={moved.quantity}
          onClose={() => setMoving(null)}
          onSubmit={async (delta, reason) => {
            if (await move(moved.id, delta, reason)) setMoving(null);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={T.deleteTitle}
        message={T.deleteMessage}
        confirmLabel={T.remove}
        cancelLabel={T.cancel}
        busyLabel={T.deleting}
        destructive
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
      {dialog}
    </Box>
  );
}
