import { Box, CloseButton, Dialog, Heading, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DialogRoot } from '../../ui/DialogRoot';
import { Award, Clock, Flame, Handshake, Drill, Factory, Cog, Wrench } from 'lucide-react';
import type { PublicCompany } from '@shared';
import { ContactSection } from './ContactSection';
import { LANDING_MESSAGES as M } from './messages';

const DIFFERENTIATOR_ICONS = [Handshake, Award, Wrench, Clock];
const SERVICE_ICONS = [Flame, Drill, Factory, Cog];

interface Props {
  open: boolean;
  onClose: () => void;
  company: PublicCompany | null;
}

/**
 * The information overlay (spec §2): About us, Services, Contact. Max width 800 px; closes by
 * its close button or a click on the dimmed backdrop.
 */
export default function InfoOverlay({ open, onClose, company }: Props) {
  const name = company?.name ?? '';
  return (
    <DialogRoot
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" data-testid="info-overlay-backdrop" />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="info-overlay" maxW="800px" w="100%" borderRadius="xl">
            <Dialog.Header>
              <Dialog.Title fontSize="xl">{name || M.about.heading}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="8" pb="4">
                <section aria-labelledby="ld-about">
                  <Heading as="h2" id="ld-about" size="lg" mb="2">
                    {M.about.heading}
                  </Heading>
                  <Text mb="4">{M.about.whoWeAre(name || 'nossa empresa', company?.city ?? '')}</Text>
                  <Heading as="h3" size="sm" mb="2" color="gray.600">
                    {M.about.differentiatorsHeading}
                  </Heading>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                    {M.about.differentiators.map((d, i) => {
                      const Icon = DIFFERENTIATOR_ICONS[i];
                      return (
                        <Box key={d.title} display="flex" gap="3" p="3" borderWidth="1px" borderRadius="md">
                          <Icon size={22} color="#1d4ed8" aria-hidden="true" style={{ flexShrink: 0 }} />
                          <Box>
                            <Text fontWeight="semibold">{d.title}</Text>
                            <Text fontSize="sm" color="gray.600">
                              {d.text}
                            </Text>
                          </Box>
                        </Box>
                      );
                    })}
                  </SimpleGrid>
                </section>
                <section aria-labelledby="ld-services">
                  <Heading as="h2" id="ld-services" size="lg" mb="3">
                    {M.services.heading}
                  </Heading>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                    {M.services.cards.map((c, i) => {
                      const Icon = SERVICE_ICONS[i];
                      return (
                        <Box key={c.title} p="4" borderRadius="lg" bg="gray.50" borderTopWidth="4px" borderTopColor={i % 2 ? 'red.600' : 'blue.700'}>
                          <Icon size={26} color={i % 2 ? '#dc2626' : '#1d4ed8'} aria-hidden="true" />
                          <Text fontWeight="bold" mt="2">
                            {c.title}
                          </Text>
                          <Text fontSize="sm" color="gray.700">
                            {c.text}
                          </Text>
                        </Box>
                      );
                    })}
                  </SimpleGrid>
                </section>
                <section aria-labelledby="ld-contact">
                  <Heading as="h2" id="ld-contact" size="lg" mb="3">
                    {M.contact.heading}
                  </Heading>
                  <ContactSection company={company} />
                </section>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={M.menuClose} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </DialogRoot>
  );
}
