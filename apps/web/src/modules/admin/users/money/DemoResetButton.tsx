import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { useResetUserDemo } from './user-money.api';

/** Resets the user's demo book (admins only), after a dialog that says what happens to it. */
export function DemoResetButton({ userId, userName }: { userId: string; userName: string }) {
  const { t } = useTranslation();
  const reset = useResetUserDemo(userId);
  return (
    <ConfirmButton
      variant="light"
      color="red"
      title={t('admin.user-money.reset.title')}
      confirmLabel={t('admin.user-money.reset.confirm')}
      message={t('admin.user-money.reset.message', { user: userName })}
      onConfirm={async () => {
        await reset.mutateAsync();
        notifications.show({ color: 'teal', message: t('admin.user-money.reset.done', { user: userName }) });
      }}
    >
      {t('admin.user-money.reset.button')}
    </ConfirmButton>
  );
}
