import { useDeferredValue, useState } from 'react';
import { Button, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { MessageCircle } from 'lucide-react';
import { formatCentsBRL } from '../../../domain/money';
import { customerExport } from '../../../domain/reports';
import { ExportMenu } from '../parts/ExportMenu';
import { Section } from '../parts/Section';
import { SummaryCard } from '../parts/SummaryCard';
import { useToday } from '../parts/useToday';
import { REPORT_TEXT as T } from '../messages';
import { BehaviourSection } from './BehaviourSection';
import { CampaignDialog } from './CampaignDialog';
import type { Audience } from './campaigns';
import { CustomerList } from './CustomerList';
import { DebtorsSection } from './DebtorsSection';
import { InsightsActions } from './InsightsActions';
import { useCustomerReport } from './useCustomerReport';
import { VipSection } from './VipSection';

/** Relatório de Clientes (spec §2.4, §4): classification, debtors, VIPs, behaviour, campaigns. */
export function CustomerReport() {
  const today = useToday();
  const data = useCustomerReport(today);
  const [campaign, setCampaign] = useState<{ audience: Audience; choose: boolean; n: number } | null>(null);
  // Cards and list paint first; the charts and tables below follow in a background render.
  const sectionsReady = useDeferredValue(true, false);
  const open = (audience: Audience, choose = false) => setCampaign((c) => ({ audience, choose, n: (c?.n ?? 0) + 1 }));

  if (data.loading) {
    return (
      <HStack color="fg.muted" gap="2" py="4">
        <Spinner size="sm" />
        <Text>{T.loadingReport}</Text>
      </HStack>
    );
  }
  const s = data.summary;
  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg">
          {T.customersTitle}
        </Heading>
        <HStack gap="2">
          <ExportMenu label={T.exportShort} getTable={() => customerExport(data.rows, today)} />
          <Button size="sm" colorPalette="green" onClick={() => open('debtors', true)}>
            <MessageCircle /> {T.whatsapp}
          </Button>
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" data-testid="customer-summary">
        <SummaryCard testId="customers-total" label={T.totalCustomers} value={s.total.toLocaleString('pt-BR')} tone="blue" />
        <SummaryCard testId="customers-revenue" label={T.totalRevenue} value={formatCentsBRL(s.revenueCents)} tone="green" />
        <SummaryCard testId="customers-active" label={T.activeCustomers} value={s.active.toLocaleString('pt-BR')} caption={T.last90} tone="green" />
        <SummaryCard testId="customers-defaulters" label={T.defaulters} value={s.defaulters.toLocaleString('pt-BR')} tone="red" />
      </SimpleGrid>
      <Section title={T.customerList}>
        <CustomerList rows={data.rows} />
      </Section>
      {sectionsReady && (
        <>
          <DebtorsSection debtors={data.debtors} />
          <VipSection top={data.top} />
          <BehaviourSection methods={data.methods} frequency={data.frequency} />
          <InsightsActions inactive={s.inactive} customers={s.total} actions={data.actions} onCampaign={(a) => open(a)} />
        </>
      )}
      {campaign && (
        <CampaignDialog
          key={campaign.n}
          open
          audience={campaign.audience}
          chooseAudience={campaign.choose}
          data={data}
          today={today}
          onClose={() => setCampaign(null)}
        />
      )}
    </Stack>
  );
}
