/** Search (code, customer, description) and status filter above the list. */
import { HStack, Input, InputGroup, NativeSelect, Text } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import type { StatusFilter } from './list-model';
import { QT } from './messages';

type Props = { text: string; onText: (t: string) => void; status: StatusFilter; onStatus: (s: StatusFilter) => void; count: number };

export function QuotationsToolbar({ text, onText, status, onStatus, count }: Props) {
  return (
    <HStack gap="2" mb="3" wrap="wrap">
      <InputGroup flex="1" minW="220px" startElement={<Search size={16} />}>
        <Input type="search" placeholder={QT.search} aria-label={QT.search} value={text} onChange={(e) => onText(e.target.value)} />
      </InputGroup>
      <NativeSelect.Root width={{ base: '100%', sm: '200px' }}>
        <NativeSelect.Field aria-label={QT.statusFilter} value={status} onChange={(e) => onStatus(e.target.value as StatusFilter)}>
          <option value="all">{QT.allStatuses}</option>
          <option value="pending">Pendente</option>
          <option value="expired">Vencido</option>
          <option value="accepted">Aceito</option>
          <option value="rejected">Rejeitado</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Text fontSize="sm" color="fg.muted" data-testid="result-count">
        {QT.results(count)}
      </Text>
    </HStack>
  );
}
