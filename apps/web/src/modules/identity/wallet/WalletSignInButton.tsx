import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TSecondFactorChallenge } from '@openbourse/contracts';
import { identityEndpoints } from '@openbourse/contracts/constants';
import { IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errors';
import { useSignIn } from '../identity.api';
import { SecondFactorForm, secondFactorChallengeOf } from '../SecondFactor';
import type { WalletSignInStep } from './connect';
import { WalletError, type WalletErrorKey } from './wallet-error';

/** SPEC §9: the wallet's configuration, here its code, gets 10 s to arrive. */
export const WALLET_CONFIG_TIMEOUT_MS = 10_000;

// The wallet code (viem's hex helper included) is its own chunk, fetched when it is needed.
const importWalletCode = () => import('./connect');

async function loadWalletCode() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      importWalletCode(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('wallet code timeout')), WALLET_CONFIG_TIMEOUT_MS);
      }),
    ]);
  } catch {
    // Offline, or a new deployment removed the old chunk.
    throw new WalletError('configNotLoaded');
  } finally {
    clearTimeout(timer);
  }
}

/** "Sign in with a wallet": connect, sign the server's message, sign in, go home. */
export function WalletSignInButton({ fullWidth = true }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn(identityEndpoints.walletLogin);
  const [step, setStep] = useState<WalletSignInStep | null>(null);
  const [failure, setFailure] = useState<WalletErrorKey | null>(null);
  const [challenge, setChallenge] = useState<TSecondFactorChallenge | null>(null);

  const start = async () => {
    setFailure(null);
    setStep('connecting');
    // Read after the await: a plain variable would be narrowed by TypeScript to its first value.
    const progress: { step: WalletSignInStep } = { step: 'connecting' };
    try {
      const { signInWithWallet } = await loadWalletCode();
      await signInWithWallet({
        onStep: (next) => {
          progress.step = next;
          setStep(next);
        },
        requestNonce: (body) => callApi(identityEndpoints.walletNonce, { body }),
        login: (body) => signIn.mutateAsync(body),
      });
      navigate('/', { replace: true });
    } catch (error) {
      // Two-factor authentication is on: the signature was the first factor, the code completes it.
      const waiting = secondFactorChallengeOf(error);
      if (waiting) setChallenge(waiting);
      else if (error instanceof WalletError) setFailure(error.key);
      // The login is a mutation and the mutation cache already toasted its failure.
      else if (progress.step !== 'signingIn') {
        notifications.show({ color: 'red', message: errorMessage(error), autoClose: 4000 });
      }
    } finally {
      setStep(null);
    }
  };

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        fullWidth={fullWidth}
        leftSection={<IconWallet size={18} aria-hidden />}
        loading={step !== null}
        onClick={() => void start()}
        // Fetch the wallet code while the pointer is on its way.
        onPointerEnter={() => void importWalletCode().catch(() => undefined)}
        data-testid="wallet-sign-in"
      >
        {t('auth.connectWallet')}
      </Button>
      {(step === 'connecting' || step === 'signing') && (
        <Text size="sm" role="status" data-testid="wallet-status">
          {step === 'connecting' ? t('wallet.connecting') : t('wallet.signPrompt')}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert" data-testid="wallet-error">
          {t(`wallet.${failure}`)}
        </Alert>
      )}
      <Modal opened={challenge !== null} onClose={() => setChallenge(null)} title={t('auth.loginTitle')} centered>
        {challenge && <SecondFactorForm challenge={challenge} onSignedIn={() => navigate('/', { replace: true })} />}
      </Modal>
    </Stack>
  );
}
