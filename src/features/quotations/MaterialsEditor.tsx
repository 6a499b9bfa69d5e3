/** Materiais: rows of name, whole-number quantity and unit price, added and removed. */
import { Box, Button, Grid, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { formatCentsBRL } from '../../domain/money';
import { parseWholeNumber } from '../../domain/money-mask';
import { MoneyInput } from '../../ui/MoneyInput';
import { selectAllOnTap } from '../../ui/selectOnTap';
import { FORM_TEXT as F } from './messages';

export type MaterialRow = { key: number; name: string; quantity: number; priceCents: number };

type Props = { rows: MaterialRow[]; onChange: (rows: MaterialRow[]) => void; error?: string };

let nextKey = 1;
export const newMaterialRow = (): MaterialRow => ({ key: nextKey++, name: '', quantity: 1, priceCents: 0 });

export function MaterialsEditor({ rows, onChange, error }: Props) {
  const set = (key: number, patch: Partial<MaterialRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <Box>
      <Text fontWeight="medium" mb="2">
        {F.materials}
      </Text>
      <Stack gap="2">
        {rows.map((r, i) => (
          <Grid
            key={r.key}
            templateColumns={{ base: '72px 1fr auto', md: '1fr 90px 160px 120px auto' }}
            gap="2"
            alignItems="center"
            data-testid="material-row"
            borderBottomWidth={{ base: '1px', md: '0' }}
            pb={{ base: '2', md: '0' }}
          >
            <Input gridColumn={{ base: '1 / -1', md: 'auto' }} aria-label={`${F.materialName} ${i + 1}`} placeholder={F.materialName} value={r.name} onChange={(e) => set(r.key, { name: e.target.value })} />
            <Input
              aria-label={`${F.quantity} ${i + 1}`}
              inputMode="numeric"
              {...selectAllOnTap}
              value={String(r.quantity)}
              onChange={(e) => set(r.key, { quantity: parseWholeNumber(e.target.value) })}
            />
            <MoneyInput aria-label={`${F.price} ${i + 1}`} valueCents={r.priceCents} onChangeCents={(c) => set(r.key, { priceCents: c })} />
            <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap" display={{ base: 'none', md: 'block' }}>
              {formatCentsBRL(r.quantity * r.priceCents)}
            </Text>
            <IconButton aria-label={`${F.removeMaterial} ${i + 1}`} variant="ghost" colorPalette="red" size="sm" onClick={() => onChange(rows.filter((x) => x.key !== r.key))}>
              <Trash2 size={16} />
            </IconButton>
          </Grid>
        ))}
      </Stack>
      {error && (
        <Text color="fg.error" fontSize="sm" mt="1">
          {error}
        </Text>
      )}
      <Button size="sm" variant="outline" mt="2" onClick={() => onChange([...rows, newMaterialRow()])}>
        <Plus size={16} /> {F.addMaterial}
      </Button>
    </Box>
  );
}
