export { SettingsPage } from './SettingsPage';
export { CertificateNotice } from './CertificateNotice';
