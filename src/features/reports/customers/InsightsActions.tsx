import { Button, List, SimpleGrid, Stack } from '@chakra-ui/react';
import { CircleAlert, Crown, UserRoundX } from 'lucide-react';
import { vipOpportunityCount, type RecommendedAction } from '../../../domain/reports';
import { Section } from '../parts/Section';
import { SummaryCard } from '../parts/SummaryCard';
import { REPORT_TEXT as T } from '../messages';
import type { Audience } from './campaigns';

export interface InsightsActionsProps {
  inactive: number;
  customers: number;
  actions: RecommendedAction[];
  onCampaign: (a: Audience) => void;
}

/** 'Insights e Ações': inactive customers and VIP opportunities with their campaigns, and what to do next. */
export function InsightsActions({ inactive, customers, actions, onCampaign }: InsightsActionsProps) {
  const icon = (k: RecommendedAction['kind']) => (k === 'charge' ? <CircleAlert color="var(--chakra-colors-red-500)" /> : k === 'vip' ? <Crown color="var(--chakra-colors-orange-500)" /> : <UserRoundX color="var(--chakra-colors-gray-500)" />);
  return (
    <Section title={T.insightsActions} testId="insights-actions">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Stack gap="2">
            <SummaryCard testId="insight-inactive" label={T.inactiveCustomers} value={inactive.toLocaleString('pt-BR')} caption={T.inactiveCaption} tone="gray" />
            <Button size="sm" variant="outline" onClick={() => onCampaign('inactive')}>
              {T.reactivation}
            </Button>
          </Stack>
          <Stack gap="2">
            <SummaryCard testId="insight-vip" label={T.vipOpportunities} value={vipOpportunityCount(customers).toLocaleString('pt-BR')} caption={T.vipCaption} tone="orange" />
            <Button size="sm" variant="outline" onClick={() => onCampaign('vip')}>
              {T.vipCampaign}
            </Button>
          </Stack>
        </SimpleGrid>
        <Stack gap="2">
          <strong>{T.recommended}</strong>
          <List.Root gap="2" variant="plain" data-testid="recommended-actions">
            {actions.map((a, i) => (
              <List.Item key={i} alignItems="flex-start">
                <List.Indicator asChild mt="0.5">
                  {icon(a.kind)}
                </List.Indicator>
                {a.text}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      </Stack>
    </Section>
  );
}
