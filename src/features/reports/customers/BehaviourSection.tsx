import { SimpleGrid, Text } from '@chakra-ui/react';
import { fromCents } from '../../../domain/money';
import type { FrequencySlice, Slice } from '../../../domain/reports';
import { METHOD_COLORS, PALETTE, PieChart } from '../charts';
import { Section } from '../parts/Section';
import { REPORT_TEXT as T } from '../messages';

const FREQUENCY_COLORS = ['#2f9e44', '#1c7ed6', '#f59f00', '#868e96'];

/** 'Análise de Comportamento': payment methods among entradas and purchase frequency. */
export function BehaviourSection({ methods, frequency }: { methods: Slice[]; frequency: FrequencySlice[] }) {
  return (
    <Section title={T.behaviour} testId="behaviour">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <div>
          <Text fontWeight="medium" mb="2">
            {T.paymentMethods}
          </Text>
          {methods.length === 0 ? (
            <Text color="fg.muted">{T.noDataAvailable}</Text>
          ) : (
            <PieChart
              height={320}
              ariaLabel={T.paymentMethods}
              labels={methods.map((m) => m.label)}
              values={methods.map((m) => fromCents(m.cents))}
              colors={methods.map((m, i) => METHOD_COLORS[m.key] ?? PALETTE[i % PALETTE.length])}
            />
          )}
        </div>
        <div>
          <Text fontWeight="medium" mb="2">
            {T.purchaseFrequency}
          </Text>
          {frequency.length === 0 ? (
            <Text color="fg.muted">{T.noDataAvailable}</Text>
          ) : (
            <PieChart
              height={320}
              format="count"
              ariaLabel={T.purchaseFrequency}
              labels={frequency.map((f) => f.label)}
              values={frequency.map((f) => f.count)}
              colors={frequency.map((f) => FREQUENCY_COLORS[['frequente', 'regular', 'ocasional', 'primeira'].indexOf(f.key)])}
            />
          )}
        </div>
      </SimpleGrid>
    </Section>
  );
}
