/** One catalogue (Categorias, Tipos, …): add input + 'Adicionar', inline edit (Enter/blur), delete. */
import { useMemo, useState, type FormEvent } from 'react';
import { Box, Button, Card, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import type { CatalogItemDoc, CatalogKind } from '@shared';
import { catalogCommands, useCatalog } from '../../data/db/catalog';
import { CATALOG_WORDS, catalogSuccessMessage, sortCatalog } from '../../domain/catalog';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CatalogRow, displayName } from './CatalogRow';
import { SETTINGS_TEXT as T } from './messages';
import { notifyError, notifySuccess } from './notify';

export function CatalogTab({ kind }: { kind: CatalogKind }) {
  const { entries, loading } = useCatalog();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<CatalogItemDoc | null>(null);
  const words = CATALOG_WORDS[kind];
  const list = useMemo(() => sortCatalog(kind, entries.filter((e) => e.kind === kind)), [entries, kind]);
  const categories = useMemo(() => sortCatalog('category', entries.filter((e) => e.kind === 'category')), [entries]);
  const categoryName = (id: string | null | undefined) => categories.find((c) => c.id === id)?.name ?? T.noCategory;

  async function onAdd(e: FormEvent) {
    e.preventDefault();
    if (adding) return;
    setAdding(true);
    try {
      await catalogCommands.add(kind, name, kind === 'type' ? parentId : null);
      setName('');
      notifySuccess(catalogSuccessMessage(kind, 'add'));
    } catch (err) {
      notifyError(err);
    } finally {
      setAdding(false);
    }
  }

  async function onRename(id: string, value: string): Promise<boolean> {
    try {
      await catalogCommands.rename(id, value);
      notifySuccess(catalogSuccessMessage(kind, 'update'));
      return true;
    } catch (err) {
      notifyError(err);
      return false;
    }
  }

  async function onConfirmDelete() {
    if (!toDelete) return;
    try {
      await catalogCommands.remove(toDelete.id);
      notifySuccess(catalogSuccessMessage(kind, 'remove'));
    } catch (err) {
      notifyError(err);
    } finally {
      setToDelete(null);
    }
  }

  return (
    <Card.Root data-catalog={kind}>
      <Card.Body>
        <Stack as="form" onSubmit={onAdd} direction={{ base: 'column', md: 'row' }} gap="2" mb="4">
          {kind === 'type' && (
            <NativeSelect.Root width={{ base: 'full', md: '56' }}>
              <NativeSelect.Field aria-label={T.chooseCategory} value={parentId} onChange={(e) => setParentId(e.currentTarget.value)}>
                <option value="">{T.chooseCategory}</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
          <Input
            aria-label={words.placeholder}
            placeholder={words.placeholder}
            value={name}
            onChange={(e) => setName(e.target.value)}
            flex={{ md: '1' }}
          />
          <Button type="submit" colorPalette="blue" loading={adding}>
            {T.add}
          </Button>
        </Stack>
        {loading ? (
          <HStack color="fg.muted">
            <Spinner size="sm" />
            <Text>{T.loading}</Text>
          </HStack>
        ) : list.length === 0 ? (
          <Text color="fg.muted">{T.empty}</Text>
        ) : (
          <Box as="ul" listStyleType="none" borderWidth="1px" rounded="md">
            {list.map((entry) => (
              <CatalogRow
                key={entry.id}
                entry={entry}
                kind={kind}
                parentName={kind === 'type' ? categoryName(entry.parent_id) : undefined}
                onRename={onRename}
                onDelete={() => setToDelete(entry)}
              />
            ))}
          </Box>
        )}
      </Card.Body>
      <ConfirmDialog
        open={toDelete !== null}
        title={T.deleteTitle}
        message={T.deleteMessage(toDelete ? displayName(kind, toDelete) : '')}
        confirmLabel={T.remove}
        busyLabel={T.deleting}
        destructive
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Card.Root>
  );
}
