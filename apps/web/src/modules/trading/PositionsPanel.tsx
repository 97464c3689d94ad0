import { Card, Group, Stack, Tabs, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { TMarketInfo, TPosition } from '@openbourse/contracts';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/ui/QueryState';
import { useAlertsTexts } from '../alerts/alerts-i18n';
import { useSession } from '../identity/session';
import { usePricePushes } from '../market/use-live-prices';
import { AccountSummaryBar } from './AccountSummaryBar';
import { AccountTab, AlertsTabLabel, FloatingPnl } from './DockParts';
import { HistoryTab } from './HistoryTab';
import { livePnlOf, livePrice } from './live-pnl';
import { OpenPositionsTab } from './OpenPositionsTab';
import { PendingOrdersTab } from './PendingOrdersTab';
import { AmendPositionModal, CancelOrderModal, ClosePositionModal } from './PositionModals';
import { PanelWidth, type PositionDialogRequest } from './PositionParts';
import { rememberPositions } from './position-events';
import { isUsdQuoted, withLivePnl } from './ticket-math';
import { LIVE_REFRESH_MS, useAccountSummary, useMarketInfos, useOrders } from './trading.api';
import { usePositionEvents } from './use-position-events';

const OPEN_PAGE_SIZE = 100;
// The alerts panel loads when its tab is first opened.
const AlertsPanel = lazy(() => import('../alerts/AlertsPanel'));

type Tab = 'open' | 'pending' | 'history' | 'account' | 'alerts';
const TABS: readonly Tab[] = ['open', 'pending', 'history', 'account', 'alerts'];

/**
 * The user's positions (SPEC §2 /market and /profile orders): the account summary, then open
 * positions with live P&L, pending orders, and the history of closed and cancelled ones with
 * filters. Close (all or part), amend stops and cancel each open a confirmation dialog.
 *
 * As the dock under the chart (`dock`, issue 16: /market and the instrument page) it also shows
 * the total floating P&L in its header, and two more tabs: Account (the book's balances) and
 * Alerts (the user's price alerts, the form prefilled with `dock.code`).
 */
export default function PositionsPanel({
  headingOrder = 2,
  title,
  dock,
}: {
  headingOrder?: 2 | 3;
  title?: string;
  /** Shown as the positions dock; `code`: the instrument on screen (the alert form's default). */
  dock?: { code: string | null };
}) {
  const { t } = useTranslation();
  const dockTexts = useAlertsTexts();
  const { token } = useSession();
  const headingId = useId();
  // The layout follows the panel's own width: a table where it fits, cards where it does not.
  const { ref: sizeRef, width } = useElementSize();
  usePositionEvents();
  const [tab, setTab] = useState<Tab>('open');
  const [dialog, setDialog] = useState<PositionDialogRequest>(null);
  const [needsServerPnl, setNeedsServerPnl] = useState(false);

  // Server-computed P&L (other quotes than USD/USDT) is read again every few seconds.
  const openOrders = useOrders('open', 1, OPEN_PAGE_SIZE, needsServerPnl ? LIVE_REFRESH_MS : false);
  const pendingOrders = useOrders('pending', 1, OPEN_PAGE_SIZE);
  const openCount = openOrders.data?.total ?? 0;
  const summary = useAccountSummary(openCount > 0 ? LIVE_REFRESH_MS : false);

  const codes = useMemo(
    () =>
      [
        ...new Set([...(openOrders.data?.items ?? []), ...(pendingOrders.data?.items ?? [])].map((item) => item.code)),
      ].sort(),
    [openOrders.data, pendingOrders.data],
  );
  const infos = useMarketInfos(codes);
  const openCodes = useMemo(
    () => [...new Set((openOrders.data?.items ?? []).map((item) => item.code))],
    [openOrders.data],
  );
  const pushes = usePricePushes(openCodes);

  useEffect(() => {
    const items = [...(openOrders.data?.items ?? []), ...(pendingOrders.data?.items ?? [])];
    rememberPositions(items);
    setNeedsServerPnl(
      (openOrders.data?.items ?? []).some((item) => {
        const info = infos.get(item.code);
        return !info || !isUsdQuoted(info.quoteCurrency);
      }),
    );
  }, [openOrders.data, pendingOrders.data, infos]);

  if (!token) return null;

  const currentPriceOf = (position: TPosition): string | null =>
    livePrice(position, pushes.get(position.code), openOrders.dataUpdatedAt);
  const figures = summary.data && withLivePnl(summary.data, livePnlOf(openOrders.data, infos, currentPriceOf));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} data-testid="positions-panel">
      <Stack gap="sm" ref={sizeRef}>
        <Group justify="space-between" align="center" gap="xs">
          <Title order={headingOrder} size="h3" id={headingId}>
            {title ?? t('trading.positions.title')}
          </Title>
          {dock && dockTexts && <FloatingPnl figures={figures} />}
        </Group>
        <AccountSummaryBar summary={summary} figures={figures} />
        <PanelWidth.Provider value={width}>
          <Tabs value={tab} onChange={(value) => setTab(TABS.find((name) => name === value) ?? 'open')}>
            {/* The phone's onboarding tour points at these tabs (the whole panel is taller than a phone's free band). */}
            <Tabs.List data-tour="positions-tabs">
              <Tabs.Tab value="open" data-testid="positions-tab-open">
                {t('trading.positions.tabOpen', { count: openOrders.data?.total ?? 0 })}
              </Tabs.Tab>
              <Tabs.Tab value="pending" data-testid="positions-tab-pending">
                {t('trading.positions.tabPending', { count: pendingOrders.data?.total ?? 0 })}
              </Tabs.Tab>
              <Tabs.Tab value="history" data-testid="positions-tab-history">
                {t('trading.positions.tabHistory')}
              </Tabs.Tab>
              {dock && dockTexts && (
                <>
                  <Tabs.Tab value="account" data-testid="positions-tab-account">
                    {t('alerts.dock.account')}
                  </Tabs.Tab>
                  <Tabs.Tab value="alerts" data-testid="positions-tab-alerts">
                    <AlertsTabLabel />
                  </Tabs.Tab>
                </>
              )}
            </Tabs.List>
            <Tabs.Panel value="open" pt="sm">
              <OpenPositionsTab query={openOrders} infos={infos} currentPriceOf={currentPriceOf} onAction={setDialog} />
            </Tabs.Panel>
            <Tabs.Panel value="pending" pt="sm">
              <PendingOrdersTab query={pendingOrders} infos={infos} onAction={setDialog} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="sm">
              {tab === 'history' && <HistoryTab />}
            </Tabs.Panel>
            {dock && (
              <>
                <Tabs.Panel value="account" pt="sm">
                  {tab === 'account' && <AccountTab />}
                </Tabs.Panel>
                <Tabs.Panel value="alerts" pt="sm">
                  {tab === 'alerts' && (
                    <Suspense fallback={<Loading />}>
                      <AlertsPanel code={dock.code} />
                    </Suspense>
                  )}
                </Tabs.Panel>
              </>
            )}
          </Tabs>
        </PanelWidth.Provider>
      </Stack>
      {dialog && (
        <PositionDialog
          dialog={dialog}
          info={infos.get(dialog.position.code) ?? null}
          currentPrice={currentPriceOf(dialog.position)}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

/** The open dialog: close (all or part), amend stops, or cancel a pending order. */
function PositionDialog({
  dialog,
  ...props
}: {
  dialog: NonNullable<PositionDialogRequest>;
  info: TMarketInfo | null;
  currentPrice: string | null;
  onClose: () => void;
}) {
  const shared = { position: dialog.position, info: props.info, onClose: props.onClose };
  if (dialog.kind === 'close') return <ClosePositionModal {...shared} currentPrice={props.currentPrice} />;
  if (dialog.kind === 'amend') return <AmendPositionModal {...shared} currentPrice={props.currentPrice} />;
  return <CancelOrderModal {...shared} />;
}
