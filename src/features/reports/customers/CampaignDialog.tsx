import { useState } from 'react';
import { Badge, Box, Button, Field, HStack, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { FormDialog } from '../../../ui/FormDialog';
import { formatCentsBRL } from '../../../domain/money';
import { formatPhoneBR } from '../../../domain/whatsapp';
import { campaignExport, fillCustomerMessage } from '../../../domain/reports';
import { Pagination } from '../../../ui/Pagination';
import { pageSlice } from '../../../ui/pagination';
import { ExportMenu } from '../parts/ExportMenu';
import { REPORT_TEXT as T } from '../messages';
import { AUDIENCES, audienceRows, type Audience } from './campaigns';
import type { CustomerReportData } from './useCustomerReport';
import { WhatsAppLink } from './WhatsAppLink';
import { TableScroll } from '../../../ui/ScrollRegion';

const PAGE_SIZE = 8;

export interface CampaignDialogProps {
  open: boolean;
  audience: Audience;
  /** The top 'WhatsApp' button lets the user pick the audience; the campaign buttons fix it. */
  chooseAudience: boolean;
  data: CustomerReportData;
  today: string;
  onClose: () => void;
}

/** The customers of a campaign, an editable message and one WhatsApp link per customer; exportable. */
export function CampaignDialog({ open, audience: initial, chooseAudience, data, today, onClose }: CampaignDialogProps) {
  const [audience, setAudience] = useState<Audience>(initial);
  const def = AUDIENCES.find((a) => a.key === audience)!;
  const [template, setTemplate] = useState(def.template);
  const [page, setPage] = useState(1);
  const rows = audienceRows(data, audience);
  const title = chooseAudience ? T.whatsappTitle : audience === 'vip' ? T.vipCampaign : audience === 'inactive' ? T.reactivation : def.label;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      testId="campaign-dialog"
      size="xl"
      closeLabel={T.close}
      lazy={false}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {T.close}
          </Button>
        </>
      }
    >
        <Stack gap="4">
          {chooseAudience && (
            <Field.Root>
              <Field.Label>{T.audience}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={audience}
                  onChange={(e) => {
                    const next = e.currentTarget.value as Audience;
                    setAudience(next);
                    setTemplate(AUDIENCES.find((a) => a.key === next)!.template);
                    setPage(1);
                  }}
                >
                  {AUDIENCES.map((a) => (
                    <option key={a.key} value={a.key}>
                      {a.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          <Field.Root>
            <Field.Label>{T.message}</Field.Label>
            <Textarea value={template} onChange={(e) => setTemplate(e.currentTarget.value)} rows={4} autoresize />
            <Field.HelperText>{audience === 'debtors' ? `${T.messageHint} {valor} e {vencimento}: o valor em aberto e o vencimento mais antigo.` : T.messageHint}</Field.HelperText>
          </Field.Root>
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Badge size="lg" variant="subtle" data-testid="campaign-count">
              {T.recipients(rows.length)}
            </Badge>
            <ExportMenu label={T.exportList} variant="outline" getTable={() => campaignExport(rows, template, `${def.file}-${today}`)} />
          </HStack>
          {rows.length === 0 ? (
            <Text color="fg.muted">{T.campaignEmpty}</Text>
          ) : (
            <Box>
              <TableScroll label="Clientes da campanha">
                <Table.Root size="sm">
                  <Table.Body>
                    {pageSlice(rows, page, PAGE_SIZE).map((r) => (
                      <Table.Row key={r.id}>
                        <Table.Cell>
                          <Text fontWeight="medium">{r.name}</Text>
                          <Text fontSize="xs" color="fg.muted">
                            {r.phone ? formatPhoneBR(r.phone) : '-'}
                            {audience === 'debtors' ? ` · ${formatCentsBRL(r.debtCents)}` : ` · ${formatCentsBRL(r.totalCents)}`}
                          </Text>
                        </Table.Cell>
                        <Table.Cell textAlign="end">
                          <WhatsAppLink number={r.whatsapp} name={r.name} message={fillCustomerMessage(template, r)} />
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </TableScroll>
              <Pagination page={page} total={rows.length} pageSize={PAGE_SIZE} onPageChange={setPage} buttons={3} />
            </Box>
          )}
        </Stack>
    </FormDialog>
  );
}
