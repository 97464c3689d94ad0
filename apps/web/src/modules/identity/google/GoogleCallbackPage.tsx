import { Center, Loader, Stack, Text } from '@mantine/core';
import type { TSecondFactorChallenge } from '@openbourse/contracts';
import { identityEndpoints } from '@openbourse/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/errors';
import { catalogueMessage } from '../../../shared/i18n/i18n';
import { useSignIn } from '../identity.api';
import { SecondFactorForm, SignInFailed, secondFactorChallengeOf } from '../SecondFactor';
import { googleRedirectUri, takePendingSignIn } from './google';

/**
 * Where Google sends the browser back: exchange the code (once) and sign in, asking for the
 * authenticator code when the account has two-factor authentication on.
 */
export default function GoogleCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn(identityEndpoints.loginByGoogle);
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TSecondFactorChallenge | null>(null);
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
      .catch((error: unknown) => {
        // Two-factor authentication is on: the code completes the sign-in.
        const waiting = secondFactorChallengeOf(error);
        if (waiting) setChallenge(waiting);
        else setFailure(errorMessage(error));
      });
  }, [params, signIn, navigate]);

  return (
    <Center mih="60vh" p="md">
      {challenge && !failure ? (
        <Stack gap="sm" w="100%" maw={360}>
          <SecondFactorForm challenge={challenge} onSignedIn={() => navigate('/', { replace: true })} />
        </Stack>
      ) : failure ? (
        <SignInFailed message={failure} testId="google-failure" />
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>{t('auth.googleSigningIn')}</Text>
        </Stack>
      )}
    </Center>
  );
}
