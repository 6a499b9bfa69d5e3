/**
 * /adm/quotation/{code}: the quotation as the customer sees it (drawn by `renderCustomerView`,
 * composed in by the app), the decision record and every action — from the local database,
 * so it works offline.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Center, Heading, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import type { CompanyDoc, CustomerDoc, QuotationDoc } from '@shared';
import { useCompanyProfile } from '../../data/db/company';
import { useCustomerIndex, useQuotationByCode } from '../../data/db/quotations';
import { useRemovedCustomerNames } from '../../data/db/customers';
import { DecisionRecord } from './DecisionRecord';
import { QT } from './messages';
import { QuotationFormModal } from './QuotationFormModal';
import { RowActions } from './RowActions';
import type { CustomerFormDialogComponent, LaunchToCash } from './types';
import { useCodeRecoveryToasts } from './useCodeRecoveryToasts';
import { useQuotationActions } from './useQuotationActions';

type Props = LaunchToCash & {
  code: string | undefined;
  CustomerFormDialog: CustomerFormDialogComponent;
  renderCustomerView: (q: QuotationDoc, customer: CustomerDoc | null, company: CompanyDoc | null) => ReactNode;
  /** The accepted quotation's nota fiscal (the NFS-e feature, composed in by the app). */
  renderFiscal?: (q: QuotationDoc, customer: CustomerDoc | null) => ReactNode;
};

export function StaffQuotationPage({ code, CustomerFormDialog, renderCustomerView, renderFiscal, ...launch }: Props) {
  const mobile = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const navigate = useNavigate();
  const { quotation: q, loading } = useQuotationByCode(code);
  const { byId } = useCustomerIndex();
  const { company } = useCompanyProfile();
  const [editing, setEditing] = useState(false);
  const customerOf = (x: QuotationDoc) => (x.customer_id ? byId.get(x.customer_id) ?? null : null);
  const removed = useRemovedCustomerNames(q?.customer_id && !customerOf(q) ? [q.customer_id] : []);
  const removedCustomerOf = (x: QuotationDoc) => (x.customer_id ? removed.get(x.customer_id) : undefined);
  const actions = useQuotationActions({ company, customerOf, removedCustomerOf, mobile });
  useCodeRecoveryToasts();
  const back = () => navigate('/adm/quotations');

  if (loading) {
    return (
      <Center py="12" gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text>{QT.loading}</Text>
      </Center>
    );
  }
  if (!q) {
    return (
      <Stack align="center" py="12" gap="3">
        <Text>{QT.notOnDevice}</Text>
        <Button variant="outline" onClick={back}>
          <ArrowLeft size={16} /> {QT.back}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4" maxW="4xl" mx="auto" data-testid="staff-quotation">
      <Box>
        <Button variant="ghost" size="sm" onClick={back} mb="2">
          <ArrowLeft size={16} /> {QT.back}
        </Button>
        <RowActions q={q} actions={actions} onEdit={() => setEditing(true)} withLabels afterDelete={back} {...launch} />
      </Box>
      <DecisionRecord q={q} />
      {renderFiscal && q.status === 'accepted' && (
        <Card.Root size="sm" as="section" data-testid="nfse-section">
          <Card.Body gap="3">
            <Heading as="h2" size="md">
              {QT.fiscal}
            </Heading>
            {renderFiscal(q, customerOf(q))}
          </Card.Body>
        </Card.Root>
      )}
      <Box>{renderCustomerView(q, customerOf(q), company)}</Box>
      {editing && <QuotationFormModal editing={q} onClose={() => setEditing(false)} CustomerFormDialog={CustomerFormDialog} customers={byId} />}
      {actions.dialogs}
    </Stack>
  );
}
