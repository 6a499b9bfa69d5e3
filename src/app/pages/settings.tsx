/** Route module for /adm/settings: composes the feature's page with what it needs from others. */
import { PageTitle } from './PageTitle';

export const SettingsRoute = () => <PageTitle>Configurações</PageTitle>;
