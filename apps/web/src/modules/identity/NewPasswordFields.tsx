import { PasswordInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  password: string;
  confirmPassword: string;
  onPasswordChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onConfirmChange: (event: ChangeEvent<HTMLInputElement>) => void;
  errors: { password?: string; confirmPassword?: string };
};

/** A new password typed twice, with the rules spelled out (registration, reset). */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmChange,
  errors,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label}
        description={t('auth.passwordHint')}
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
        error={errors.password}
        required
      />
      <PasswordInput
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={onConfirmChange}
        error={errors.confirmPassword}
        required
      />
    </>
  );
}
