import { SimpleGrid, Text } from '@chakra-ui/react';
import { fromCents } from '../../../domain/money';
import { formatDate } from '../../../domain/dates';
import type { DailyPoint, Slice } from '../../../domain/reports';
import { BarChart, COLORS, LineChart, METHOD_COLORS, PALETTE, PieChart } from '../charts';
import { Section } from '../parts/Section';
import { REPORT_TEXT as T } from '../messages';

const Empty = () => <Text color="fg.muted">{T.noDataAvailable}</Text>;

/** 'Fluxo de Caixa' (400 px), 'Distribuição por Categoria' and the payment-method pie. */
export function FinancialCharts({ daily, byCategory, byMethod }: { daily: DailyPoint[]; byCategory: Slice[]; byMethod: Slice[] }) {
  const hasFlow = daily.some((p) => p.incomeCents !== 0 || p.expenseCents !== 0);
  return (
    <>
      <Section title={T.cashFlow} testId="chart-cash-flow">
        {hasFlow ? (
          <LineChart
            height={400}
            ariaLabel={T.cashFlow}
            labels={daily.map((p) => formatDate(p.day).slice(0, 5))}
            series={[
              { label: T.income, color: COLORS.income, values: daily.map((p) => fromCents(p.incomeCents)) },
              { label: T.expenses, color: COLORS.expense, values: daily.map((p) => fromCents(p.expenseCents)) },
            ]}
          />
        ) : (
          <Empty />
        )}
      </Section>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Section title={T.byCategory} testId="chart-by-category">
          {byCategory.length > 0 ? (
            <BarChart
              height={Math.max(220, byCategory.length * 36 + 60)}
              horizontal
              ariaLabel={T.byCategory}
              labels={byCategory.map((s) => s.label)}
              series={[{ label: T.expenses, color: COLORS.expense, values: byCategory.map((s) => fromCents(s.cents)) }]}
            />
          ) : (
            <Empty />
          )}
        </Section>
        <Section title={T.byMethod} testId="chart-by-method">
          {byMethod.length > 0 ? (
            <PieChart
              height={320}
              radius={120}
              ariaLabel={T.byMethod}
              labels={byMethod.map((s) => s.label)}
              values={byMethod.map((s) => fromCents(s.cents))}
              colors={byMethod.map((s, i) => METHOD_COLORS[s.key] ?? PALETTE[i % PALETTE.length])}
            />
          ) : (
            <Empty />
          )}
        </Section>
      </SimpleGrid>
    </>
  );
}
