import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { INVITE_QUERY_PARAMETER, identityEndpoints } from '@openbourse/contracts/constants';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { returnPathFrom } from '../../shared/routes';
import { AuthCard } from './AuthCard';
import { solveCaptchaIfRequired } from './captcha';
import { EmailCodeField } from './EmailCodeField';
import { useAuthSettings, useSignIn } from './identity.api';
import { NewPasswordFields } from './NewPasswordFields';
import { useFormFields } from './use-form-fields';
import { checks, type FieldErrors } from './validation';

type Field = 'userName' | 'email' | 'password' | 'confirmPassword' | 'code' | 'inviteCode';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Sent here from the page asked for (the phone's board): back there once registered.
  const returnTo = returnPathFrom(useLocation().state) ?? '/profile';
  const settings = useAuthSettings();
  const register = useSignIn(identityEndpoints.register);
  const { values, set, setField, errors, setErrors, check } = useFormFields({
    userName: '',
    email: '',
    password: '',
    confirmPassword: '',
    code: '',
    // The invite link (/pass/register?invite=CODE) fills the code in.
    inviteCode: (params.get(INVITE_QUERY_PARAMETER) ?? '').trim().toUpperCase().slice(0, 12),
  });
  const captcha = () => (settings.data?.captchaRequired ? solveCaptchaIfRequired() : Promise.resolve(undefined));

  const checkEmail = () => check('email', checks.email(values.email), t('auth.emailInvalid'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<Field> = {};
    if (!checks.userName(values.userName)) found.userName = t('auth.userNameInvalid');
    if (!checks.email(values.email)) found.email = t('auth.emailInvalid');
    if (!checks.password(values.password)) found.password = t('auth.passwordShort');
    if (values.password !== values.confirmPassword) found.confirmPassword = t('auth.passwordsDiffer');
    if (!checks.code(values.code)) found.code = t('auth.codeFormat');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const solved = await captcha();
      await register.mutateAsync({
        userName: values.userName.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        code: values.code.trim(),
        ...(values.inviteCode.trim() ? { inviteCode: values.inviteCode.trim() } : {}),
        ...(solved ? { captcha: solved } : {}),
      });
      notifications.show({ color: 'green', message: t('auth.registered'), autoClose: 3000 });
      navigate(returnTo, { replace: true });
    } catch {
      // The failure was announced by the mutation toast; the form keeps its values.
    }
  };

  if (settings.data?.walletOnly) {
    return (
      <AuthCard title={t('auth.registerTitle')}>
        <Alert color="blue">{t('auth.walletOnly')}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.registerTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.userName')}
            description={t('auth.userNameHint')}
            autoComplete="username"
            maxLength={32}
            value={values.userName}
            onChange={set('userName')}
            error={errors.userName}
            required
          />
          <TextInput
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            maxLength={254}
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            required
          />
          <EmailCodeField
            email={values.email}
            type="register"
            code={values.code}
            onCodeChange={(code) => setField('code', code)}
            beforeSend={checkEmail}
            getCaptcha={captcha}
            error={errors.code}
          />
          <NewPasswordFields
            label={t('auth.password')}
            password={values.password}
            confirmPassword={values.confirmPassword}
            onPasswordChange={set('password')}
            onConfirmChange={set('confirmPassword')}
            errors={errors}
          />
          <TextInput
            label={t('auth.inviteCode')}
            maxLength={12}
            value={values.inviteCode}
            onChange={set('inviteCode')}
            error={errors.inviteCode}
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            {t('auth.submitRegister')}
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        {t('auth.haveAccount')}{' '}
        <Anchor component={Link} to="/pass/login">
          {t('nav.login')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
