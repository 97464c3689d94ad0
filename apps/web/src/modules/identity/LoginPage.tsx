import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { identityEndpoints } from '@openbourse/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { returnPathFrom } from '../../shared/routes';
import { AuthCard } from './AuthCard';
import { solveCaptchaIfRequired } from './captcha';
import { GoogleButton } from './google/GoogleButton';
import { useAuthSettings, useSignIn } from './identity.api';
import { isRecoveryCodeShaped, SecondFactorField, type SecondFactorKind, secondFactorBody } from './SecondFactor';
import { useFormFields } from './use-form-fields';
import { checks, type FieldErrors } from './validation';
import { WalletSignInButton } from './wallet/WalletSignInButton';

type Field = 'userName' | 'password' | 'totp';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useAuthSettings();
  const signIn = useSignIn(identityEndpoints.login);
  const { values, set, setField, errors, setErrors } = useFormFields({ userName: '', password: '', totp: '' });
  const [isTotpNeeded, setTotpNeeded] = useState(false);
  // The authenticator's code, or one of the recovery codes in its place (#16).
  const [factor, setFactor] = useState<SecondFactorKind>('totp');
  const [isCaptchaRunning, setCaptchaRunning] = useState(false);
  const location = useLocation();
  const reason = (location.state as { reason?: string } | null)?.reason;
  // Sent here from a protected page: back there once signed in (issue 16, fix 9).
  const returnTo = returnPathFrom(location.state) ?? '/';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {};
    if (!checks.required(values.userName)) found.userName = t('auth.required');
    if (!checks.required(values.password)) found.password = t('auth.required');
    if (isTotpNeeded && factor === 'totp' && !checks.code(values.totp)) found.totp = t('auth.codeFormat');
    if (isTotpNeeded && factor === 'recovery' && !isRecoveryCodeShaped(values.totp)) {
      found.totp = t('auth.recoveryCodeFormat');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      setCaptchaRunning(Boolean(settings.data?.captchaRequired));
      const captcha = settings.data?.captchaRequired ? await solveCaptchaIfRequired() : undefined;
      setCaptchaRunning(false);
      await signIn.mutateAsync({
        userName: values.userName.trim(),
        password: values.password,
        ...(isTotpNeeded ? secondFactorBody(factor, values.totp) : {}),
        ...(captcha ? { captcha } : {}),
      });
      navigate(returnTo, { replace: true });
    } catch (error) {
      setCaptchaRunning(false);
      if (error instanceof ApiError && error.code === 10116) setTotpNeeded(true);
    }
  };

  if (settings.data?.walletOnly) {
    return (
      <AuthCard title={t('auth.loginTitle')}>
        <Alert color="blue">{t('auth.walletOnly')}</Alert>
        <WalletSignInButton />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.loginTitle')}>
      {reason && (
        <Alert color="yellow" role="alert" data-testid="forced-logout-reason">
          {reason}
        </Alert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.userNameOrEmail')}
            autoComplete="username"
            value={values.userName}
            onChange={set('userName')}
            error={errors.userName}
            required
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            required
          />
          {isTotpNeeded && (
            <SecondFactorField
              kind={factor}
              onKindChange={(next) => {
                setFactor(next);
                setField('totp', '');
              }}
              value={values.totp}
              onChange={set('totp')}
              error={errors.totp}
            />
          )}
          {isCaptchaRunning && <Text size="sm">{t('auth.captchaWorking')}</Text>}
          <Button type="submit" loading={signIn.isPending || isCaptchaRunning} fullWidth>
            {t('auth.submitLogin')}
          </Button>
        </Stack>
      </form>
      <Divider label={t('auth.or')} labelPosition="center" />
      <GoogleButton />
      <WalletSignInButton />
      <Group justify="space-between">
        <Anchor component={Link} to="/pass/reset" size="sm">
          {t('auth.forgotPassword')}
        </Anchor>
        <Text size="sm">
          {t('auth.noAccount')}{' '}
          <Anchor component={Link} to="/pass/register">
            {t('nav.signup')}
          </Anchor>
        </Text>
      </Group>
    </AuthCard>
  );
}
