import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueMessage } from '../../../shared/i18n/i18n';
import { fetchGoogleConfig, startGoogleSignIn } from './google';

/** "Continue with Google", shown only when the deployment configured it. */
export function GoogleButton() {
  const { t } = useTranslation();
  const [isStarting, setStarting] = useState(false);
  const config = useQuery({
    queryKey: ['identity', 'googleConfig'],
    queryFn: ({ signal }) => fetchGoogleConfig(signal),
    staleTime: 300_000,
  });
  if (!config.data?.enabled) return null;
  const start = async () => {
    setStarting(true);
    try {
      await startGoogleSignIn(config.data);
    } catch {
      setStarting(false);
      notifications.show({ color: 'red', message: catalogueMessage(10123), autoClose: 4000 });
    }
  };
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconBrandGoogle size={18} aria-hidden />}
      loading={isStarting}
      onClick={() => void start()}
    >
      {t('auth.continueWithGoogle')}
    </Button>
  );
}
