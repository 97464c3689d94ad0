import { Anchor, Button, Card, Container, Grid, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { MarketType, TMarketInfo, TMarketItem } from '@openbourse/contracts';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { isMobileUserAgent } from '../../shared/device/device';
import { LoadFailed } from '../../shared/ui/QueryState';
import { useSession } from '../identity/session';
import { loadOrderTicket, preloadTicketAndChart } from '../trading/preload-trading';
import { ChartPanel } from './ChartPanel';
import { formatPrice } from './format';
import { Facts, InstrumentHeader, PriceFact, TradingStatus } from './InstrumentParts';
import { DenseMarketList, MarketTable } from './MarketTable';
import { type MarketTab, MarketTypeTabs, marketTabParam, parseMarketTab } from './MarketTypeTabs';
import { instrumentHref, useMarketInfo, useMarketList } from './market.api';
import { type MarketSort, nextSort, parseSort, type SortKey, topMovers } from './market-sort';
import { RowsSkeleton } from './RowsSkeleton';
import { FeedBadge } from './SourceBadge';
import { useAllMarkets } from './use-all-markets';
import { useColourConvention } from './use-colour-convention';
import { useLivePrices } from './use-live-prices';
import { useLocale } from './use-locale';
import { useWatchlist, type Watchlist } from './watchlist';

// Trading is loaded beside the page, in its own chunks.
const OrderTicket = lazy(loadOrderTicket);
const PositionsPanel = lazy(() => import('../trading/PositionsPanel'));
const TicketTour = lazy(() => import('../onboarding/TicketTour'));

/**
 * /market (SPEC §2): instruments by type and the watchlist; on desktop the selected instrument
 * beside them with its price, 24 h range, trading hours and candle chart, and the order ticket
 * beside the chart; the signed-in user's positions below (below the list on mobile). The tab, the
 * selection and the table's sort live in the address (`?tab=2&code=BTCUSDT&sort=zdf&dir=desc`;
 * tabs by their place: 0 the watchlist, 1–5 the types, 6 the top movers), so they survive a
 * reload and can be shared. On mobile the dense list's rows open the instrument page instead.
 */
export default function MarketPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const isMobile = isMobileUserAgent(navigator.userAgent);
  const tab = parseMarketTab(params.get('tab'), true) ?? '2';
  const sort = parseSort(params.get('sort'), params.get('dir'));
  const selected = params.get('code');
  const watchlist = useWatchlist();
  const { token } = useSession();
  useEffect(() => {
    // On desktop the selected instrument's ticket and chart are on this page.
    if (!isMobile && selected) preloadTicketAndChart();
  }, [isMobile, selected]);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };

  // A phone shows no ticket here: the tour runs on the instrument page, where the ticket is.
  if (isMobile && params.get('tour') === '1') {
    return <Navigate to={`/cruuency?code=${encodeURIComponent(selected ?? 'BTCUSDT')}&tour=1`} replace />;
  }

  return (
    <Container size="xl" py={isMobile ? 'md' : 'xl'} data-testid="market-page">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Title order={1} className={isMobile ? 'ob-hero-title--mobile' : undefined}>
          {t('market.title')}
        </Title>
        <ColourConventionSwitch />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: isMobile ? 12 : 6, lg: isMobile ? 12 : 5 }}>
          <Card withBorder padding={isMobile ? 'xs' : 'sm'} data-tour="instrument-list">
            <MarketTypeTabs
              value={tab}
              onChange={(next) => update({ tab: marketTabParam(next) })}
              withWatchlist
              idBase="market-tabs"
            >
              <InstrumentList
                tab={tab}
                selected={selected}
                onSelect={isMobile ? null : (code) => update({ code })}
                watchlist={watchlist}
                sort={sort}
                onSort={(key) => {
                  const next = nextSort(sort, key);
                  update({ sort: next.key, dir: next.direction });
                }}
              />
            </MarketTypeTabs>
          </Card>
        </Grid.Col>
        {!isMobile && (
          <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
            {selected ? (
              <SelectedInstrument code={selected} />
            ) : (
              <Card withBorder padding="xl">
                <Text c="dimmed" ta="center">
                  {t('market.selectPrompt')}
                </Text>
              </Card>
            )}
          </Grid.Col>
        )}
      </Grid>
      {params.get('tour') === '1' && (
        <Suspense fallback={null}>
          <TicketTour onEnd={() => update({ tour: null })} />
        </Suspense>
      )}
      {token && (
        <Suspense fallback={<Skeleton height={160} mt="lg" />}>
          <Stack mt="lg" data-tour="positions">
            <PositionsPanel dock={{ code: selected }} />
          </Stack>
        </Suspense>
      )}
    </Container>
  );
}

function ColourConventionSwitch() {
  const { t } = useTranslation();
  const { convention, setConvention } = useColourConvention();
  return (
    <Switch
      checked={convention === 'green-up'}
      onChange={(event) => setConvention(event.currentTarget.checked ? 'green-up' : 'red-up')}
      label={t('market.greenUp')}
      description={t('market.greenUpHint')}
      // Sized by global.css, which the boot shell's copy of this switch uses too.
      classNames={{ description: 'ob-convention-hint' }}
      data-testid="colour-convention"
      maw={360}
    />
  );
}

type ListProps = {
  tab: MarketTab;
  selected: string | null;
  /** Null on mobile: rows then link to the instrument page. */
  onSelect: ((code: string) => void) | null;
  watchlist: Watchlist;
  sort: MarketSort | null;
  onSort: (key: SortKey) => void;
};

function InstrumentList(props: ListProps) {
  if (props.tab === 'watchlist') return <WatchlistItems {...props} />;
  if (props.tab === 'movers') return <MoverItems {...props} />;
  return <TypeItems {...props} type={Number(props.tab) as MarketType} />;
}

function TypeItems({ type, ...props }: ListProps & { type: MarketType }) {
  const list = useMarketList(type);
  const items = useLivePrices(list.data, list.dataUpdatedAt);
  return (
    <ListBody
      {...props}
      isPending={list.isPending}
      error={list.isError ? list.error : null}
      retry={() => void list.refetch()}
      items={items}
    />
  );
}

/** Top movers (issue 16): every type's instruments by the size of their 24 h change, up or down. */
function MoverItems(props: ListProps) {
  const { t } = useTranslation();
  const markets = useAllMarkets();
  const movers = useMemo(() => topMovers(markets.items), [markets.items]);
  const items = useLivePrices(movers, markets.dataUpdatedAt);
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed" data-testid="top-movers-hint">
        {t('market.topMoversHint')}
      </Text>
      <ListBody
        {...props}
        isPending={markets.isPending}
        error={markets.error}
        retry={markets.refetch}
        items={items}
        empty={t('market.topMoversEmpty')}
      />
    </Stack>
  );
}

function WatchlistItems(props: ListProps) {
  const { t } = useTranslation();
  const markets = useAllMarkets();
  const { codes, isAccount, isPending, error, refetch } = props.watchlist;
  const chosen = useMemo(() => {
    const byCode = new Map(markets.items.map((item) => [item.code, item]));
    return codes.flatMap((code) => byCode.get(code) ?? []);
  }, [markets.items, codes]);
  const items = useLivePrices(chosen, markets.dataUpdatedAt);
  return (
    <Stack gap="xs">
      {!isAccount && (
        <Text size="xs" c="dimmed" data-testid="watchlist-local">
          {t('market.watchlistLocal')}{' '}
          <Anchor component={Link} to="/pass/login" size="xs">
            {t('nav.login')}
          </Anchor>
        </Text>
      )}
      <ListBody
        {...props}
        isPending={isPending || (codes.length > 0 && markets.isPending)}
        error={error ?? markets.error}
        retry={error ? refetch : markets.refetch}
        items={items}
        empty={t('market.watchlistEmpty')}
      />
    </Stack>
  );
}

function ListBody({
  items,
  isPending,
  error,
  retry,
  empty,
  selected,
  onSelect,
  watchlist,
  sort,
  onSort,
}: ListProps & {
  items: TMarketItem[] | undefined;
  isPending: boolean;
  error: Error | null;
  retry: () => void;
  empty?: string;
}) {
  // The rows render in a background pass, in slices, after the page around them has painted:
  // forty instruments at once would hold a slow phone's main thread.
  const shownItems = useDeferredValue(items);
  const { t } = useTranslation();
  const first = shownItems?.[0]?.code;
  // On desktop the first instrument is shown until the reader picks one.
  useEffect(() => {
    if (onSelect && !selected && first) onSelect(first);
  }, [onSelect, selected, first]);

  if (isPending || (items !== undefined && shownItems === undefined)) return <RowsSkeleton compact />;
  if (error) {
    return <LoadFailed error={error} onRetry={retry} />;
  }
  if (!shownItems || shownItems.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center" data-testid="market-empty">
        {empty ?? t('market.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Group justify="flex-end">
        <FeedBadge items={shownItems} />
      </Group>
      {onSelect ? (
        <MarketTable
          items={shownItems}
          selected={selected}
          onSelect={onSelect}
          watchlist={watchlist}
          sort={sort}
          onSort={onSort}
        />
      ) : (
        <DenseMarketList items={shownItems} watchlist={watchlist} />
      )}
    </Stack>
  );
}

/** The selected instrument: live price, change, 24 h range, trading status and the chart. */
function SelectedInstrument({ code }: { code: string }) {
  const { t } = useTranslation();
  const info = useMarketInfo(code);
  const live = useLivePrices(info.data ? [info.data] : undefined, info.dataUpdatedAt)?.[0];
  if (info.isPending) return <RowsSkeleton rows={3} />;
  if (info.isError || !live) {
    return <LoadFailed error={info.error} onRetry={() => void info.refetch()} />;
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, xl: 7 }}>
        <Card withBorder padding="lg" component="section" aria-label={live.appName} data-testid="selected-instrument">
          <Stack gap="md">
            <InstrumentHeader info={live} headingOrder={2} priceTestId="selected-price" />
            <SelectionAnnouncer info={live} />
            <Facts
              items={[
                { term: t('market.high24h'), value: <PriceFact value={live.high24h} info={live} /> },
                { term: t('market.low24h'), value: <PriceFact value={live.low24h} info={live} /> },
                { term: t('market.tradingHours'), value: <span lang="en">{live.hours.label}</span> },
              ]}
            />
            <TradingStatus info={live} />
            <ChartPanel code={live.code} name={live.appName} precision={live.precision} stale={live.stale} />
            <Group justify="flex-end">
              <Button component={Link} to={instrumentHref(live)} variant="light">
                {t('market.details')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 5 }}>
        <Suspense fallback={<Skeleton height={480} />}>
          <OrderTicket key={live.code} info={live} />
        </Suspense>
      </Grid.Col>
    </Grid>
  );
}

/**
 * Tells screen-reader users which instrument is now shown and its price, once per selection:
 * the price itself is not announced on every tick.
 */
function SelectionAnnouncer({ info }: { info: TMarketInfo }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [message, setMessage] = useState('');
  const hasPrice = info.price !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: announce once per instrument, not per tick
  useEffect(() => {
    setMessage(
      hasPrice
        ? t('market.announce', { name: info.appName, price: formatPrice(info.price, info.precision, locale) })
        : t('market.announceNoPrice', { name: info.appName }),
    );
  }, [info.code, hasPrice]);
  return (
    <div aria-live="polite" className="ob-visually-hidden" data-testid="price-announcer">
      {message}
    </div>
  );
}
