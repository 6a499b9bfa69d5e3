/** Avisar cliente: opens WhatsApp (wa.me) with a pt-BR message naming the job and its link. */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { MessageCircle } from 'lucide-react';
import type { CustomerDoc, QuotationDoc, WorkOrderStage } from '@shared';
import { toaster } from '../../ui/toaster';
import { SV } from './messages';
import { noticePlan } from './notice';

type Props = ButtonProps & {
  order: { code: string; description: string; stage: WorkOrderStage };
  customer: CustomerDoc | null;
  quotation: Pick<QuotationDoc, 'code' | 'link_secret'> | null;
  company: string;
};

export function NotifyButton({ order, customer, quotation, company, ...button }: Props) {
  const notify = () => {
    const plan = noticePlan({ code: order.code, description: order.description, stage: order.stage, customer, quotation, company, origin: window.location.origin });
    if (!plan.ok) return void toaster.create({ type: 'warning', title: SV.notify, description: plan.message });
    window.open(plan.url, '_blank', 'noopener');
  };
  return (
    <Button colorPalette="green" minH="44px" onClick={notify} data-testid="notify-customer" {...button}>
      <MessageCircle aria-hidden />
      {SV.notify}
    </Button>
  );
}
