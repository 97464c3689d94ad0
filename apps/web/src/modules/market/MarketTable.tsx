import { ActionIcon, UnstyledButton } from '@mantine/core';
import './market-table.css';
import type { TMarketItem } from '@openbourse/contracts';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconStar, IconStarFilled } from '@tabler/icons-react';
import { memo, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice, formatQuantity, NO_VALUE } from './format';
import { instrumentHref } from './market.api';
import { type MarketSort, type SortKey, sortMarketItems } from './market-sort';
import { ChangePill, ChangeText, InstrumentLogo, PriceText } from './parts';
import { useLocale } from './use-locale';
import type { Watchlist } from './watchlist';

/** A volume shortened for the table ("1.2M"); the exact figure is in its title. */
export function formatVolume(volume: string | null, locale: string): string {
  if (volume === null) return NO_VALUE;
  const value = Number(volume);
  if (!Number.isFinite(value)) return volume;
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: value >= 1000 ? 2 : 4,
    numberingSystem: 'latn',
  }).format(value);
}

const COLUMNS: { key: SortKey; labelKey: string }[] = [
  { key: 'name', labelKey: 'market.colName' },
  { key: 'price', labelKey: 'market.colLast' },
  { key: 'zdf', labelKey: 'market.colChange' },
  { key: 'high', labelKey: 'market.colHigh' },
  { key: 'low', labelKey: 'market.colLow' },
  { key: 'volume', labelKey: 'market.colVolume' },
];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

type TableProps = {
  items: TMarketItem[];
  selected: string | null;
  onSelect: (code: string) => void;
  watchlist: Watchlist;
  sort: MarketSort | null;
  onSort: (key: SortKey) => void;
};

/**
 * The desktop market table (issue 16): last price, 24 h change, high, low and volume, each
 * column sortable from its header (a button, so the keyboard sorts too; the header says its
 * order to screen readers with aria-sort); a row shows its instrument beside the table; the star
 * keeps the watchlist.
 */
export function MarketTable({ items, selected, onSelect, watchlist, sort, onSort }: TableProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows = sortMarketItems(items, sort, locale);
  const select = useStableCallback(onSelect);
  const toggle = useStableCallback(watchlist.toggle);
  return (
    <div className="ob-mtable-wrap">
      <table className="ob-mtable" data-testid="market-table">
        <caption className="ob-visually-hidden">{t('market.listLabel')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const isSorted = sort?.key === column.key;
              const SortIcon = isSorted ? (sort.direction === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={isSorted ? ARIA_SORT[sort.direction] : 'none'}
                  data-testid={`market-sort-${column.key}`}
                  className={column.key === 'name' ? 'ob-mtable-name' : undefined}
                >
                  <UnstyledButton className="ob-mtable-sort" onClick={() => onSort(column.key)}>
                    <span>{t(column.labelKey)}</span>
                    <SortIcon size={14} aria-hidden className={isSorted ? undefined : 'ob-mtable-sort-idle'} />
                  </UnstyledButton>
                </th>
              );
            })}
            <th scope="col" className="ob-mtable-star">
              <span className="ob-visually-hidden">{t('market.watchlist')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <TableRow
              key={item.code}
              item={item}
              locale={locale}
              isSelected={item.code === selected}
              onSelect={select}
              isWatched={watchlist.codes.includes(item.code)}
              isBusy={watchlist.busyCode === item.code}
              onToggle={toggle}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A callback whose identity never changes but which always calls the latest `callback`: rows
 * are memoised, and a parent's fresh closure on every render must not re-render all of them.
 */
function useStableCallback<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  const latest = useRef(callback);
  latest.current = callback;
  return useCallback((...args: A) => latest.current(...args), []);
}

type RowProps = {
  item: TMarketItem;
  isWatched: boolean;
  isBusy: boolean;
  onToggle: (code: string) => void;
};

/**
 * One instrument of the table. Memoised: a price push re-renders the rows whose instrument
 * changed (live.ts keeps the others' objects), not the whole table, so a phone stays responsive
 * while prices move.
 */
const TableRow = memo(function TableRow({
  item,
  locale,
  isSelected,
  onSelect,
  isWatched,
  isBusy,
  onToggle,
}: RowProps & { locale: string; isSelected: boolean; onSelect: (code: string) => void }) {
  const { t } = useTranslation();
  return (
    <tr
      data-testid={`market-row-${item.code}`}
      data-selected={isSelected || undefined}
      onClick={(event) => {
        // The star and the name's button act themselves; elsewhere the row selects.
        if ((event.target as HTMLElement).closest('button')) return;
        onSelect(item.code);
      }}
    >
      <th scope="row" className="ob-mtable-name">
        <button
          type="button"
          className="ob-mtable-pick"
          aria-current={isSelected ? 'true' : undefined}
          onClick={() => onSelect(item.code)}
        >
          <InstrumentLogo item={item} size={22} />
          <span className="ob-market-name-text">
            <span className="ob-market-code ob-mtable-code">{item.code}</span>
            <span className="ob-mtable-app-name">{item.appName}</span>
          </span>
        </button>
      </th>
      <td>
        <PriceText item={item} size="xs" testId={`market-price-${item.code}`} />
      </td>
      <td data-testid={`market-change-${item.code}`}>
        <ChangeText zdf={item.zdf} size="xs" />
      </td>
      <td className="ob-amount">{formatPrice(item.high24h, item.precision, locale)}</td>
      <td className="ob-amount">{formatPrice(item.low24h, item.precision, locale)}</td>
      <td className="ob-amount" title={item.volume24h === null ? undefined : formatQuantity(item.volume24h, locale)}>
        {item.volume24h === null ? (
          <span title={t('market.noVolume')}>{NO_VALUE}</span>
        ) : (
          formatVolume(item.volume24h, locale)
        )}
      </td>
      <td className="ob-mtable-star">
        <StarToggle item={item} isWatched={isWatched} isBusy={isBusy} onToggle={onToggle} />
      </td>
    </tr>
  );
});

/**
 * The phone's market list (issue 16, fix 9): one line per instrument, at least twelve on a
 * 390×844 screen; the name is cut with an ellipsis, never broken mid-word, and the change is a
 * pill in the reader's rise/fall colour. A row opens the instrument page.
 */
export function DenseMarketList({ items, watchlist }: { items: TMarketItem[]; watchlist?: Watchlist }) {
  const { t } = useTranslation();
  const toggle = useStableCallback((code: string) => watchlist?.toggle(code));
  return (
    <ul className="ob-plain-list ob-dense-list" aria-label={t('market.listLabel')} data-testid="market-dense-list">
      {items.map((item) => (
        <DenseRow
          key={item.code}
          item={item}
          hasStar={watchlist !== undefined}
          isWatched={watchlist?.codes.includes(item.code) ?? false}
          isBusy={watchlist?.busyCode === item.code}
          onToggle={toggle}
        />
      ))}
    </ul>
  );
}

/** One line of the phone's list; memoised like the table's rows. */
const DenseRow = memo(function DenseRow({
  item,
  hasStar,
  isWatched,
  isBusy,
  onToggle,
}: RowProps & { hasStar: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="ob-dense-row" data-testid={`market-row-${item.code}`}>
      <Link to={instrumentHref(item)} className="ob-dense-link">
        <InstrumentLogo item={item} size={22} />
        <span className="ob-dense-name">
          <span className="ob-dense-app-name" data-testid="market-row-name" dir="auto">
            {item.appName}
          </span>
          <span className="ob-market-code ob-dense-code">{item.code}</span>
        </span>
        <span className="ob-dense-quote">
          <span className="ob-visually-hidden">{t('market.latestPrice')}: </span>
          <PriceText item={item} size="sm" testId={`market-price-${item.code}`} />
        </span>
        <span className="ob-dense-change">
          <span className="ob-visually-hidden">{t('market.change24h')}: </span>
          <ChangePill zdf={item.zdf} />
        </span>
      </Link>
      {hasStar && <StarToggle item={item} isWatched={isWatched} isBusy={isBusy} onToggle={onToggle} size="md" />}
    </li>
  );
});

/** The watchlist star of one instrument. */
function StarToggle({
  item,
  isWatched,
  isBusy,
  onToggle,
  size = 'md',
}: RowProps & {
  size?: 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const Icon = isWatched ? IconStarFilled : IconStar;
  return (
    <ActionIcon
      variant="subtle"
      color={isWatched ? 'yellow.9' : 'gray.7'}
      size={size}
      aria-pressed={isWatched}
      aria-label={t('market.watch', { name: item.appName })}
      loading={isBusy}
      onClick={() => onToggle(item.code)}
      data-testid={`watch-${item.code}`}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}
