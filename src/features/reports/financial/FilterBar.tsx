import { Box, Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PERIOD_LABELS, rangeLabel, type DateRange, type PeriodKind, type ReportFilter } from '../../../domain/reports';
import { REPORT_TEXT as T } from '../messages';

export interface FilterBarProps {
  filter: ReportFilter;
  range: DateRange;
  onChange: (f: ReportFilter) => void;
}

/** Period Mensal/Trimestral/Anual with previous/next; Data Inicial/Final override it. */
export function FilterBar({ filter, range, onChange }: FilterBarProps) {
  const custom = Boolean(filter.startDate || filter.endDate);
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }} wrap="wrap" p="3" borderWidth="1px" rounded="md" bg="bg.subtle">
      <Field.Root width={{ base: 'full', md: '40' }}>
        <Field.Label>{T.period}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={filter.period}
            onChange={(e) => onChange({ ...filter, period: e.currentTarget.value as PeriodKind, offset: 0 })}
            bg="bg"
          >
            {(Object.keys(PERIOD_LABELS) as PeriodKind[]).map((k) => (
              <option key={k} value={k}>
                {PERIOD_LABELS[k]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="1" justify="space-between">
        <IconButton size="sm" variant="outline" aria-label={T.previousPeriod} disabled={custom} onClick={() => onChange({ ...filter, offset: filter.offset - 1 })} bg="bg">
          <ChevronLeft />
        </IconButton>
        <Text fontWeight="medium" minW="44" textAlign="center" data-testid="period-label" aria-live="polite">
          {rangeLabel(filter, range)}
        </Text>
        <IconButton size="sm" variant="outline" aria-label={T.nextPeriod} disabled={custom} onClick={() => onChange({ ...filter, offset: filter.offset + 1 })} bg="bg">
          <ChevronRight />
        </IconButton>
      </HStack>
      <HStack gap="3" align="flex-end" flex="1" wrap={{ base: 'nowrap', md: 'wrap' }}>
        <Field.Root flex="1" minW="0">
          <Field.Label>{T.startDate}</Field.Label>
          <Input size="sm" type="date" bg="bg" value={filter.startDate} max={filter.endDate || undefined} onChange={(e) => onChange({ ...filter, startDate: e.currentTarget.value })} />
        </Field.Root>
        <Field.Root flex="1" minW="0">
          <Field.Label>{T.endDate}</Field.Label>
          <Input size="sm" type="date" bg="bg" value={filter.endDate} min={filter.startDate || undefined} onChange={(e) => onChange({ ...filter, endDate: e.currentTarget.value })} />
        </Field.Root>
      </HStack>
      {custom && (
        <Box>
          <Button size="sm" variant="ghost" onClick={() => onChange({ ...filter, startDate: '', endDate: '' })}>
            {T.clearDates}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
