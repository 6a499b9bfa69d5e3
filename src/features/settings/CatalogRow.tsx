/** A catalogue entry: shown, or edited inline (Enter or leaving the field saves; Esc cancels). */
import { isInchThickness, parseThickness, thicknessDisplay, thicknessName } from '../../domain/catalog';
import { useRef, useState } from 'react';
import { Badge, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { Pencil, Trash2 } from 'lucide-react';
import type { CatalogItemDoc, CatalogKind } from '@shared';
import { SETTINGS_TEXT as T } from './messages';

interface Props {
  entry: CatalogItemDoc;
  kind: CatalogKind;
  parentName?: string;
  onRename: (id: string, value: string) => Promise<boolean>;
  onDelete: () => void;
}

export function CatalogRow({ entry, kind, parentName, onRename, onDelete }: Props) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const committing = useRef(false);
  const label = displayName(kind, entry);

  const start = () => {
    // A thickness is edited as written: '1/4"' for inches, '1,5' for mm.
    setValue(kind === 'thickness' && entry.value != null && !isInchThickness(entry.name) ? thicknessName(entry.value) : entry.name);
    setEditing(true);
  };
  const commit = async () => {
    if (committing.current) return;
    const parsed = kind === 'thickness' ? parseThickness(value) : null;
    const unchanged = kind === 'thickness' ? parsed?.value === entry.value && parsed?.name === displayedName(entry) : value.trim() === entry.name;
    if (unchanged) {
      setEditing(false);
      return;
    }
    committing.current = true;
    const ok = await onRename(entry.id, value);
    committing.current = false;
    if (ok) setEditing(false);
  };

  return (
    <HStack as="li" px="3" py="2" gap="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} data-entry={entry.name}>
      {editing ? (
        <Input
          size="sm"
          autoFocus
          aria-label={`${T.edit} ${label}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit();
            } else if (e.key === 'Escape') setEditing(false);
          }}
          onBlur={() => void commit()}
          flex="1"
        />
      ) : (
        <HStack flex="1" minW="0" gap="2" wrap="wrap">
          <Text>{label}</Text>
          {parentName !== undefined && (
            <Badge variant="subtle" colorPalette="gray">
              {parentName}
            </Badge>
          )}
        </HStack>
      )}
      {!editing && (
        <IconButton size="sm" variant="ghost" aria-label={`${T.edit} ${label}`} onClick={start}>
          <Pencil />
        </IconButton>
      )}
      <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`${T.remove} ${label}`} onClick={onDelete}>
        <Trash2 />
      </IconButton>
    </HStack>
  );
}

/** The name a thickness is stored with ('1,5' for an older '1.5'): what an edit compares against. */
const displayedName = (entry: Pick<CatalogItemDoc, 'name' | 'value'>) =>
  isInchThickness(entry.name) || entry.value == null ? entry.name.trim() : thicknessName(entry.value);

export function displayName(kind: CatalogKind, entry: Pick<CatalogItemDoc, 'name' | 'unit' | 'value'>): string {
  return kind === 'thickness' ? thicknessDisplay(entry) : entry.name;
}
