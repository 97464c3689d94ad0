import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Drawer,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { CATALOGUE } from '@openbourse/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { isMobileUserAgent } from '../../shared/device/device';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { LoadFailed } from '../../shared/ui/QueryState';
import { useSession } from '../identity/session';
import { loadOrderTicket, preloadTicketAndChart } from '../trading/preload-trading';
import { ChartPanel } from './ChartPanel';
import { formatPrice, formatQuantity } from './format';
import { Facts, InstrumentHeader, PriceFact, TradingSessions, TradingStatus } from './InstrumentParts';
import { useMarketInfo } from './market.api';
import { RowsSkeleton } from './RowsSkeleton';
import { useColourConvention } from './use-colour-convention';
import { useLivePrices } from './use-live-prices';
import { useLocale } from './use-locale';

const CODE = /^[A-Z0-9.]{1,20}$/;

// The order ticket is loaded beside the page, in its own chunk.
const OrderTicket = lazy(loadOrderTicket);
// The positions dock (issue 16) too.
const PositionsPanel = lazy(() => import('../trading/PositionsPanel'));
// The instrument's options chain (issue 19): its own chunk, with its texts; nothing shows without options.
const OptionsSection = lazy(() => import('../options/OptionsSection'));
// The onboarding's ticket tour, when the demo starts here on a phone (`?tour=1`).
const TicketTour = lazy(() => import('../onboarding/TicketTour'));

/**
 * /cruuency?code=…&type=…&id=… (SPEC §2; the path keeps this spelling): one instrument with
 * its live price and badge, chart and order ticket, contract facts, trading hours and description. The code
 * decides; type and id only come along from the links.
 */
export default function InstrumentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const isValidCode = CODE.test(code);
  const info = useMarketInfo(isValidCode ? code : null);
  const live = useLivePrices(info.data ? [info.data] : undefined, info.dataUpdatedAt)?.[0];
  const isMobile = isMobileUserAgent(navigator.userAgent);
  useEffect(() => {
    if (isValidCode) preloadTicketAndChart();
  }, [isValidCode]);

  const unknown =
    !isValidCode || (info.error instanceof ApiError && info.error.code === CATALOGUE.UNKNOWN_INSTRUMENT.code);

  return (
    <Container size="lg" py={isMobile ? 'md' : 'xl'} data-testid="instrument-page">
      {!isMobile && (
        <Anchor component={Link} to="/market" size="sm" className="ob-flip-rtl" mb="md" display="inline-flex">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {t('market.backToMarkets')}
          </Group>
        </Anchor>
      )}
      {unknown ? (
        <Alert color="red" title={t('market.notFound')} role="alert" data-testid="instrument-unknown">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {isValidCode ? errorMessage(info.error) : catalogueMessage(CATALOGUE.UNKNOWN_INSTRUMENT.code)}
            </Text>
            <Button component={Link} to="/market" size="xs" variant="light">
              {t('market.backToMarkets')}
            </Button>
          </Stack>
        </Alert>
      ) : info.isPending ? (
        <RowsSkeleton rows={4} />
      ) : info.isError || !live ? (
        <LoadFailed error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <InstrumentDetail
          info={live}
          isMobile={isMobile}
          tour={params.get('tour') === '1'}
          onTourEnd={() => {
            const next = new URLSearchParams(params);
            next.delete('tour');
            setParams(next, { replace: true, preventScrollReset: true });
          }}
        />
      )}
    </Container>
  );
}

function InstrumentDetail({
  info,
  isMobile,
  tour,
  onTourEnd,
}: {
  info: NonNullable<ReturnType<typeof useMarketInfo>['data']>;
  isMobile: boolean;
  /** The onboarding's tour runs (phones only: a desk starts it on /market, the ticket beside the list). */
  tour: boolean;
  onTourEnd: () => void;
}) {
  const { t } = useTranslation();
  // The phone's ticket sheet: closed, or open with a side chosen (by the bar, or by the tour).
  const [side, setSide] = useState<Side | null>(null);
  const locale = useLocale();
  const { token } = useSession();
  const quantity = (value: string, unit?: string) => (
    <span className="ob-amount">
      {unit ? `${formatQuantity(value, locale)} ${unit}` : formatQuantity(value, locale)}
    </span>
  );
  return (
    <Stack gap="lg">
      <div data-tour="instrument-price">
        <InstrumentHeader info={info} headingOrder={1} priceTestId="instrument-price" />
      </div>
      <TradingStatus info={info} />
      <Grid gap="lg">
        {/* The chart fills its column down to the ticket's end (no blank area under it); what
            is stacked under the chart in this column later takes its share of that height. */}
        <Grid.Col span={{ base: 12, md: isMobile ? 12 : 8 }} className="ob-chart-column">
          <Card withBorder padding={isMobile ? 'sm' : 'lg'} className="ob-chart-card">
            <ChartPanel
              code={info.code}
              name={info.appName}
              precision={info.precision}
              stale={info.stale}
              height={isMobile ? 280 : 420}
              fill={!isMobile}
            />
          </Card>
        </Grid.Col>
        {!isMobile && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Suspense fallback={<Skeleton height={480} />}>
              <OrderTicket key={info.code} info={info} />
            </Suspense>
          </Grid.Col>
        )}
      </Grid>
      {token && (
        <Suspense fallback={<Skeleton height={160} />}>
          <PositionsPanel dock={{ code: info.code }} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <OptionsSection key={info.code} code={info.code} precision={info.precision} />
      </Suspense>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder padding="lg" component="section" aria-labelledby="instrument-stats">
          <Title order={2} size="h4" id="instrument-stats" mb="sm">
            {t('market.statsTitle')}
          </Title>
          <Facts
            testId="instrument-facts"
            items={[
              { term: t('market.high24h'), value: <PriceFact value={info.high24h} info={info} /> },
              { term: t('market.low24h'), value: <PriceFact value={info.low24h} info={info} /> },
              {
                term: t('market.volume24h'),
                value:
                  info.volume24h === null ? (
                    <Text span size="sm" c="dimmed" fw={400}>
                      {t('market.noVolume')}
                    </Text>
                  ) : (
                    quantity(info.volume24h, info.baseCurrency)
                  ),
              },
              { term: t('market.tickSize'), value: quantity(info.tickSize, info.quoteCurrency) },
              {
                term: t('market.contractSize'),
                value: quantity(info.contractSize, info.baseCurrency),
              },
              {
                term: t('market.leverageCap'),
                value: <span className="ob-amount">{`1:${info.leverageCap}`}</span>,
              },
              { term: t('market.minLots'), value: quantity(info.minLots) },
              { term: t('market.maxLots'), value: quantity(info.maxLots) },
              { term: t('market.lotStep'), value: quantity(info.lotStep) },
            ]}
          />
        </Card>
        <Stack gap="lg">
          <Card withBorder padding="lg" component="section" aria-labelledby="instrument-hours">
            <Title order={2} size="h4" id="instrument-hours" mb="sm">
              {t('market.tradingHours')}
            </Title>
            <Stack gap="xs">
              <Text lang="en">{info.hours.label}</Text>
              <TradingSessions hours={info.hours} />
            </Stack>
          </Card>
          <Card withBorder padding="lg" component="section" aria-labelledby="instrument-about">
            <Title order={2} size="h4" id="instrument-about" mb="sm">
              {t('market.about')}
            </Title>
            {/* The catalogue's descriptions are written in English. */}
            <Text lang="en" data-testid="instrument-description">
              {info.description}
            </Text>
          </Card>
        </Stack>
      </SimpleGrid>
      {isMobile && <PhoneTradeBar info={info} side={side} onSide={setSide} />}
      {isMobile && tour && (
        <Suspense fallback={null}>
          <TicketTour
            layout="phone"
            sheet={{ open: side !== null, setOpen: (open) => setSide(open ? (side ?? 'long') : null) }}
            onEnd={onTourEnd}
          />
        </Suspense>
      )}
    </Stack>
  );
}

type Info = NonNullable<ReturnType<typeof useMarketInfo>['data']>;
type Side = 'long' | 'short';

/** The height of an element, kept up to date (0 while it is not there). */
function useHeightOf(find: () => HTMLElement | null): [number, (element: HTMLElement | null) => void] {
  const [height, setHeight] = useState(0);
  const [element, setElement] = useState<HTMLElement | null>(null);
  const findRef = useRef(find);
  useEffect(() => {
    const target = element ?? findRef.current();
    if (!target) return;
    const measure = () => setHeight(target.getBoundingClientRect().height);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return [height, setElement];
}

/**
 * Phones (issue 16, fix 9): a Buy and a Sell button fixed above the tab bar, each with the price
 * a market order fills at now, opening the order ticket as a bottom sheet (focus kept inside,
 * closable) with that side chosen. A spacer as tall as the bar ends the page, so the bar never
 * covers its last lines. The sheet's state is its page's, so the onboarding tour can open it;
 * the tour's card docks at the sheet's foot (`data-tour-dock`) and above the bar (`data-tour-floor`).
 */
function PhoneTradeBar({ info, side, onSide }: { info: Info; side: Side | null; onSide: (side: Side | null) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { colours } = useColourConvention();
  const [tabBarHeight] = useHeightOf(() => document.querySelector<HTMLElement>('.ob-tabbar'));
  const [barHeight, barRef] = useHeightOf(() => null);
  const price = formatPrice(info.price, info.precision, locale);
  const button = (value: Side) => (
    <Button
      flex={1}
      size="md"
      color={value === 'long' ? colours.upText : colours.downText}
      onClick={() => onSide(value)}
      data-testid={`trade-bar-${value === 'long' ? 'buy' : 'sell'}`}
    >
      <Stack gap={0} align="center">
        <span>{t(`trading.side.${value}`)}</span>
        <Text component="span" size="xs" className="ob-amount">
          {price}
        </Text>
      </Stack>
    </Button>
  );
  return (
    <>
      <div aria-hidden style={{ height: barHeight }} />
      <Group
        ref={barRef}
        component="section"
        aria-label={t('trading.ticket.barLabel')}
        gap="sm"
        wrap="nowrap"
        p="sm"
        style={{
          position: 'fixed',
          insetInline: 0,
          bottom: tabBarHeight,
          zIndex: 99,
          background: 'var(--mantine-color-body)',
          borderTop: '1px solid var(--mantine-color-gray-3)',
        }}
        data-testid="trade-bar"
        data-tour="trade-bar"
        data-tour-floor
      >
        {button('long')}
        {button('short')}
      </Group>
      <Drawer
        opened={side !== null}
        onClose={() => onSide(null)}
        position="bottom"
        size="92%"
        title={t('trading.ticket.sheetTitle', { name: info.appName })}
        closeButtonProps={{ 'aria-label': t('app.close') }}
        trapFocus
        returnFocus
        padding="xs"
        data-testid="ticket-sheet"
      >
        {side && (
          <Suspense fallback={<Skeleton height={480} />}>
            <OrderTicket
              key={`${info.code}-${side}`}
              info={info}
              initialSide={side}
              titleHidden
              onPlaced={() => onSide(null)}
            />
          </Suspense>
        )}
        <div className="ob-tour-dock" data-tour-dock />
      </Drawer>
    </>
  );
}
