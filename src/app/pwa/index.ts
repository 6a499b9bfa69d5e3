export { registerServiceWorker, registerStaffServiceWorker } from './register';
export { clearQuotationsCache } from '../../ui/quotationsCache';
export { startInstallCapture, useInstallState, promptInstall, isStandalone } from './install';
export { InstallButton } from './InstallButton';
export { PWA_MESSAGES } from './messages';
export { InsecureOriginNotice } from './InsecureOriginNotice';
