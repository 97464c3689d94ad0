import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { TSecondFactorChallenge } from '@openbourse/contracts';
import { identityEndpoints } from '@openbourse/contracts/constants';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { useSignIn } from './identity.api';
import { useFormFields } from './use-form-fields';
import { checks } from './validation';

/** The authenticator code input, as the log-in form and the second-factor step ask for it. */
export function TotpCodeField(props: {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm">{t('auth.totpPrompt')}</Text>
      <TextInput
        label={t('auth.totp')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        data-autofocus
      />
    </>
  );
}

/** Which second factor the user gives: the authenticator's code, or one of the recovery codes (#16). */
export type SecondFactorKind = 'totp' | 'recovery';

/** A recovery code as typed: 10 letters and digits, dashes and spaces anywhere. */
export function isRecoveryCodeShaped(value: string): boolean {
  return /^[A-Za-z0-9 -]{10,16}$/.test(value.trim()) && value.replace(/[\s-]/g, '').length === 10;
}

/** The code a sign-in's second step sends, under the field its kind names. */
export function secondFactorBody(kind: SecondFactorKind, value: string): { totp: string } | { recoveryCode: string } {
  return kind === 'recovery' ? { recoveryCode: value.trim() } : { totp: value.trim() };
}

/** The second factor's input: the authenticator code, or (switched by a link) a recovery code. */
export function SecondFactorField(props: {
  kind: SecondFactorKind;
  onKindChange: (kind: SecondFactorKind) => void;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const other: SecondFactorKind = props.kind === 'totp' ? 'recovery' : 'totp';
  return (
    <>
      {props.kind === 'totp' ? (
        <TotpCodeField value={props.value} onChange={props.onChange} error={props.error} />
      ) : (
        <>
          <Text size="sm">{t('auth.recoveryCodePrompt')}</Text>
          <TextInput
            label={t('auth.recoveryCode')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            dir="ltr"
            value={props.value}
            onChange={props.onChange}
            error={props.error}
            data-autofocus
            data-testid="recovery-code-input"
          />
        </>
      )}
      <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => props.onKindChange(other)}>
        {other === 'recovery' ? t('auth.useRecoveryCode') : t('auth.useAuthenticatorCode')}
      </Anchor>
    </>
  );
}

/**
 * The challenge of a Google or wallet sign-in that waits for the authenticator's code (the
 * server's 10116 with the challenge as data), or null for any other failure.
 */
export function secondFactorChallengeOf(error: unknown): TSecondFactorChallenge | null {
  if (!(error instanceof ApiError) || error.code !== 10116) return null;
  // Checked by hand: the contracts' zod schemas stay out of the web bundle.
  const data = error.data as { challenge?: unknown; expiresAt?: unknown } | null;
  if (typeof data?.challenge !== 'string' || typeof data.expiresAt !== 'string') return null;
  return { challenge: data.challenge, expiresAt: data.expiresAt };
}

/** A sign-in that cannot go on: why, and the way back to the log-in page. */
export function SignInFailed({ message, testId }: { message: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm">
      <Alert color="red" role="alert" data-testid={testId}>
        {message}
      </Alert>
      <Anchor component={Link} to="/pass/login">
        {t('nav.login')}
      </Anchor>
    </Stack>
  );
}

// Answers after which the challenge is gone: used, expired, or the account locked.
const CHALLENGE_ENDED = new Set([10111, 10121]);

/** The second step of a Google or wallet sign-in for an account with two-factor authentication. */
export function SecondFactorForm({
  challenge,
  onSignedIn,
}: {
  challenge: TSecondFactorChallenge;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation();
  const complete = useSignIn(identityEndpoints.secondFactor);
  const { values, set, setField, errors, check } = useFormFields({ totp: '' });
  const [kind, setKind] = useState<SecondFactorKind>('totp');
  const [ended, setEnded] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const isShaped = kind === 'recovery' ? isRecoveryCodeShaped(values.totp) : checks.code(values.totp);
    if (!check('totp', isShaped, kind === 'recovery' ? t('auth.recoveryCodeFormat') : t('auth.codeFormat'))) return;
    try {
      await complete.mutateAsync({ challenge: challenge.challenge, ...secondFactorBody(kind, values.totp) });
      onSignedIn();
    } catch (error) {
      // A wrong code was toasted by the mutation cache and may be tried again.
      if (error instanceof ApiError && CHALLENGE_ENDED.has(error.code)) setEnded(errorMessage(error));
    }
  };

  if (ended) return <SignInFailed message={ended} testId="second-factor-ended" />;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="second-factor">
      <Stack gap="sm">
        <SecondFactorField
          kind={kind}
          onKindChange={(next) => {
            setKind(next);
            setField('totp', '');
          }}
          value={values.totp}
          onChange={set('totp')}
          error={errors.totp}
        />
        <Button type="submit" loading={complete.isPending} fullWidth>
          {t('auth.submitLogin')}
        </Button>
      </Stack>
    </form>
  );
}
