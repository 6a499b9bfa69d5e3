import { Button, Text } from '@chakra-ui/react';
import { MessageCircle } from 'lucide-react';
import { formatWhatsAppNumber, whatsappLink } from '../../../domain/whatsapp';
import { REPORT_TEXT as T } from '../messages';

/** Opens WhatsApp (wa.me, Brazil's 55 rule) with the message; without a number says so. */
export function WhatsAppLink({ number, message, label = T.openWhatsapp, name }: { number: string; message: string; label?: string; name: string }) {
  if (!formatWhatsAppNumber(number)) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {T.noPhone}
      </Text>
    );
  }
  return (
    <Button asChild size="xs" colorPalette="green" variant="solid">
      <a href={whatsappLink(number, message)} target="_blank" rel="noopener noreferrer" aria-label={`${label}: ${name}`}>
        <MessageCircle /> {label}
      </a>
    </Button>
  );
}
