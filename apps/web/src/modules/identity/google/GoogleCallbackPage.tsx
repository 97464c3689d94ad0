import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/errors';
import { catalogueMessage } from '../../../shared/i18n/i18n';
import { useSignIn } from '../identity.api';
import { googleRedirectUri, takePendingSignIn } from './google';

/** Where Google sends the browser back: exchange the code (once) and sign in. */
export default function GoogleCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn<{ code: string; codeVerifier: string; redirectUri: string }>('/login/loginByGoogle');
  const [failure, setFailure] = useState<string | null>(null);
  const hasRun = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development; the code can be exchanged only once.
    if (hasRun.current) return;
    hasRun.current = true;
    const code = params.get('code');
    const pending = takePendingSignIn(params.get('state'));
    if (!code || !pending) {
      setFailure(catalogueMessage(10122));
      return;
    }
    signIn
      .mutateAsync({ code, codeVerifier: pending.codeVerifier, redirectUri: googleRedirectUri() })
      .then(() => navigate('/', { replace: true }))
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [params, signIn, navigate]);

  return (
    <Center mih="60vh" p="md">
      {failure ? (
        <Stack align="center" gap="sm">
          <Alert color="red" role="alert" data-testid="google-failure">
            {failure}
          </Alert>
          <Anchor component={Link} to="/pass/login">
            {t('nav.login')}
          </Anchor>
        </Stack>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>{t('auth.googleSigningIn')}</Text>
        </Stack>
      )}
    </Center>
  );
}
