/**
 * The page-data block as the server embeds it (see sync-server/src/ssr): for the unit tests of
 * pages that start from it (landing, public quotation).
 */
import { PAGE_DATA_ELEMENT_ID, type PublicCompany } from '@shared';

/** Appends the JSON block (`<` escaped as the server writes it); `raw` puts text as it is (broken JSON). */
export function embedPageData(data: unknown, raw?: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_DATA_ELEMENT_ID;
  block.textContent = raw ?? JSON.stringify(data).replace(/</g, '\\u003c');
  document.body.append(block);
}

/** A public company profile with the fields every test leaves alone filled in. */
export function publicCompany(over: Partial<PublicCompany> = {}): PublicCompany {
  return {
    name: 'Forja Soldas',
    tagline: null,
    address: 'Rua das Oficinas, 123',
    city: 'Campestre - MG',
    phones: ['(35) 3743-1234'],
    whatsapp_numbers: [],
    email: null,
    facebook_url: null,
    instagram_url: null,
    opening_hours: '',
    map_url: null,
    pix_key: null,
    ...over,
  };
}
