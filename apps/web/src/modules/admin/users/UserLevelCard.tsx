import { Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminUserDetail } from '@openbourse/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../ui/ConfirmButton';
import { UserCard } from './UserCard';
import { useLevelLabel } from './user-badges';
import { USER_LEVELS } from './user-rules';
import { useSetUserLevel } from './users.api';

/** The user's VIP level, and for an admin a picker and a confirmed change naming the old and new level. */
export function UserLevelCard({ user, canChange }: { user: TAdminUserDetail; canChange: boolean }) {
  const { t } = useTranslation();
  const levelText = useLevelLabel();
  const setLevel = useSetUserLevel(user.id);
  const [chosen, setChosen] = useState(String(user.level));
  // The page read again (after a change here or elsewhere): the picker starts from the new level.
  useEffect(() => setChosen(String(user.level)), [user.level]);
  const next = Number(chosen);

  return (
    <UserCard title={t('admin.users.levelCard.title')}>
      <Text size="sm">{t('admin.users.levelCard.current', { level: levelText(user.level) })}</Text>
      {canChange ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('admin.users.levelCard.select')}
            data={USER_LEVELS.map((level) => ({ value: String(level), label: levelText(level) }))}
            value={chosen}
            onChange={(value) => setChosen(value ?? String(user.level))}
            allowDeselect={false}
            w={180}
          />
          <ConfirmButton
            // A new level remounts the button, so its closing dialog never shows the next change's text.
            key={user.level}
            disabled={next === user.level}
            title={t('admin.users.levelCard.confirmTitle')}
            message={t('admin.users.levelCard.confirmMessage', {
              name: user.userName,
              from: levelText(user.level),
              to: levelText(next),
            })}
            onConfirm={async () => {
              await setLevel.mutateAsync(next);
              notifications.show({
                color: 'green',
                message: t('admin.users.levelCard.done', { name: user.userName, level: levelText(next) }),
                autoClose: 4000,
              });
            }}
          >
            {t('admin.users.levelCard.change')}
          </ConfirmButton>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('admin.users.adminOnly')}
        </Text>
      )}
    </UserCard>
  );
}
