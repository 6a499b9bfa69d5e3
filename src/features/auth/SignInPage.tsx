/**
 * /auth — staff sign-in. A live session goes straight to the dashboard; success replaces history
 * so Back does not return to the form.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Card, Center, Field, Heading, Image, Input, Spinner, Stack, Text, Link } from '@chakra-ui/react';
import { signIn, useAuth } from '../../data/auth';
import { toaster } from '../../ui/toaster';
import { AUTH_MESSAGES as M } from './messages';
import { signInErrorMessage } from './signInErrors';

const DASHBOARD = '/adm/dashboard';

export function SignInPage({ installButton, notice }: { installButton?: ReactNode; notice?: ReactNode }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);

  if (auth.status === 'loading') {
    return (
      <Center minH="100dvh">
        <Spinner size="xl" color="blue.solid" />
      </Center>
    );
  }
  if (auth.status === 'signed-in' && !loading) return <Navigate to={DASHBOARD} replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    setLoading(true);
    setError(null);
    // A new attempt replaces the previous attempt's error toasts.
    toaster.dismiss();
    try {
      const result = await signIn(email.trim(), password);
      if (result.ok) {
        // A first access goes straight to the forced password change: its dialog is the welcome,
        // and on a phone (toasts at the bottom) the toast covered its lower edge (issue 39 §4).
        if (!result.user.first_access) toaster.create({ type: 'success', title: M.successTitle, description: M.successDescription });
        navigate(DASHBOARD, { replace: true });
        return;
      }
      // Shown once, in the alert above the fields: as a toast too it said the same thing twice,
      // and on a phone (toasts at the bottom) it covered the Entrar button while it lasted.
      setError(signInErrorMessage(result));
    } catch {
      setError(signInErrorMessage({ code: 'unexpected' }));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Center minH="100dvh" bg="gray.100" px="4" py="8" flexDirection="column" gap="4">
      {notice && (
        <Box width="full" maxW="md">
          {notice}
        </Box>
      )}
      <Card.Root width="full" maxW="sm" boxShadow="lg">
        <Card.Header>
          <Stack gap="1" textAlign="center" align="center">
            <Image src="/icons/icon-192.png" alt="" width="14" height="14" rounded="xl" mb="2" />
            <Heading as="h1" size="xl">
              {M.title}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {M.subtitle}
            </Text>
          </Stack>
        </Card.Header>
        <Card.Body>
          <form onSubmit={onSubmit} noValidate={false}>
            <Stack gap="4">
              {error && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{error.title}</Alert.Title>
                    <Alert.Description>{error.message}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
              <Field.Root required>
                <Field.Label>{M.emailLabel}</Field.Label>
                <Input
                  type="email"
                  name="email"
                  autoComplete="username"
                  placeholder={M.emailPlaceholder}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{M.passwordLabel}</Field.Label>
                <Input
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              </Field.Root>
              <Button type="submit" colorPalette="blue" width="full" disabled={loading}>
                {loading ? M.submitting : M.submit}
              </Button>
            </Stack>
          </form>
        </Card.Body>
        <Card.Footer flexDirection="column" gap="3">
          {installButton && <Box width="full">{installButton}</Box>}
          <Link href="/" color="fg.muted" textStyle="sm">
            {M.backToSite}
          </Link>
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}
