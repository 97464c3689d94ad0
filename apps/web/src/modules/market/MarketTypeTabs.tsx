import { Tabs } from '@mantine/core';
import type { MarketType } from '@openbourse/contracts';
import { MARKET_TYPE_KEYS } from '@openbourse/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKET_PAGE_TABS, type MarketTab, parseMarketTab } from './market-tabs';

export { MARKET_PAGE_TABS, type MarketTab, marketTabParam, parseMarketTab } from './market-tabs';

/** The five market types as tabs (and the watchlist and top movers on /market); only the open tab's content is rendered. */
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
  const tabs: MarketTab[] = withWatchlist
    ? [...MARKET_PAGE_TABS]
    : MARKET_PAGE_TABS.filter((tab) => tab !== 'watchlist' && tab !== 'movers');
  const label = (tab: MarketTab) =>
    tab === 'watchlist'
      ? t('market.watchlist')
      : tab === 'movers'
        ? t('market.topMovers')
        : t(`market.types.${MARKET_TYPE_KEYS[Number(tab) as MarketType]}`);
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
