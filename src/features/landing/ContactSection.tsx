import { Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { Clock, MapPin, MessageCircle, Phone, Mail } from 'lucide-react';
import { FacebookIcon, InstagramIcon } from './BrandIcons';
import type { PublicCompany } from '@shared';
import { formatPhoneBR, whatsappLink } from '../../domain/whatsapp';
import { LANDING_MESSAGES as M } from './messages';

/** Contact block of the overlay: address, hours, WhatsApp, social pages, map (spec §2). */
export function ContactSection({ company }: { company: PublicCompany | null }) {
  if (!company) return <Text color="gray.600">{M.contact.unavailable}</Text>;
  const whatsapps = company.whatsapp_numbers.filter(Boolean).slice(0, 2);
  const address = [company.address, company.city].filter(Boolean).join(' — ');
  // Without a map URL in the profile, Google Maps embeds a search for the address.
  const mapSrc =
    company.map_url || (address ? `https://www.google.com/maps?q=${encodeURIComponent(address)}&output=embed` : null);
  return (
    <Stack gap="4">
      {address && (
        <Text display="flex" gap="2" alignItems="flex-start">
          <MapPin size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
          <span>
            <strong>{M.contact.address}:</strong> {address}
          </span>
        </Text>
      )}
      {company.opening_hours && (
        <Text display="flex" gap="2" alignItems="flex-start">
          <Clock size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
          <span>
            <strong>{M.contact.hours}:</strong> {company.opening_hours}
          </span>
        </Text>
      )}
      {company.phones.length > 0 && (
        <Text display="flex" gap="2" alignItems="flex-start">
          <Phone size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
          <span>
            <strong>{M.contact.phone}:</strong> {company.phones.map(formatPhoneBR).join(' / ')}
          </span>
        </Text>
      )}
      {company.email && (
        <Text display="flex" gap="2" alignItems="flex-start">
          <Mail size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 3 }} />
          <span>
            <strong>{M.contact.email}:</strong> <a href={`mailto:${company.email}`}>{company.email}</a>
          </span>
        </Text>
      )}
      <Wrap gap="2">
        {whatsapps.map((n, i) => (
          <Button key={n + i} asChild colorPalette="green" size="sm">
            <a href={whatsappLink(n)} target="_blank" rel="noopener noreferrer">
              <MessageCircle size={16} aria-hidden="true" /> {M.contact.whatsapp(i + 1)}: {formatPhoneBR(n)}
            </a>
          </Button>
        ))}
        {company.facebook_url && (
          <Button asChild colorPalette="blue" size="sm">
            <a href={company.facebook_url} target="_blank" rel="noopener noreferrer">
              <FacebookIcon /> {M.contact.facebook}
            </a>
          </Button>
        )}
        {company.instagram_url && (
          <Button asChild colorPalette="pink" size="sm">
            <a href={company.instagram_url} target="_blank" rel="noopener noreferrer">
              <InstagramIcon /> {M.contact.instagram}
            </a>
          </Button>
        )}
      </Wrap>
      {mapSrc && (
        <iframe
          className="ld-map"
          src={mapSrc}
          title={M.contact.mapTitle(company.name)}
          height={300}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      )}
    </Stack>
  );
}
