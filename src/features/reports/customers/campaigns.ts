import { DEBT_TEMPLATE, REACTIVATION_TEMPLATE, VIP_TEMPLATE, type CustomerRow } from '../../../domain/reports';
import { GENERIC_TEMPLATE, REPORT_TEXT as T } from '../messages';
import type { CustomerReportData } from './useCustomerReport';

export type Audience = 'debtors' | 'inactive' | 'vip' | 'all';

export const AUDIENCES: { key: Audience; label: string; template: string; file: string }[] = [
  { key: 'debtors', label: T.audienceDebtors, template: DEBT_TEMPLATE, file: 'lembretes-pagamento' },
  { key: 'inactive', label: T.audienceInactive, template: REACTIVATION_TEMPLATE, file: 'campanha-reativacao' },
  { key: 'vip', label: T.audienceVip, template: VIP_TEMPLATE, file: 'campanha-vip' },
  { key: 'all', label: T.audienceAll, template: GENERIC_TEMPLATE, file: 'clientes-whatsapp' },
];

export function audienceRows(data: CustomerReportData, audience: Audience): CustomerRow[] {
  switch (audience) {
    case 'debtors':
      return data.debtors;
    case 'inactive':
      return data.inactive;
    case 'vip':
      return data.vip;
    case 'all':
      return [...data.rows].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }
}
