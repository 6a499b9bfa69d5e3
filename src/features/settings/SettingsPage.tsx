/**
 * Configurações: the five catalogues, Empresa, Minha conta and Sincronização, each tab
 * addressable as /adm/settings?tab=<key> (the mobile bottom bar's Perfil opens ?tab=conta).
 */
import { useEffect, useRef } from 'react';
import { Box, Heading, Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import type { CatalogKind } from '@shared';
import { AccountTab } from './AccountTab';
import { CatalogTab } from './CatalogTab';
import { CompanyTab } from './CompanyTab';
import { SETTINGS_TABS, SETTINGS_TEXT as T, type SettingsTab } from './messages';
import { SyncTab } from './SyncTab';

const CATALOG_TABS: Partial<Record<SettingsTab, CatalogKind>> = {
  categorias: 'category',
  tipos: 'type',
  materiais: 'material',
  espessuras: 'thickness',
  dimensoes: 'dimension',
};

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as SettingsTab | null;
  const tab: SettingsTab = requested && SETTINGS_TABS.includes(requested) ? requested : 'categorias';
  const strip = useRef<HTMLDivElement>(null);
  // On a phone the tab strip scrolls sideways: keep the open tab (e.g. Minha conta from Perfil) in view.
  useEffect(() => {
    const active = strip.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (active && strip.current) strip.current.scrollLeft = active.offsetLeft - 16;
  }, [tab]);

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
        <Box ref={strip} overflowX="auto" mb="4" position="relative" css={{ scrollbarWidth: 'thin' }}>
          <Tabs.List minW="max-content">
            {SETTINGS_TABS.map((key) => (
              <Tabs.Trigger key={key} value={key}>
                {T.tabs[key]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {SETTINGS_TABS.map((key) => (
          <Tabs.Content key={key} value={key} pt="0">
            {CATALOG_TABS[key] ? (
              <CatalogTab kind={CATALOG_TABS[key]} />
            ) : key === 'empresa' ? (
              <CompanyTab />
            ) : key === 'conta' ? (
              <AccountTab />
            ) : (
              <SyncTab />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}
