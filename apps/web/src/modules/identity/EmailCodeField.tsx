import { Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CaptchaSolution } from './identity.api';
import { useSendCode } from './identity.api';
import { useCountdown } from './use-countdown';

type Props = {
  email: string;
  type: 'register' | 'reset';
  code: string;
  onCodeChange: (code: string) => void;
  /** Checks the e-mail field first; false stops the send. */
  beforeSend: () => boolean;
  getCaptcha: () => Promise<CaptchaSolution | undefined>;
  error?: string;
};

/** The code input with its "Send code" button and the one-minute countdown. */
export function EmailCodeField({ email, type, code, onCodeChange, beforeSend, getCaptcha, error }: Props) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  const [secondsLeft, startCountdown] = useCountdown();
  const send = async () => {
    if (!beforeSend()) return;
    const captcha = await getCaptcha();
    const answer = await sendCode.mutateAsync({ email: email.trim(), type, ...(captcha ? { captcha } : {}) });
    startCountdown(answer.resendAfterSeconds);
  };
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => onCodeChange(event.currentTarget.value)}
          error={error}
          required
        />
        <Button
          variant="light"
          onClick={() => void send().catch(() => undefined)}
          loading={sendCode.isPending}
          disabled={secondsLeft > 0}
          data-testid="send-code"
        >
          {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
        </Button>
      </Group>
      {sendCode.isSuccess && (
        <Text size="sm" c="dimmed" role="status">
          {t('auth.codeSent', { email: email.trim() })}
        </Text>
      )}
    </>
  );
}
