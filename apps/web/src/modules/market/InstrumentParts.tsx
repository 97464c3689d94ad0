import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { TMarketInfo } from '@openbourse/contracts';
import { MARKET_TYPE_KEYS } from '@openbourse/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from './format';
import { ChangeText, InstrumentLogo, PriceText } from './parts';
import { FeedBadge } from './SourceBadge';
import { useLocale } from './use-locale';

/** Logo, name and code, the live price, the 24 h change and the panel's one source badge. */
export function InstrumentHeader({
  info,
  headingOrder,
  priceTestId,
}: {
  info: TMarketInfo;
  headingOrder: 1 | 2;
  priceTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
      <Group gap="sm" wrap="nowrap" align="center">
        <InstrumentLogo item={info} size={44} />
        <Stack gap={0}>
          <Title order={headingOrder} size="h2" className="ob-page-title">
            {info.appName}
          </Title>
          <Group gap={6}>
            <Text size="sm" c="dimmed" className="ob-amount">
              {info.code}
            </Text>
            <Badge size="xs" variant="outline" color="gray">
              {t(`market.types.${MARKET_TYPE_KEYS[info.type]}`)}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <Stack gap={2} align="flex-end" className="ob-instrument-quote">
        <PriceText item={info} size="xl" fw={700} testId={priceTestId} />
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {t('market.change24h')}
          </Text>
          <ChangeText zdf={info.zdf} />
        </Group>
        <FeedBadge items={[info]} />
      </Stack>
    </Group>
  );
}

/** "Open now" or "Closed", and when that changes, in the reader's locale and time zone. */
export function TradingStatus({ info }: { info: Pick<TMarketInfo, 'tradable' | 'hours'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const next = info.hours.nextChange ? new Date(info.hours.nextChange) : null;
  const time =
    next && !Number.isNaN(next.getTime())
      ? new Intl.DateTimeFormat(locale, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }).format(next)
      : null;
  return (
    <Group gap="xs" data-testid="trading-status">
      <Badge color={info.tradable ? 'teal.9' : 'gray.7'} className="ob-source-badge">
        {info.tradable ? t('market.openNow') : t('market.closed')}
      </Badge>
      <Text size="sm" c="dimmed">
        {time
          ? t(info.tradable ? 'market.closesAt' : 'market.opensAt', { time })
          : info.tradable
            ? t('market.alwaysOpen')
            : ''}
      </Text>
    </Group>
  );
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The weekly sessions in the exchange's time zone, one line per day. */
export function TradingSessions({ hours }: { hours: TMarketInfo['hours'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // 2024-01-01 was a Monday: ISO weekday d is 2024-01-0d.
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const dayName = (day: number) => weekday.format(new Date(Date.UTC(2024, 0, day)));
  return (
    <details className="ob-sessions">
      <summary>{t('market.sessions', { zone: hours.timeZone })}</summary>
      <dl className="ob-facts ob-facts--sessions">
        {WEEKDAYS.map((day) => {
          const sessions = hours.sessions.filter((session) => session.day === day);
          return (
            <div key={day}>
              <dt>{dayName(day)}</dt>
              <dd className="ob-amount">
                {sessions.length === 0
                  ? t('market.closed')
                  : sessions.map((session) => `${session.open}–${session.close}`).join(', ')}
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}

/** Terms and values as a description list. */
export function Facts({ items, testId }: { items: Array<{ term: string; value: ReactNode }>; testId?: string }) {
  return (
    <dl className="ob-facts" data-testid={testId}>
      {items.map((item) => (
        <div key={item.term}>
          <dt>{item.term}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A price that is not the latest (24 h high or low), at the instrument's precision. */
export function PriceFact({
  value,
  info,
  testId,
}: {
  value: string | null;
  info: Pick<TMarketInfo, 'precision' | 'source' | 'stale'>;
  testId?: string;
}) {
  const locale = useLocale();
  // No badge of its own: the panel's FeedBadge names the source (issue 16, fix 8).
  return (
    <span className="ob-amount" data-testid={testId}>
      {formatPrice(value, info.precision, locale)}
    </span>
  );
}
