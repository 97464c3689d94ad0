import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { identityEndpoints } from '@openbourse/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../shared/api/client';
import { AuthCard } from './AuthCard';
import { solveCaptchaIfRequired } from './captcha';
import { EmailCodeField } from './EmailCodeField';
import { useAuthSettings } from './identity.api';
import { NewPasswordFields } from './NewPasswordFields';
import { useFormFields } from './use-form-fields';
import { checks, type FieldErrors } from './validation';

type Field = 'email' | 'code' | 'password' | 'confirmPassword';

export default function ResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useAuthSettings();
  const reset = useMutation({
    mutationFn: (input: { email: string; code: string; password: string; confirmPassword: string }) =>
      callApi(identityEndpoints.resetPassword, { body: input }),
  });
  const { values, set, setField, errors, setErrors, check } = useFormFields({
    email: '',
    code: '',
    password: '',
    confirmPassword: '',
  });

  const checkEmail = () => check('email', checks.email(values.email), t('auth.emailInvalid'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {};
    if (!checks.email(values.email)) found.email = t('auth.emailInvalid');
    if (!checks.code(values.code)) found.code = t('auth.codeFormat');
    if (!checks.password(values.password)) found.password = t('auth.passwordShort');
    if (values.password !== values.confirmPassword) found.confirmPassword = t('auth.passwordsDiffer');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await reset.mutateAsync({ ...values, email: values.email.trim(), code: values.code.trim() });
      notifications.show({ color: 'green', message: t('auth.resetDone'), autoClose: 4000 });
      navigate('/pass/login', { replace: true });
    } catch {
      // Announced by the mutation toast.
    }
  };

  if (settings.data?.walletOnly) {
    return (
      <AuthCard title={t('auth.resetTitle')}>
        <Alert color="blue">{t('auth.walletOnly')}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.resetTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            required
          />
          <EmailCodeField
            email={values.email}
            type="reset"
            code={values.code}
            onCodeChange={(code) => setField('code', code)}
            beforeSend={checkEmail}
            getCaptcha={() => (settings.data?.captchaRequired ? solveCaptchaIfRequired() : Promise.resolve(undefined))}
            error={errors.code}
          />
          <NewPasswordFields
            label={t('auth.newPassword')}
            password={values.password}
            confirmPassword={values.confirmPassword}
            onPasswordChange={set('password')}
            onConfirmChange={set('confirmPassword')}
            errors={errors}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {t('auth.submitReset')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/pass/login" size="sm">
        {t('nav.login')}
      </Anchor>
    </AuthCard>
  );
}
