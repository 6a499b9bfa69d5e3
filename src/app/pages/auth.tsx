/** /auth — composes the sign-in page with the install button (PWA lives in src/app). */
import { SignInPage } from '../../features/auth';
import { InstallButton } from '../pwa/InstallButton';
import { InsecureOriginNotice } from '../pwa/InsecureOriginNotice';
import { registerStaffServiceWorker } from '../pwa/register';

registerStaffServiceWorker();

export default function AuthRoute() {
  return <SignInPage installButton={<InstallButton variantLabel="desktop" width="full" />} notice={<InsecureOriginNotice />} />;
}
