import { Anchor, Card, Group, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DepositList } from './DepositList';
import { LiveOnly } from './parts';
import { WithPaymentsTexts } from './payments-i18n';
import { WithdrawalList } from './WithdrawalList';

/** The profile's "Deposits and withdrawals" section: links to the screens and both histories in tabs. */
export default function PaymentsHistory() {
  return (
    <WithPaymentsTexts>
      <History />
    </WithPaymentsTexts>
  );
}

function History() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-payments" data-testid="profile-payments">
      <Title order={2} size="h3" id="profile-payments" mb="sm">
        {t('payments.history.title')}
      </Title>
      <Group gap="lg" mb="md" wrap="wrap">
        <Anchor component={Link} to="/deposit">
          {t('payments.deposit.title')}
        </Anchor>
        <Anchor component={Link} to="/withdraw">
          {t('payments.withdraw.title')}
        </Anchor>
        <Anchor component={Link} to="/profile/withdrawal-addresses">
          {t('payments.book.title')}
        </Anchor>
      </Group>
      <LiveOnly>
        <Tabs defaultValue="deposits" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="deposits" data-testid="history-deposits">
              {t('payments.history.deposits')}
            </Tabs.Tab>
            <Tabs.Tab value="withdrawals" data-testid="history-withdrawals">
              {t('payments.history.withdrawals')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="deposits" pt="md">
            <DepositList paged />
          </Tabs.Panel>
          <Tabs.Panel value="withdrawals" pt="md">
            <WithdrawalList paged />
          </Tabs.Panel>
        </Tabs>
      </LiveOnly>
    </Card>
  );
}
