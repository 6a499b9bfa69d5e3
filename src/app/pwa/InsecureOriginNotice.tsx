/**
 * The notice shown on /auth and /adm when the app runs on plain http away from this machine
 * (secure-context.ts): what works (online use), what does not (install, opening without signal)
 * and where the fix is. Full on the sign-in page; one line on the staff screens, closable for the
 * rest of the visit, since it would otherwise sit on every screen.
 */
import { useState } from 'react';
import { Alert, CloseButton, Link, Stack, Text } from '@chakra-ui/react';
import { PWA_MESSAGES as M } from './messages';
import { isInsecureOrigin } from './secure-context';

export const INSTALL_CERTIFICATE_PATH = '/instalar-certificado';
const DISMISSED_KEY = 'forja.insecure_notice_dismissed';

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function InsecureOriginNotice({ variant = 'full' }: { variant?: 'full' | 'compact' }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!isInsecureOrigin() || (variant === 'compact' && dismissed)) return null;

  if (variant === 'compact') {
    const dismiss = () => {
      setDismissed(true);
      try {
        sessionStorage.setItem(DISMISSED_KEY, '1');
      } catch {
        /* private mode: closed for this page only */
      }
    };
    return (
      <Alert.Root status="warning" size="sm" mb="3" data-testid="insecure-origin-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>
            {M.insecureShort}{' '}
            <Link href={INSTALL_CERTIFICATE_PATH} fontWeight="semibold" textDecoration="underline">
              {M.insecureInstallLink}
            </Link>
          </Alert.Description>
        </Alert.Content>
        <CloseButton size="xs" aria-label={M.insecureDismiss} onClick={dismiss} alignSelf="flex-start" />
      </Alert.Root>
    );
  }

  return (
    <Alert.Root status="warning" data-testid="insecure-origin-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="semibold">{M.insecureTitle}</Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1">
            <Text>{M.insecureWorks}</Text>
            <Text>{M.insecureFix}</Text>
            <Link href={INSTALL_CERTIFICATE_PATH} fontWeight="semibold" textDecoration="underline">
              {M.insecureInstallLink}
            </Link>
            <Text textStyle="xs">{M.insecureReadme}</Text>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
