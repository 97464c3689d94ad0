import { Anchor, Group, Text } from '@mantine/core';
import type { TAccountSummary } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { useAlerts } from '../alerts/alerts.api';
import { BalancesTable } from '../ledger/BalancesTable';
import { useBalances } from '../ledger/ledger.api';
import { useLocale } from '../market/use-locale';
import { PnlText } from './TradingParts';

// The positions dock's own pieces (issue 16): the total floating P&L in its header, the Account
// tab and the Alerts tab's label. Their texts are the alerts area's (`alerts.dock.*`).

/** The open positions' total floating P&L (live where the prices are pushed), in the dock's header. */
export function FloatingPnl({ figures }: { figures: TAccountSummary | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Group gap={6} wrap="nowrap" data-testid="dock-floating-pnl">
      <Text size="sm" c="dimmed">
        {t('alerts.dock.floatingPnl')}
      </Text>
      <PnlText value={figures?.unrealisedPnl ?? null} locale={locale} testId="dock-floating-pnl-value" />
    </Group>
  );
}

/** The Account tab: the book's balances per asset, and the way to its statement. */
export function AccountTab() {
  const { t } = useTranslation();
  const balances = useBalances();
  return (
    <section aria-label={t('alerts.dock.balances')} data-testid="dock-account">
      <QueryState query={balances} empty={t('ledger.noBalances')}>
        {(rows) => <BalancesTable rows={rows} caption={t('alerts.dock.balances')} />}
      </QueryState>
      <Anchor component={Link} to="/profile/balance" size="sm" mt="xs" display="inline-block">
        {t('alerts.dock.statement')}
      </Anchor>
    </section>
  );
}

/** "Alerts (n)": n the active ones. */
export function AlertsTabLabel() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const active = alerts.data?.items.filter((alert) => alert.status === 'active').length ?? 0;
  return <>{t('alerts.dock.alerts', { count: active })}</>;
}
