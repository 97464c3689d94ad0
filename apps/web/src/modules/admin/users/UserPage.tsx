import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TAdminUserDetail } from '@openbourse/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { LoadFailed, QueryState } from '../../../shared/ui/QueryState';
import { useUserInfo } from '../../identity/identity.api';
import { AdminPage } from '../ui/AdminPage';
import { Facts, UserCard } from './UserCard';
import { UserLevelCard } from './UserLevelCard';
import { UserMoneyPanel } from './UserMoneyPanel';
import { UserSessionsCard } from './UserSessionsCard';
import { UserStatusCard } from './UserStatusCard';
import type { UserPageState } from './UsersListPage';
import { useDateTime } from './use-date-time';
import { isUserId, kycKey } from './user-rules';
import { useAdminUser, useUserExists } from './users.api';

/** A user's page in the back office (#14): profile, roles, status, VIP level, sessions, then their money. */
export function UserPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { state } = useLocation();
  const listSearch = (state as UserPageState | null)?.listSearch ?? '';
  const exists = useUserExists(id);
  const user = useAdminUser(id, exists.data === true);
  const back = (
    <Anchor component={Link} to={`/admin/users${listSearch}`} size="sm">
      <Group gap={4} wrap="nowrap" component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('admin.users.back')}
      </Group>
    </Anchor>
  );

  if (!isUserId(id) || exists.data === false) {
    return (
      <AdminPage title={t('admin.users.notFoundTitle')}>
        <Text>{t('admin.users.notFound', { id })}</Text>
        {back}
      </AdminPage>
    );
  }
  if (exists.isError) {
    return (
      <AdminPage title={t('admin.users.userTitle', { id })}>
        <LoadFailed error={exists.error} onRetry={() => void exists.refetch()} />
        {back}
      </AdminPage>
    );
  }
  return (
    <AdminPage title={user.data?.userName ?? t('admin.users.userTitle', { id })} actions={back}>
      {exists.isPending ? (
        <QueryState query={exists}>{() => null}</QueryState>
      ) : (
        <QueryState query={user}>{(data) => <UserDetail user={data} />}</QueryState>
      )}
    </AdminPage>
  );
}

function UserDetail({ user }: { user: TAdminUserDetail }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const me = useUserInfo();
  // Level and status are the admins' (areas.ts's admits(roles, 'admin'), which this file may not
  // import: areas.ts loads this area, and the boundary check refuses the circle).
  const isAdmin = me.data?.roles.includes('admin') ?? false;
  const isSelf = me.data ? String(me.data.id) === user.id : false;
  const yesNo = (value: boolean) => (value ? t('admin.users.yes') : t('admin.users.no'));
  const none = '—';

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <UserCard title={t('admin.users.profile.title')}>
          <Facts
            items={[
              { term: t('admin.users.profile.id'), value: user.id },
              { term: t('admin.users.profile.userName'), value: user.userName },
              { term: t('admin.users.profile.email'), value: user.email ?? none },
              { term: t('admin.users.profile.phone'), value: user.phone ?? none },
              {
                term: t('admin.users.profile.names'),
                value: [user.firstName, user.lastName].filter(Boolean).join(' ') || none,
              },
              {
                term: t('admin.users.profile.wallet'),
                value: user.walletAddress ? (
                  <Text component="span" size="sm" ff="monospace">
                    {user.walletAddress}
                  </Text>
                ) : (
                  none
                ),
              },
              { term: t('admin.users.profile.kyc'), value: t(`admin.users.kyc.${kycKey(user.kycStatus)}`) },
              {
                term: t('admin.users.profile.twoFactor'),
                value: user.totpEnabled ? t('admin.users.profile.on') : t('admin.users.profile.off'),
              },
              { term: t('admin.users.profile.registered'), value: formatDate(user.createdAt) },
              { term: t('admin.users.profile.lastSeen'), value: formatDate(user.lastSeenAt) },
              { term: t('admin.users.profile.online'), value: yesNo(user.isOnline) },
            ]}
          />
        </UserCard>
        <Stack gap="md">
          <UserCard title={t('admin.users.rolesCard.title')}>
            <Group gap="xs">
              {user.roles.map((role) => (
                <Badge key={role} variant="outline" color={role === 'user' ? 'gray' : 'blue'}>
                  {t(`admin.users.roles.${role}`, { defaultValue: role })}
                </Badge>
              ))}
            </Group>
          </UserCard>
          <UserStatusCard user={user} canChange={isAdmin} isSelf={isSelf} />
          <UserLevelCard user={user} canChange={isAdmin} />
        </Stack>
      </SimpleGrid>
      <UserSessionsCard user={user} />
      <UserMoneyPanel userId={user.id} />
    </Stack>
  );
}
