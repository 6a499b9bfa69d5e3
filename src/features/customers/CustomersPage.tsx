/**
 * The minimal customers page of issue 2: proves the offline-first loop in a browser
 * (list from the local database, add one, watch the sync status). The full customer
 * management overlay is another issue's work.
 */
import { useState } from 'react';
import { Box, Button, Card, Heading, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { useCustomers, useSyncStatus } from '../../data/db';
import { syncStatusText } from '../../ui/syncStatusText';
import { CustomerForm } from './CustomerForm';
import { CUSTOMER_TEXT as T } from './messages';

export function CustomersPage() {
  const { customers, loading } = useCustomers();
  const status = useSyncStatus();
  const [formOpen, setFormOpen] = useState(false);
  const sync = syncStatusText(status);

  return (
    <Box>
      <HStack justify="space-between" mb="4" wrap="wrap" gap="2">
        <Heading as="h1" size="2xl">
          {T.title}
        </Heading>
        <HStack gap="3">
          <Text fontSize="sm" color="fg.muted" role="status" data-testid="sync-status">
            {sync.text}
          </Text>
          <Button colorPalette="blue" onClick={() => setFormOpen(true)} disabled={formOpen}>
            {T.newCustomer}
          </Button>
        </HStack>
      </HStack>

      {formOpen && (
        <Card.Root mb="4">
          <Card.Header>
            <Heading as="h2" size="md">
              {T.formTitle}
            </Heading>
          </Card.Header>
          <Card.Body>
            <CustomerForm onSaved={() => setFormOpen(false)} onCancel={() => setFormOpen(false)} />
          </Card.Body>
        </Card.Root>
      )}

      {loading ? (
        <HStack gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>{T.loading}</Text>
        </HStack>
      ) : customers.length === 0 ? (
        <Text color="fg.muted">{T.empty}</Text>
      ) : (
        <Table.Root size="sm" variant="outline" striped>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{T.colName}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.colPhone}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.colWhatsapp}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {customers.map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell>{c.name}</Table.Cell>
                <Table.Cell>{c.phone}</Table.Cell>
                <Table.Cell>{c.whatsapp ?? T.none}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
