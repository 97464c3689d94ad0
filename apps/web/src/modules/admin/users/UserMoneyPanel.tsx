import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { useUserInfo } from '../../identity/identity.api';
import { AdjustBalanceForm } from './money/AdjustBalanceForm';
import { BalancesSection } from './money/BalancesSection';
import { DemoResetButton } from './money/DemoResetButton';
import { PositionsTab } from './money/PositionsTab';
import { StatementTab } from './money/StatementTab';
import { useAdminUser } from './money/user-money.api';

/**
 * The money part of a user's page in the back office (#14): balances per book, and for admins
 * the balance adjustment and the demo reset; then the statement and the positions, per book,
 * paged by the server. Support agents see everything but the two actions.
 */
export function UserMoneyPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const me = useUserInfo();
  // The `admin` level admits the admin role only (areas.ts's `admits(roles, 'admin')`, the server's
  // rule); asked here directly, since areas.ts lazily imports this page and an import back would
  // make a cycle.
  const isAdmin = (me.data?.roles ?? []).includes('admin');
  const user = useAdminUser(userId);
  return (
    <Stack gap="md" component="section" aria-labelledby="user-money-title">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2} size="h3" id="user-money-title">
          {t('admin.user-money.title')}
        </Title>
        {isAdmin && user.data && <DemoResetButton userId={userId} userName={user.data.userName} />}
      </Group>
      <QueryState query={user}>
        {(detail) => (
          <Stack gap="md">
            <BalancesSection balances={detail.balances} />
            {isAdmin && <AdjustBalanceForm userId={userId} userName={detail.userName} balances={detail.balances} />}
          </Stack>
        )}
      </QueryState>
      <Tabs defaultValue="statement" keepMounted={false}>
        <Tabs.List aria-label={t('admin.user-money.tabs.label')}>
          <Tabs.Tab value="statement">{t('admin.user-money.tabs.statement')}</Tabs.Tab>
          <Tabs.Tab value="positions">{t('admin.user-money.tabs.positions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="statement" pt="md">
          <StatementTab userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="positions" pt="md">
          <PositionsTab userId={userId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
