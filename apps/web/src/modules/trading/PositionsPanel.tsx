import {
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { CLOSE_REASONS, type CloseReason, type TMarketInfo, type TPosition } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { createContext, type ReactNode, useContext, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../shared/ui/QueryState';
import { useSession } from '../identity/session';
import { formatPrice, formatQuantity, NO_VALUE } from '../market/format';
import type { LivePush } from '../market/live';
import { usePricePushes } from '../market/useLivePrices';
import { useLocale } from '../market/useLocale';
import { AccountSummaryBar } from './AccountSummaryBar';
import { AmendPositionModal, CancelOrderModal, ClosePositionModal } from './PositionModals';
import { rememberPositions } from './positionEvents';
import { PnlText, SideBadge } from './TradingParts';
import { isUsdQuoted, parseSigned, pnlUsdt, withLivePnl } from './ticketMath';
import { LIVE_REFRESH_MS, type OrdersPage, useAccountSummary, useMarketInfos, useOrders } from './trading.api';
import { formatUsdt } from './tradingFormat';
import { usePositionEvents } from './usePositionEvents';

const OPEN_PAGE_SIZE = 100;
const HISTORY_PAGE_SIZE = 100;
/** The reason filter's value: '' for every reason. */
const toCloseReason = (value: string): CloseReason | '' =>
  (CLOSE_REASONS as readonly string[]).includes(value) ? (value as CloseReason) : '';

type Tab = 'open' | 'pending' | 'history';
type Dialog = { kind: 'close' | 'amend' | 'cancel'; position: TPosition } | null;

/** The panel's width in pixels (0 before the first measurement). */
const PanelWidth = createContext(0);
/** Below this width the rows are shown as cards. */
const TABLE_MIN_WIDTH = 900;

/** A column: its header, and its cell for a position. */
type Column = { key: string; header: string; cell: (position: TPosition) => ReactNode; end?: boolean };

/**
 * The user's positions (SPEC §2 /market and /profile orders): the account summary, then open
 * positions with live P&L, pending orders, and the history of closed and cancelled ones with
 * filters. Close (all or part), amend stops and cancel each open a confirmation dialog.
 */
export default function PositionsPanel({ headingOrder = 2, title }: { headingOrder?: 2 | 3; title?: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const headingId = useId();
  // The layout follows the panel's own width: a table where it fits, cards where it does not.
  const { ref: sizeRef, width } = useElementSize();
  usePositionEvents();
  const [tab, setTab] = useState<Tab>('open');
  const [dialog, setDialog] = useState<Dialog>(null);
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
        <Title order={headingOrder} size="h3" id={headingId}>
          {title ?? t('trading.positions.title')}
        </Title>
        <AccountSummaryBar summary={summary} figures={figures} />
        <PanelWidth.Provider value={width}>
          <Tabs value={tab} onChange={(value) => setTab(value === 'pending' || value === 'history' ? value : 'open')}>
            <Tabs.List>
              <Tabs.Tab value="open" data-testid="positions-tab-open">
                {t('trading.positions.tabOpen', { count: openOrders.data?.total ?? 0 })}
              </Tabs.Tab>
              <Tabs.Tab value="pending" data-testid="positions-tab-pending">
                {t('trading.positions.tabPending', { count: pendingOrders.data?.total ?? 0 })}
              </Tabs.Tab>
              <Tabs.Tab value="history" data-testid="positions-tab-history">
                {t('trading.positions.tabHistory')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="open" pt="sm">
              <OpenPositions query={openOrders} infos={infos} currentPriceOf={currentPriceOf} onAction={setDialog} />
            </Tabs.Panel>
            <Tabs.Panel value="pending" pt="sm">
              <PendingOrders query={pendingOrders} infos={infos} onAction={setDialog} />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="sm">
              {tab === 'history' && <History />}
            </Tabs.Panel>
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

/**
 * The open positions' P&L at the prices on screen, or null unless every open position is listed
 * and each has a P&L (the summary then keeps the server's figure).
 */
function livePnlOf(
  list: { items: TPosition[]; total: number } | undefined,
  infos: ReadonlyMap<string, TMarketInfo>,
  currentPriceOf: (position: TPosition) => string | null,
): Decimal | null {
  if (!list || list.items.length !== list.total) return null;
  let total = Decimal.ZERO;
  for (const position of list.items) {
    const pnl = pnlOf(position, infos.get(position.code), currentPriceOf(position));
    if (pnl === null) return null;
    total = total.add(pnl);
  }
  return total;
}

/** The socket's price when it is newer than the list, else the price the server listed with the position. */
function livePrice(position: TPosition, push: LivePush | undefined, listedAt: number): string | null {
  if (push && push.receivedAt >= listedAt) return push.price;
  return position.currentPrice;
}

/**
 * P&L of an open position: computed from the live price for USD and USDT quotes (USD settles
 * 1:1 in USDT), otherwise the server's figure, read again every few seconds.
 */
function pnlOf(position: TPosition, info: TMarketInfo | undefined, current: string | null): Decimal | null {
  if (info && isUsdQuoted(info.quoteCurrency) && position.openPrice && current) {
    return pnlUsdt(position.side, position.lots, position.openPrice, current, info.contractSize);
  }
  return parseSigned(position.unrealisedPnl);
}

function usePositionFormat(infos: ReadonlyMap<string, TMarketInfo>) {
  const locale = useLocale();
  const price = (position: TPosition, value: string | null) => {
    const info = infos.get(position.code);
    if (value === null) return NO_VALUE;
    return info ? formatPrice(value, info.precision, locale) : formatQuantity(value, locale, 12);
  };
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return {
    locale,
    price,
    lots: (value: string) => formatQuantity(value, locale),
    date: (value: string | null) => (value ? date.format(new Date(value)) : NO_VALUE),
  };
}

function InstrumentCell({ position }: { position: TPosition }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {position.appName}
      </Text>
      <Text size="xs" c="gray.7" className="ob-amount">
        {position.code}
      </Text>
    </Stack>
  );
}

function OpenPositions({
  query,
  infos,
  currentPriceOf,
  onAction,
}: {
  query: ReturnType<typeof useOrders>;
  infos: ReadonlyMap<string, TMarketInfo>;
  /** Changes with every pushed price, so the rows re-render with it. */
  currentPriceOf: (position: TPosition) => string | null;
  onAction: (dialog: Dialog) => void;
}) {
  const { t } = useTranslation();
  const format = usePositionFormat(infos);
  const columns: Column[] = [
    { key: 'instrument', header: t('trading.positions.instrument'), cell: (p) => <InstrumentCell position={p} /> },
    { key: 'side', header: t('trading.confirm.side'), cell: (p) => <SideBadge side={p.side} /> },
    { key: 'lots', header: t('trading.positions.lots'), cell: (p) => format.lots(p.lots), end: true },
    { key: 'leverage', header: t('trading.ticket.leverage'), cell: (p) => `1:${p.leverage}`, end: true },
    { key: 'open', header: t('trading.positions.openPrice'), cell: (p) => format.price(p, p.openPrice), end: true },
    {
      key: 'current',
      header: t('trading.positions.current'),
      cell: (p) => format.price(p, currentPriceOf(p)),
      end: true,
    },
    { key: 'stops', header: t('trading.positions.stops'), cell: (p) => <Stops position={p} price={format.price} /> },
    {
      key: 'margin',
      header: t('trading.positions.margin'),
      cell: (p) => formatUsdt(p.margin, format.locale),
      end: true,
    },
    {
      key: 'pnl',
      header: t('trading.positions.pnl'),
      end: true,
      cell: (p) => {
        const info = infos.get(p.code);
        const isLive = Boolean(info && isUsdQuoted(info.quoteCurrency));
        return (
          <PnlText
            value={pnlOf(p, info, currentPriceOf(p))}
            locale={format.locale}
            testId={`position-pnl-${p.orderNo}`}
            title={isLive ? t('trading.positions.pnlLive') : t('trading.positions.pnlServer')}
          />
        );
      },
    },
    {
      key: 'actions',
      header: t('trading.positions.actions'),
      cell: (p) => <PositionActions position={p} second="close" onAction={onAction} />,
    },
  ];
  return (
    <OrdersList
      query={query}
      columns={columns}
      caption={t('trading.positions.openCaption')}
      empty={t('trading.positions.noOpen')}
    />
  );
}

function Stops({ position, price }: { position: TPosition; price: (p: TPosition, value: string | null) => string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const parts: string[] = [];
  if (position.stopLoss) parts.push(`${t('trading.positions.sl')} ${price(position, position.stopLoss)}`);
  if (position.takeProfit) parts.push(`${t('trading.positions.tp')} ${price(position, position.takeProfit)}`);
  if (position.trailingDistance) {
    parts.push(
      position.trailingStop
        ? t('trading.positions.trailingAt', {
            distance: formatQuantity(position.trailingDistance, locale, 12),
            level: price(position, position.trailingStop),
          })
        : t('trading.positions.trailing', { distance: formatQuantity(position.trailingDistance, locale, 12) }),
    );
  }
  if (parts.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('trading.ticket.none')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {parts.map((part) => (
        <Text key={part} size="xs" className="ob-amount">
          {part}
        </Text>
      ))}
    </Stack>
  );
}

function PendingOrders({
  query,
  infos,
  onAction,
}: {
  query: ReturnType<typeof useOrders>;
  infos: ReadonlyMap<string, TMarketInfo>;
  onAction: (dialog: Dialog) => void;
}) {
  const { t } = useTranslation();
  const format = usePositionFormat(infos);
  const columns: Column[] = [
    { key: 'instrument', header: t('trading.positions.instrument'), cell: (p) => <InstrumentCell position={p} /> },
    { key: 'side', header: t('trading.confirm.side'), cell: (p) => <SideBadge side={p.side} /> },
    { key: 'type', header: t('trading.confirm.type'), cell: (p) => t(`trading.orderType.${p.orderType}`) },
    { key: 'lots', header: t('trading.positions.lots'), cell: (p) => format.lots(p.lots), end: true },
    { key: 'leverage', header: t('trading.ticket.leverage'), cell: (p) => `1:${p.leverage}`, end: true },
    { key: 'entry', header: t('trading.confirm.entryPrice'), cell: (p) => format.price(p, p.entryPrice), end: true },
    { key: 'stops', header: t('trading.positions.stops'), cell: (p) => <Stops position={p} price={format.price} /> },
    {
      key: 'margin',
      header: t('trading.positions.margin'),
      cell: (p) => formatUsdt(p.margin, format.locale),
      end: true,
    },
    { key: 'placed', header: t('trading.positions.placedAt'), cell: (p) => format.date(p.createdAt) },
    {
      key: 'actions',
      header: t('trading.positions.actions'),
      cell: (p) => <PositionActions position={p} second="cancel" onAction={onAction} />,
    },
  ];
  return (
    <OrdersList
      query={query}
      columns={columns}
      caption={t('trading.positions.pendingCaption')}
      empty={t('trading.positions.noPending')}
    />
  );
}

function History() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState<CloseReason | ''>('');
  // Filtered by the server, so every page of the history is searched, not the one shown.
  const history = useOrders('closed', page, HISTORY_PAGE_SIZE, false, {
    code: code || undefined,
    reason: reason || undefined,
  });
  const items = useMemo(() => history.data?.items ?? [], [history.data]);
  const pageCodes = useMemo(() => [...new Set(items.map((item) => item.code))].sort(), [items]);
  const codes = history.data?.codes ?? pageCodes;
  const infos = useMarketInfos(pageCodes);
  const format = usePositionFormat(infos);
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));
  const columns: Column[] = [
    { key: 'instrument', header: t('trading.positions.instrument'), cell: (p) => <InstrumentCell position={p} /> },
    { key: 'side', header: t('trading.confirm.side'), cell: (p) => <SideBadge side={p.side} /> },
    { key: 'lots', header: t('trading.positions.lots'), cell: (p) => format.lots(p.lots), end: true },
    {
      key: 'open',
      header: t('trading.positions.openPrice'),
      cell: (p) => format.price(p, p.openPrice ?? p.entryPrice),
      end: true,
    },
    { key: 'close', header: t('trading.positions.closePrice'), cell: (p) => format.price(p, p.closePrice), end: true },
    {
      key: 'reason',
      header: t('trading.positions.reason'),
      cell: (p) => (
        <Badge variant="outline" color="gray.8" className="ob-source-badge">
          {t(`trading.reasons.${p.closeReason ?? (p.status === 'cancelled' ? 'cancelled' : 'manual')}`)}
        </Badge>
      ),
    },
    {
      key: 'pnl',
      header: t('trading.positions.realised'),
      end: true,
      cell: (p) =>
        p.realisedPnl === null ? (
          NO_VALUE
        ) : (
          <PnlText value={p.realisedPnl} locale={format.locale} testId={`position-pnl-${p.orderNo}`} />
        ),
    },
    { key: 'fee', header: t('trading.positions.fee'), cell: (p) => formatUsdt(p.fee, format.locale), end: true },
    { key: 'closed', header: t('trading.positions.closedAt'), cell: (p) => format.date(p.closedAt ?? p.createdAt) },
  ];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label={t('trading.positions.filterCode')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: t('trading.positions.filterAll') },
            ...codes.map((value) => ({ value, label: value })),
          ]}
          data-testid="history-filter-code"
        />
        <NativeSelect
          label={t('trading.positions.filterReason')}
          value={reason}
          onChange={(event) => {
            setReason(toCloseReason(event.currentTarget.value));
            setPage(1);
          }}
          data={[
            { value: '', label: t('trading.positions.filterAll') },
            ...CLOSE_REASONS.map((value) => ({ value, label: t(`trading.reasons.${value}`) })),
          ]}
          data-testid="history-filter-reason"
        />
      </SimpleGrid>
      <OrdersList
        query={history}
        columns={columns}
        caption={t('trading.positions.historyCaption')}
        empty={code === '' && reason === '' ? t('trading.positions.noHistory') : t('trading.positions.noHistoryMatch')}
      />
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('ledger.previousPage') : t('ledger.nextPage'),
          })}
          getItemProps={(item) => ({
            'aria-label': t('ledger.page', { page: item }),
            'aria-current': item === page ? 'page' : undefined,
          })}
          data-testid="history-pages"
        />
      )}
    </Stack>
  );
}

/**
 * Positions as a table on wider screens and as cards on phones; the test ids are the same in
 * both (`position-row-<orderNo>` on each row or card).
 */
/** The open dialog: close (all or part), amend stops, or cancel a pending order. */
function PositionDialog({
  dialog,
  ...props
}: {
  dialog: NonNullable<Dialog>;
  info: TMarketInfo | null;
  currentPrice: string | null;
  onClose: () => void;
}) {
  const shared = { position: dialog.position, info: props.info, onClose: props.onClose };
  if (dialog.kind === 'close') return <ClosePositionModal {...shared} currentPrice={props.currentPrice} />;
  if (dialog.kind === 'amend') return <AmendPositionModal {...shared} currentPrice={props.currentPrice} />;
  return <CancelOrderModal {...shared} />;
}

/** A read list of orders: loading and error states, then the table (or cards when narrow). */
function OrdersList({
  query,
  ...list
}: {
  query: ReturnType<typeof useOrders>;
  columns: Column[];
  caption: string;
  empty: string;
}) {
  return <QueryState query={query}>{(data) => <PositionList data={data} {...list} />}</QueryState>;
}

function PositionList({
  data,
  columns,
  caption,
  empty,
}: {
  data: OrdersPage;
  columns: Column[];
  caption: string;
  empty: string;
}) {
  const width = useContext(PanelWidth);
  const isNarrow = width > 0 && width < TABLE_MIN_WIDTH;
  if (data.items.length === 0) {
    return (
      <Text c="gray.7" size="sm" py="md" ta="center" data-testid="positions-empty">
        {empty}
      </Text>
    );
  }
  if (isNarrow) {
    return (
      <SimpleGrid
        cols={width >= 560 ? 2 : 1}
        spacing="xs"
        component="ul"
        className="ob-plain-list"
        aria-label={caption}
      >
        {data.items.map((position) => (
          <Paper
            component="li"
            key={position.orderNo}
            withBorder
            p="sm"
            data-testid={`position-row-${position.orderNo}`}
          >
            <dl className="ob-facts">
              {columns.map((column) => (
                <div key={column.key}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(position)}</dd>
                </div>
              ))}
            </dl>
          </Paper>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" fz="sm">
        <caption className="ob-visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={column.end ? 'end' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((position) => (
            <Table.Tr key={position.orderNo} data-testid={`position-row-${position.orderNo}`}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.end ? 'end' : undefined}
                  className={column.end ? 'ob-amount' : undefined}
                >
                  {column.cell(position)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Amend, and close (a position) or cancel (a pending order): each opens its dialog. */
function PositionActions({
  position: p,
  second,
  onAction,
}: {
  position: TPosition;
  second: 'close' | 'cancel';
  onAction: (dialog: Dialog) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => onAction({ kind: 'amend', position: p })}
        aria-label={t('trading.positions.amendLabel', { code: p.code, orderNo: p.orderNo })}
        data-testid={`amend-position-${p.orderNo}`}
      >
        {t('trading.positions.amend')}
      </Button>
      <Button
        size="compact-sm"
        color="red.9"
        variant="outline"
        onClick={() => onAction({ kind: second, position: p })}
        aria-label={t(`trading.positions.${second}Label`, { code: p.code, orderNo: p.orderNo })}
        data-testid={second === 'close' ? `close-position-${p.orderNo}` : `cancel-order-${p.orderNo}`}
      >
        {t(`trading.positions.${second}`)}
      </Button>
    </Group>
  );
}
