import { Tabs } from '@mantine/core';
import type { MarketType } from '@openbourse/contracts';
import { MARKET_TYPE_KEYS, MARKET_TYPES } from '@openbourse/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type MarketTab = `${MarketType}` | 'watchlist';

export function parseMarketTab(value: string | null, allowWatchlist: boolean): MarketTab | null {
  if (value === 'watchlist') return allowWatchlist ? 'watchlist' : null;
  return MARKET_TYPES.some((type) => String(type) === value) ? (value as MarketTab) : null;
}

/** The five market types as tabs (and the watchlist on /market); only the open tab's content is rendered. */
export function MarketTypeTabs({
  value,
  onChange,
  withWatchlist = false,
  children,
  idBase,
}: {
  value: MarketTab;
  onChange: (tab: MarketTab) => void;
  withWatchlist?: boolean;
  children: ReactNode;
  idBase: string;
}) {
  const { t } = useTranslation();
  const tabs: MarketTab[] = [
    ...(withWatchlist ? (['watchlist'] as const) : []),
    ...MARKET_TYPES.map((type) => `${type}` as const),
  ];
  const label = (tab: MarketTab) =>
    tab === 'watchlist' ? t('market.watchlist') : t(`market.types.${MARKET_TYPE_KEYS[Number(tab) as MarketType]}`);
  return (
    <Tabs
      id={idBase}
      value={value}
      onChange={(next) => {
        const tab = parseMarketTab(next, withWatchlist);
        if (tab) onChange(tab);
      }}
      activateTabWithKeyboard
    >
      <Tabs.List aria-label={t('market.typesLabel')} className="ob-market-tabs">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab} data-testid={`market-tab-${tab}`}>
            {label(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="sm">
          {tab === value ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
