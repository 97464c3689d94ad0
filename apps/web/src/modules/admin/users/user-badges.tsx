import { Badge } from '@mantine/core';
import type { TAdminUserItem } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { levelLabel } from './user-rules';

/** A user's status as a word on a coloured badge (the word carries the meaning, not the colour). */
export function StatusBadge({ status }: { status: TAdminUserItem['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'active' ? 'green' : 'red'} variant="light">
      {t(`admin.users.status.${status}`)}
    </Badge>
  );
}

export function useLevelLabel(): (level: number) => string {
  const { t } = useTranslation();
  return (level: number) => levelLabel(level, t('admin.users.level.normal'));
}

/** Role names in the reader's language, comma-separated. */
export function useRolesText(): (roles: readonly string[]) => string {
  const { t } = useTranslation();
  return (roles) =>
    roles.map((role) => t(`admin.users.roles.${role}`, { defaultValue: role })).join(t('admin.users.listSeparator'));
}
