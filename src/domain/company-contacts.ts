/** The shop's contact lines as printed on its documents (quotation PDF, Comprovante de entrega). Pure. */
import { formatPhoneBR } from './whatsapp';

export function companyContactLines(c: {
  address?: string | null;
  city?: string | null;
  phones: readonly string[];
  whatsapp_numbers: readonly string[];
  email?: string | null;
}): string[] {
  return [
    [c.address, c.city].filter(Boolean).join(' — '),
    c.phones.length ? `Telefone: ${c.phones.map(formatPhoneBR).join(' / ')}` : '',
    c.whatsapp_numbers.length ? `WhatsApp: ${c.whatsapp_numbers.map(formatPhoneBR).join(' / ')}` : '',
    c.email ? `E-mail: ${c.email}` : '',
  ].filter(Boolean);
}
