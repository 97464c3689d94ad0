import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
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
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { isMobileUserAgent } from '../../shared/device/device';
import { catalogueMessage } from '../../shared/i18n/i18n';
import { LoadFailed } from '../../shared/ui/QueryState';
import { loadOrderTicket, preloadTicketAndChart } from '../trading/preload-trading';
import { ChartPanel } from './ChartPanel';
import { formatQuantity } from './format';
import { Facts, InstrumentHeader, PriceFact, TradingSessions, TradingStatus } from './InstrumentParts';
import { useMarketInfo } from './market.api';
import { RowsSkeleton } from './RowsSkeleton';
import { useLivePrices } from './use-live-prices';
import { useLocale } from './use-locale';

const CODE = /^[A-Z0-9.]{1,20}$/;

// The order ticket is loaded beside the page, in its own chunk.
const OrderTicket = lazy(loadOrderTicket);

/**
 * /cruuency?code=…&type=…&id=… (SPEC §2; the path keeps this spelling): one instrument with
 * its live price and badge, chart and order ticket, contract facts, trading hours and description. The code
 * decides; type and id only come along from the links.
 */
export default function InstrumentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
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
        <InstrumentDetail info={live} isMobile={isMobile} />
      )}
    </Container>
  );
}

function InstrumentDetail({
  info,
  isMobile,
}: {
  info: NonNullable<ReturnType<typeof useMarketInfo>['data']>;
  isMobile: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const quantity = (value: string, unit?: string) => (
    <span className="ob-amount">
      {unit ? `${formatQuantity(value, locale)} ${unit}` : formatQuantity(value, locale)}
    </span>
  );
  return (
    <Stack gap="lg">
      <InstrumentHeader info={info} headingOrder={1} priceTestId="instrument-price" />
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
        <Grid.Col span={{ base: 12, md: isMobile ? 12 : 4 }}>
          <Suspense fallback={<Skeleton height={480} />}>
            <OrderTicket key={info.code} info={info} />
          </Suspense>
        </Grid.Col>
      </Grid>
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
                    <Text span size="sm" c="gray.7" fw={400}>
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
    </Stack>
  );
}
