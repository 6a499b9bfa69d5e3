/** 'Minha conta': the user's e-mail, change password, and the device sessions. */
import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useAuth } from '../../data/auth';
import { ChangePasswordForm } from './ChangePasswordForm';
import { SessionsList } from './SessionsList';
import { SETTINGS_TEXT } from './messages';

const T = SETTINGS_TEXT.account;

export function AccountTab() {
  const auth = useAuth();
  const email = auth.status === 'signed-in' ? auth.user.email : '';
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body>
          <Text textStyle="sm" color="fg.muted">
            {T.email}
          </Text>
          <Text fontWeight="semibold" data-testid="account-email" wordBreak="break-all">
            {email}
          </Text>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {T.passwordTitle}
          </Heading>
        </Card.Header>
        <Card.Body>
          <ChangePasswordForm />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            {T.devicesTitle}
          </Heading>
        </Card.Header>
        <Card.Body>
          <SessionsList />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
