/**
 * Route module for /adm/services/:id — a minimal OS page holding its photos (issue 31 §5) until
 * the Serviços screen (features/services) replaces it; the photos stay a component of their own.
 */
import { useParams } from 'react-router-dom';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useMyRole } from '../../data/db/staff';
import { useWorkOrder } from '../../data/db/work-orders';
import { WorkOrderPhotos } from '../../features/work-order-photos';

export function ServiceRoute() {
  const { id = '' } = useParams();
  const { order, loading } = useWorkOrder(id);
  const role = useMyRole();
  return (
    <Box p={{ base: '3', md: '6' }} maxW="6xl" mx="auto">
      <Stack gap="4">
        <Stack gap="0">
          <Heading as="h1" size="lg">
            {order ? `OS ${order.code}` : loading ? '…' : 'Ordem de serviço não encontrada.'}
          </Heading>
          {order && <Text color="fg.muted">{order.description}</Text>}
        </Stack>
        {order && <WorkOrderPhotos workOrderId={order.id} canDelete={role === 'owner'} />}
      </Stack>
    </Box>
  );
}
