import { Badge, type MantineSize, Popover, Text } from '@mantine/core';
import { NON_LIVE_SOURCES } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { type FeedFields, type FeedState, type FeedSummary, type ProviderKind, summariseFeed } from './feed-state';
import { useLocale } from './use-locale';

type BadgeSpec = { kind: 'sandbox' | 'replay' | 'test' | 'stale' | 'none'; color: string };

/** Which badges a price carries (SPEC §0.2): none for a fresh price from a live market. */
export function sourceBadges(source: string, stale: boolean): BadgeSpec[] {
  if (source === 'none') return [{ kind: 'none', color: 'gray.7' }];
  const badges: BadgeSpec[] = [];
  if ((NON_LIVE_SOURCES as readonly string[]).includes(source)) {
    const kind = source === 'sandbox' ? 'sandbox' : source === 'test' ? 'test' : 'replay';
    badges.push({ kind, color: kind === 'sandbox' ? 'grape.9' : kind === 'test' ? 'red.9' : 'indigo.9' });
  }
  if (stale) badges.push({ kind: 'stale', color: 'yellow.5' });
  return badges;
}

/**
 * The visible label a chart carries when its prices are not a fresh live-market price:
 * "Sandbox data", "Replay", "Stale" or "No feed". Lists and headers use FeedBadge, one per panel.
 */
export function SourceBadge({
  source,
  stale = false,
  size = 'sm',
}: {
  source: string;
  stale?: boolean;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  const badges = sourceBadges(source, stale);
  if (badges.length === 0) return null;
  return (
    <>
      {badges.map((badge) => (
        <Badge
          key={badge.kind}
          size={size}
          variant="filled"
          color={badge.color}
          autoContrast
          className="ob-source-badge"
          title={t(`market.source.${badge.kind}Hint`)}
          data-testid="source-badge"
          data-source={badge.kind}
        >
          {t(`market.source.${badge.kind}`)}
        </Badge>
      ))}
    </>
  );
}

const STATE_COLOURS: Record<FeedState, string> = {
  live: 'teal.9',
  delayed: 'indigo.9',
  stale: 'yellow.5',
  none: 'gray.7',
};
const KIND_COLOURS: Record<ProviderKind, string | null> = {
  sandbox: 'grape.9',
  replay: 'indigo.9',
  test: 'red.9',
  exchange: null,
};

/**
 * The one source badge of a panel (issue 16, fix 8): it names the provider behind the panel's
 * prices and the feed's state ("Sandbox data · live"), and opens a popover with the last tick's
 * time. Prices in the panel carry no badge of their own. A feed that is not a live market keeps
 * its colour and name (SPEC §0.2).
 */
export function FeedBadge({ items, testId = 'source-badge' }: { items: readonly FeedFields[]; testId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const summary = summariseFeed(items);
  if (items.length === 0) return null;
  const providerName = (provider: FeedSummary['providers'][number]) =>
    provider.kind === 'exchange'
      ? provider.source.charAt(0).toUpperCase() + provider.source.slice(1)
      : t(`market.source.${provider.kind}`);
  const providers =
    summary.providers.length === 0 ? t('market.source.none') : summary.providers.map(providerName).join(', ');
  const firstKind = summary.providers[0]?.kind ?? 'exchange';
  const color =
    summary.state === 'stale' || summary.state === 'none'
      ? STATE_COLOURS[summary.state]
      : (KIND_COLOURS[firstKind] ?? STATE_COLOURS[summary.state]);
  const state = t(`market.feed.${summary.state}`);
  const label = summary.state === 'none' ? providers : `${providers} · ${state}`;
  const lastTick =
    summary.lastTick === null
      ? t('market.noPrice')
      : new Intl.DateTimeFormat(locale, {
          dateStyle: 'medium',
          timeStyle: 'medium',
          numberingSystem: 'latn',
        }).format(new Date(summary.lastTick));
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={300}>
      <Popover.Target>
        <Badge
          component="button"
          type="button"
          size="sm"
          variant="filled"
          color={color}
          autoContrast
          className="ob-source-badge ob-feed-badge"
          aria-label={t('market.feed.about', { label })}
          data-testid={testId}
          data-source={firstKind === 'exchange' ? summary.providers[0]?.source : firstKind}
          data-state={summary.state}
        >
          {label}
        </Badge>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('market.feed.title')} data-testid={`${testId}-details`}>
        <Text fw={700} size="sm" mb={6}>
          {t('market.feed.title')}
        </Text>
        <dl className="ob-facts ob-feed-facts">
          <div>
            <dt>{t('market.feed.provider')}</dt>
            <dd>{providers}</dd>
          </div>
          <div>
            <dt>{t('market.feed.stateLabel')}</dt>
            <dd>{state}</dd>
          </div>
          {summary.staleCount > 0 && summary.state !== 'stale' && (
            <div>
              <dt>{t('market.source.stale')}</dt>
              <dd data-testid={`${testId}-stale-count`}>
                {t('market.feed.staleCount', { stale: summary.staleCount, total: summary.fedCount })}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('market.feed.lastTick')}</dt>
            <dd className="ob-amount" data-testid={`${testId}-last-tick`}>
              {lastTick}
            </dd>
          </div>
        </dl>
        <Text size="xs" c="dimmed" mt="xs">
          {summary.state === 'stale' || summary.state === 'none'
            ? t(`market.source.${summary.state}Hint`)
            : firstKind === 'exchange'
              ? t('market.feed.liveHint')
              : t(`market.source.${firstKind}Hint`)}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
