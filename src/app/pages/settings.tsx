/** Route module for /adm/settings: composes the feature's page with what it needs from others. */
import { SettingsPage } from '../../features/settings/SettingsPage';

export const SettingsRoute = () => <SettingsPage />;
