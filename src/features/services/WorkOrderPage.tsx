/**
 * /adm/services/{id}: one OS, phone first — header (code, customer, stage, Atrasada), Mover
 * para…, Avisar cliente, Responsável and Previsão de entrega, the delivery, materials, photos,
 * notes and the history. From the local database: works offline.
 */
import type { ReactNode } from 'react';
import { Box, Button, Card, Center, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useCompanyProfile } from '../../data/db/company';
import { useMyRole } from '../../data/db/staff';
import { useWorkOrder, useWorkOrderQuotation } from '../../data/db/work-orders';
import { formatBRL } from '../../domain/money';
import { Delivery } from './Delivery';
import { DeleteWorkOrder } from './DeleteWorkOrder';
import { MoveHistory, Notes } from './History';
import { Materials } from './Materials';
import { SV } from './messages';
import { NotifyButton } from './NotifyButton';
import { Planning } from './Planning';
import { LateBadge, StageBadge } from './StageBadge';
import { StageMover } from './StageMover';
import type { FiscalSlot, PhotoSlot, Receivable } from './types';
import { useLookups } from './useLookups';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card.Root size="sm" as="section" data-testid={testId}>
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

type Props = { id: string | undefined; receivable: Receivable; photos?: PhotoSlot; fiscal?: FiscalSlot };

export function WorkOrderPage({ id, receivable, photos, fiscal }: Props) {
  const navigate = useNavigate();
  const { order, materials, loading } = useWorkOrder(id);
  const quotation = useWorkOrderQuotation(order?.quotation_id);
  const { company } = useCompanyProfile();
  const role = useMyRole();
  const lookups = useLookups();
  const back = () => navigate('/adm/services');
  const nameOf = (uid: string | null) => lookups.memberNameOf(uid) ?? SV.someone;

  if (loading) {
    return (
      <Center py="12" gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text>{SV.loading}</Text>
      </Center>
    );
  }
  if (!order) {
    return (
      <Stack align="center" py="12" gap="3">
        <Text>{SV.notOnDevice}</Text>
        <Button variant="outline" onClick={back}>
          <ArrowLeft size={16} /> {SV.back}
        </Button>
      </Stack>
    );
  }
  const customer = order.customer_id ? lookups.customers.get(order.customer_id) ?? null : null;
  const notify = { order, customer, quotation, company: company?.name ?? 'oficina' };
  const photoSlot = photos?.(order.id, role === 'owner');

  return (
    <Stack gap="4" maxW="4xl" mx="auto" pb="24" data-testid="work-order">
      <Box>
        <Button variant="ghost" size="sm" onClick={back} mb="2">
          <ArrowLeft size={16} /> {SV.back}
        </Button>
        <HStack gap="2" wrap="wrap">
          <Heading as="h1" size="2xl" fontFamily="mono">
            {order.code}
          </Heading>
          <StageBadge stage={order.stage} size="lg" />
          {order.late && <LateBadge size="lg" />}
        </HStack>
        <Text fontWeight="semibold" fontSize="lg" mt="1">
          {customer?.name ?? SV.noCustomer}
        </Text>
        <Text color="fg.muted" whiteSpace="pre-wrap">
          {order.description}
        </Text>
        <Text mt="1">
          {SV.value}: <Text as="span" fontWeight="semibold">{formatBRL(order.total_amount)}</Text>
        </Text>
      </Box>

      {order.stage === 'pronto_para_retirada' && (
        <Card.Root size="sm" bg="green.subtle" borderColor="green.muted" data-testid="ready-callout">
          <Card.Body gap="2">
            <Text fontWeight="semibold">{SV.readyHint}</Text>
            <NotifyButton {...notify} size="xl" />
          </Card.Body>
        </Card.Root>
      )}

      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="stretch">
        <Box flex="1">
          <StageMover id={order.id} code={order.code} stage={order.stage} warrantyDays={company?.warranty_days ?? null} />
        </Box>
        {order.stage !== 'pronto_para_retirada' && (
          <Box flex="1" alignSelf={{ md: 'end' }}>
            <NotifyButton {...notify} variant="outline" size="lg" w="full" />
          </Box>
        )}
      </Stack>

      {(order.stage === 'entregue' || order.warranty_until) && (
        <Section title={SV.delivery} testId="delivery-section">
          <Delivery order={order} customer={customer} company={company} quotation={quotation} deliveredBy={nameOf(order.delivery?.by ?? null)} receivable={receivable} />
        </Section>
      )}

      {/* Nota fiscal (issue 38): from Pronto para retirada on, the NFS-e feature's panel, composed in by src/app. */}
      {fiscal && (order.stage === 'pronto_para_retirada' || order.stage === 'entregue') && (
        <Section title={SV.fiscal} testId="nfse-section">
          {fiscal(order, customer)}
        </Section>
      )}

      <Section title={SV.planning}>
        <Planning order={order} members={lookups.members} />
      </Section>

      <Section title={SV.materials} testId="materials-section">
        <Materials orderId={order.id} materials={materials} />
      </Section>

      {/* Photos (issue 31 §5): the photos feature's <WorkOrderPhotos workOrderId canDelete />, composed in by src/app. */}
      {photoSlot ? <Section title={SV.photos}>{photoSlot}</Section> : null}

      <Section title={SV.notes}>
        <Notes order={order} nameOf={nameOf} />
      </Section>

      <Section title={SV.history} testId="history-section">
        <MoveHistory order={order} nameOf={nameOf} />
      </Section>

      {/* The owner's only (issue 40 §6): staff are not offered it. */}
      <Box alignSelf="end">
        <DeleteWorkOrder id={order.id} code={order.code} role={role} onDeleted={back} />
      </Box>
    </Stack>
  );
}
