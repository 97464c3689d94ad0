import { Anchor, Group, Table, Text } from '@mantine/core';
import type { TAccountSummary } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { useAlerts } from '../alerts/alerts.api';
import { AmountText } from '../ledger/AmountText';
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
      <Text size="sm" c="gray.7">
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
        {(rows) => (
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Caption className="ob-visually-hidden">{t('alerts.dock.balances')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('ledger.asset')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('ledger.available')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('ledger.held')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('ledger.total')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.asset}>
                    <Table.Th scope="row">{row.asset}</Table.Th>
                    <Table.Td ta="end">
                      <AmountText value={row.available} decimals={row.decimals} />
                    </Table.Td>
                    <Table.Td ta="end">
                      <AmountText value={row.held} decimals={row.decimals} />
                    </Table.Td>
                    <Table.Td ta="end" fw={600}>
                      <AmountText value={row.total} decimals={row.decimals} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
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
