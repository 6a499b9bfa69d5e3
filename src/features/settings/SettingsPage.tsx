/**
 * Configurações: the five catalogues, Empresa, Fiscal, Equipe and Backups (owner only), Minha conta and Sincronização, each tab
 * addressable as /adm/settings?tab=<key> (the mobile bottom bar's Perfil opens ?tab=conta).
 */
import { Box, Heading, Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import type { CatalogKind } from '@shared';
import { AccountTab } from './AccountTab';
import { BackupsTab } from './BackupsTab';
import { CatalogTab } from './CatalogTab';
import { CompanyTab } from './CompanyTab';
import { FiscalTab } from './FiscalTab';
import { OWNER_TABS, SETTINGS_TABS, SETTINGS_TEXT as T, type SettingsTab } from './messages';
import { SyncTab } from './SyncTab';
import { TeamTab } from './TeamTab';
import { useMyRole } from '../../data/db';
import { useScrollFade } from '../../ui/useScrollFade';

const CATALOG_TABS: Partial<Record<SettingsTab, CatalogKind>> = {
  categorias: 'category',
  tipos: 'type',
  materiais: 'material',
  espessuras: 'thickness',
  dimensoes: 'dimension',
};

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  // Empresa, Fiscal, Equipe and Backups are the owner's: hidden from staff (the server refuses their changes too).
  const role = useMyRole();
  const tabs = role === 'owner' ? SETTINGS_TABS : SETTINGS_TABS.filter((t) => !OWNER_TABS.includes(t));
  const requested = params.get('tab') as SettingsTab | null;
  const tab: SettingsTab = requested && tabs.includes(requested) ? requested : 'categorias';
  // On a phone the tab strip scrolls sideways: the open tab (e.g. Minha conta from Perfil) is kept in view.
  const { ref: strip, mask } = useScrollFade<HTMLDivElement>(tab, '[aria-selected="true"]');

  return (
    <Box>
      <Heading as="h1" size="2xl" mb="4">
        {T.title}
      </Heading>
      <Tabs.Root
        value={tab}
        onValueChange={(e) => setParams({ tab: e.value }, { replace: true })}
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Box ref={strip} overflowX="auto" mb="4" position="relative" css={{ scrollbarWidth: 'thin', maskImage: mask, WebkitMaskImage: mask }}>
          <Tabs.List minW="max-content">
            {tabs.map((key) => (
              <Tabs.Trigger key={key} value={key}>
                {T.tabs[key]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {tabs.map((key) => (
          <Tabs.Content key={key} value={key} pt="0">
            {CATALOG_TABS[key] ? (
              <CatalogTab kind={CATALOG_TABS[key]} />
            ) : key === 'empresa' ? (
              <CompanyTab />
            ) : key === 'fiscal' ? (
              <FiscalTab />
            ) : key === 'conta' ? (
              <AccountTab />
            ) : key === 'equipe' ? (
              <TeamTab />
            ) : key === 'backups' ? (
              <BackupsTab />
            ) : (
              <SyncTab />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}
