/** Search by code or customer, Meus serviços, and (on the board) Entregues e canceladas. */
import { Checkbox, HStack, Input, InputGroup, Text } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { SV } from './messages';

type Props = {
  text: string;
  onText: (t: string) => void;
  mine: boolean;
  onMine: (v: boolean) => void;
  /** Board only: show the Entregue and Cancelada columns. */
  closed?: { value: boolean; onChange: (v: boolean) => void };
  count: number;
};

function Toggle({ checked, onChange, label }: { checked: boolean; onChange: (v: boolean) => void; label: string }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(d) => onChange(d.checked === true)} minH="44px" alignItems="center">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export function ServicesToolbar({ text, onText, mine, onMine, closed, count }: Props) {
  return (
    <HStack gap="3" mb="3" wrap="wrap">
      <InputGroup flex="1" flexBasis={{ base: '100%', md: 'auto' }} minW="220px" startElement={<Search size={16} />}>
        <Input type="search" size="lg" placeholder={SV.searchPlaceholder} aria-label={SV.searchLabel} value={text} onChange={(e) => onText(e.target.value)} />
      </InputGroup>
      <Toggle checked={mine} onChange={onMine} label={SV.mine} />
      {closed && <Toggle checked={closed.value} onChange={closed.onChange} label={SV.showClosed} />}
      <Text fontSize="sm" color="fg.muted" data-testid="result-count">
        {SV.count(count)}
      </Text>
    </HStack>
  );
}
