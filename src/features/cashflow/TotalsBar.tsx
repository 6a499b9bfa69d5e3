/** Entradas, Saídas and Saldo of what the filters select (cents → BRL). */
import { memo } from 'react';
import { Card, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { formatCentsBRL } from '../../domain/money';
import type { CashTotals } from '../../domain/transaction-rules';
import { CASHFLOW_TEXT as T } from './messages';

export const TotalsBar = memo(function TotalsBar({ totals, pending = false }: { totals: CashTotals; pending?: boolean }) {
  const items = [
    { label: T.income, value: totals.incomeCents, color: 'green.fg', testId: 'total-income' },
    { label: T.expenses, value: totals.expenseCents, color: 'red.fg', testId: 'total-expenses' },
    { label: T.balance, value: totals.balanceCents, color: totals.balanceCents < 0 ? 'red.fg' : 'fg', testId: 'total-balance' },
  ];
  return (
    <SimpleGrid columns={3} gap={{ base: '2', md: '4' }} role="group" aria-label="Totais">
      {items.map((i) => (
        <Card.Root key={i.label} size="sm">
          <Card.Body px={{ base: '2.5', md: '4' }} py={{ base: '2', md: '3' }}>
            <Stat.Root>
              <Stat.Label fontSize={{ base: 'xs', md: 'sm' }}>{i.label}</Stat.Label>
              <Stat.ValueText data-testid={i.testId} color={i.color} fontSize={{ base: 'sm', md: 'xl' }} whiteSpace="nowrap">
                {pending ? <Skeleton as="span" display="inline-block" h="1em" w="24" /> : formatCentsBRL(i.value)}
              </Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
});
