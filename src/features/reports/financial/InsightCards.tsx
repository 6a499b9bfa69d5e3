import { SimpleGrid } from '@chakra-ui/react';
import { formatCentsBRL } from '../../../domain/money';
import { monthLabel, type FinancialInsights } from '../../../domain/reports';
import { SummaryCard } from '../parts/SummaryCard';
import { REPORT_TEXT as T } from '../messages';

/** The four insight cards, over every transaction on this device. */
export function InsightCards({ insights, loading }: { insights: FinancialInsights; loading: boolean }) {
  const none = T.noDataAvailable;
  const best = insights.mostProfitableMonth;
  const worst = insights.highestExpenseMonth;
  const empty = insights.monthsWithData === 0;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="3" data-testid="financial-insights">
      <SummaryCard
        testId="insight-best-month"
        loading={loading}
        label={T.mostProfitable}
        value={best ? monthLabel(best.month) : none}
        caption={best ? `${T.balanceOf} ${formatCentsBRL(best.balanceCents)}` : undefined}
        tone={best ? 'green' : undefined}
      />
      <SummaryCard
        testId="insight-highest-expense"
        loading={loading}
        label={T.highestExpense}
        value={worst ? formatCentsBRL(worst.expenseCents) : none}
        caption={worst ? monthLabel(worst.month) : undefined}
        tone={worst ? 'red' : undefined}
      />
      <SummaryCard
        testId="insight-pending"
        loading={loading}
        label={T.pendingPayments}
        value={empty ? none : `${insights.pendingCount} ${insights.pendingCount === 1 ? T.invoice : T.invoices}`}
        tone={insights.pendingCount > 0 ? 'orange' : undefined}
      />
      <SummaryCard
        testId="insight-reserve"
        loading={loading}
        label={T.reserve}
        value={empty ? none : formatCentsBRL(insights.reserveCents)}
        caption={T.reserveCaption}
        tone="blue"
      />
    </SimpleGrid>
  );
}
