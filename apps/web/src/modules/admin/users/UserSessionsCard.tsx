import { Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminUserDetail } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import { UserCard } from './UserCard';
import { useDateTime } from './use-date-time';
import { useRevokeAllSessions, useRevokeSession } from './users.api';

type Session = TAdminUserDetail['sessions'][number];

/** The user's sessions in use; support and admins end one, or all, at once (the user must sign in again). */
export function UserSessionsCard({ user }: { user: TAdminUserDetail }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const revoke = useRevokeSession(user.id);
  const revokeAll = useRevokeAllSessions(user.id);
  const device = (session: Session) => session.userAgent ?? t('admin.users.sessions.unknownDevice');

  const columns: ReadonlyArray<AdminColumn<Session>> = [
    {
      key: 'createdAt',
      header: t('admin.users.sessions.signedIn'),
      render: (session) => <span data-testid={`admin-session-${session.id}`}>{formatDate(session.createdAt)}</span>,
      sortValue: (session) => session.createdAt,
    },
    {
      key: 'lastUsedAt',
      header: t('admin.users.sessions.lastUsed'),
      render: (session) => formatDate(session.lastUsedAt),
      sortValue: (session) => session.lastUsedAt,
    },
    {
      key: 'device',
      header: t('admin.users.sessions.device'),
      render: (session) => (
        <Text size="sm" lineClamp={2} title={session.userAgent ?? undefined} maw={360}>
          {device(session)}
        </Text>
      ),
    },
    {
      key: 'expiresAt',
      header: t('admin.users.sessions.expires'),
      render: (session) => formatDate(session.expiresAt),
      sortValue: (session) => session.expiresAt,
    },
    {
      key: 'actions',
      header: t('admin.users.sessions.actions'),
      render: (session) => (
        <ConfirmButton
          size="xs"
          variant="light"
          color="red"
          title={t('admin.users.sessions.revokeTitle')}
          confirmLabel={t('admin.users.sessions.revoke')}
          message={t('admin.users.sessions.revokeMessage', {
            name: user.userName,
            signedIn: formatDate(session.createdAt),
            device: device(session),
          })}
          onConfirm={async () => {
            await revoke.mutateAsync(session.id);
            notifications.show({ color: 'green', message: t('admin.users.sessions.revoked'), autoClose: 4000 });
          }}
        >
          {t('admin.users.sessions.revoke')}
          <span className="ob-visually-hidden">
            {' '}
            {t('admin.users.sessions.revokeContext', { signedIn: formatDate(session.createdAt) })}
          </span>
        </ConfirmButton>
      ),
    },
  ];

  return (
    <UserCard title={t('admin.users.sessions.title')}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('admin.users.sessions.hint')}
        </Text>
        <ConfirmButton
          key={user.sessions.length}
          color="red"
          variant="light"
          disabled={user.sessions.length === 0}
          title={t('admin.users.sessions.revokeAllTitle')}
          confirmLabel={t('admin.users.sessions.revokeAll')}
          message={t('admin.users.sessions.revokeAllMessage', { name: user.userName, count: user.sessions.length })}
          onConfirm={async () => {
            const result = await revokeAll.mutateAsync(undefined);
            notifications.show({
              color: 'green',
              message: t('admin.users.sessions.revokedAll', { count: result.revokedSessionIds.length }),
              autoClose: 4000,
            });
          }}
        >
          {t('admin.users.sessions.revokeAll')}
        </ConfirmButton>
      </Group>
      <AdminTable
        caption={t('admin.users.sessions.caption', { name: user.userName })}
        columns={columns}
        rows={user.sessions}
        rowKey={(session) => session.id}
        empty={t('admin.users.sessions.empty')}
      />
    </UserCard>
  );
}
