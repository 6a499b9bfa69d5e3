export { SettingsPage } from './SettingsPage';
export { CertificateNotice } from './CertificateNotice';
export { BackupNotice } from './BackupNotice';
