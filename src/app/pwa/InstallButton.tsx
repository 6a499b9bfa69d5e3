/**
 * 'Baixar Aplicativo' (desktop) / 'Instalar' (mobile). Hidden when the app already runs
 * installed. Without a native prompt it explains how to install from the browser menu.
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { toaster } from '../../ui/toaster';
import { PWA_MESSAGES as M } from './messages';
import { promptInstall, useInstallState } from './install';
import { isInsecureOrigin } from './secure-context';

interface InstallButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  variantLabel?: 'desktop' | 'mobile';
  /** Render only when the browser offers a native prompt (shell); the sign-in page always shows it. */
  onlyWithPrompt?: boolean;
}

export function InstallButton({ variantLabel = 'desktop', onlyWithPrompt = false, ...rest }: InstallButtonProps) {
  const { canPrompt, installed } = useInstallState();
  // Browsers never install an app from plain http (InsecureOriginNotice says why and what to do).
  if (installed || isInsecureOrigin()) return null;
  if (onlyWithPrompt && !canPrompt) return null;

  async function onClick() {
    const outcome = await promptInstall();
    if (outcome === 'accepted') {
      toaster.create({ type: 'success', title: M.installStartedTitle, description: M.installStartedDescription });
    } else if (outcome === 'unavailable') {
      toaster.create({ type: 'info', title: M.manualInstallTitle, description: M.manualInstallDescription });
    }
  }

  return (
    <Button variant="outline" onClick={onClick} {...rest}>
      <Download size={16} />
      {variantLabel === 'mobile' ? M.installMobile : M.installDesktop}
    </Button>
  );
}
