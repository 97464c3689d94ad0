import { Group, Text, Title } from '@mantine/core';
import type { MarketType, TMarketItem } from '@openbourse/contracts';
import { DEFAULT_MARKET_TYPE } from '@openbourse/contracts/constants';
import { memo, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../shared/ui/QueryState';
import { DenseMarketList } from './MarketTable';
import { type MarketTab, MarketTypeTabs } from './MarketTypeTabs';
import { instrumentHref, useMarketList } from './market.api';
import { ChangeText, InstrumentLogo, PriceText } from './parts';
import { RowsSkeleton } from './RowsSkeleton';
import { FeedBadge } from './SourceBadge';
import { Sparkline } from './Sparkline';
import { useLivePrices } from './use-live-prices';

export const DEFAULT_MARKET_TAB: MarketTab = `${DEFAULT_MARKET_TYPE}`;

/**
 * The home page's market list (SPEC §2): per type, each instrument with logo and name, its 24 h
 * change, the sparkline and the latest price, moving live, under one source badge for the list
 * (issue 16). A row opens the instrument. `compact` is the phone's dense list (no sparkline).
 */
export default function MarketBoard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<MarketTab>(DEFAULT_MARKET_TAB);
  return (
    <section aria-labelledby="market-board-title" className="ob-market-board" data-testid="market-board">
      <Title order={2} id="market-board-title" mt="xl" mb="sm">
        {t('market.boardTitle')}
      </Title>
      <MarketTypeTabs value={tab} onChange={setTab} idBase="home-market-tabs">
        {tab !== 'watchlist' && <MarketRows type={Number(tab) as MarketType} compact={compact} />}
      </MarketTypeTabs>
    </section>
  );
}

function MarketRows({ type, compact }: { type: MarketType; compact: boolean }) {
  const { t } = useTranslation();
  const list = useMarketList(type);
  const liveItems = useLivePrices(list.data, list.dataUpdatedAt);
  // The rows render in a background pass, in slices, after the page around them has painted.
  const items = useDeferredValue(liveItems);
  if (list.isPending || (liveItems !== undefined && items === undefined)) return <RowsSkeleton compact={compact} />;
  if (list.isError) {
    return <LoadFailed error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (!items || items.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center" data-testid="market-empty">
        {t('market.empty')}
      </Text>
    );
  }
  const badge = (
    <Group justify="flex-end" mb={6}>
      <FeedBadge items={items} />
    </Group>
  );
  if (compact) {
    return (
      <>
        {badge}
        <div className="ob-market-table ob-market-table--compact">
          <DenseMarketList items={items} />
        </div>
      </>
    );
  }
  return (
    <>
      {badge}
      <div className="ob-market-table">
        <div className="ob-market-head" aria-hidden="true">
          <span>{t('market.colName')}</span>
          <span>{t('market.change24h')}</span>
          <span>{t('market.colChart')}</span>
          <span>{t('market.latestPrice')}</span>
        </div>
        <ul className="ob-plain-list">
          {items.map((item) => (
            <li key={item.code}>
              <MarketRow item={item} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** One instrument; memoised, so a price push re-renders only the rows it changed (live.ts). */
const MarketRow = memo(function MarketRow({ item }: { item: TMarketItem }) {
  const { t } = useTranslation();
  return (
    <Link to={instrumentHref(item)} className="ob-market-row" data-testid={`market-row-${item.code}`}>
      <span className="ob-market-name">
        <InstrumentLogo item={item} size={32} />
        <span className="ob-market-name-text">
          <span className="ob-market-app-name">{item.appName}</span>
          <span className="ob-market-code">{item.code}</span>
        </span>
      </span>
      <span className="ob-market-change">
        <span className="ob-visually-hidden">{t('market.change24h')}: </span>
        <ChangeText zdf={item.zdf} />
      </span>
      <span className="ob-market-chart">
        <Sparkline values={item.hundred} zdf={item.zdf} precision={item.precision} />
      </span>
      <span className="ob-market-price">
        <span className="ob-visually-hidden">{t('market.latestPrice')}: </span>
        <PriceText item={item} testId={`market-price-${item.code}`} />
      </span>
    </Link>
  );
});
