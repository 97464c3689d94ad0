import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthSettings } from '../identity/identity.api';
import { useSession } from '../identity/session';
import { WalletSignInButton } from '../identity/wallet/WalletSignInButton';

/** Landing for logged-out visitors, also shown after a forced logout (with its reason). */
export default function EmptyPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const settings = useAuthSettings();
  const reason = (useLocation().state as { reason?: string } | null)?.reason;
  const isPasswordSignInOpen = !settings.data?.walletOnly;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('empty.title')}</Title>
        {reason && (
          <Alert color="yellow" title={t('empty.forcedLogout')} role="alert" data-testid="forced-logout-reason">
            {reason}
          </Alert>
        )}
        <Text>{t('empty.text')}</Text>
        {!token && isPasswordSignInOpen && (
          <Group>
            <Button component={Link} to="/pass/login">
              {t('empty.signIn')}
            </Button>
            <Button component={Link} to="/pass/register" variant="light">
              {t('empty.register')}
            </Button>
          </Group>
        )}
        {!token && !isPasswordSignInOpen && <Text>{t('auth.walletOnly')}</Text>}
        {!token && <WalletSignInButton fullWidth={false} />}
        <Group>
          <Button component={Link} to="/" variant="subtle">
            {t('empty.explore')}
          </Button>
          <Button component={Link} to="/help" variant="subtle">
            {t('empty.readHelp')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
