import { Alert, Badge, Button, Group, SegmentedControl, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { OptionKind, TOptionExpiryChain, TOptionSeriesQuote, TOptionsChain } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SourceBadge } from '../market/SourceBadge';
import { type OptionsFormat, useOptionsFormat } from './options-format';
import { type ChainRow, chainRows, isBuyable } from './options-math';

/** What the chain hands the ticket when an ask is chosen. */
export type BuyChoice = { quote: TOptionSeriesQuote; expiry: TOptionExpiryChain };

/**
 * An instrument's options chain (issue 19): the underlying's price with its source, the
 * volatility the prices use and its rule, one tab per expiry (its sales cut-off and settlement
 * rule), and per strike the call (left) and the put (right) with their bid and ask per contract.
 * An ask is the way to buy; hovering or focusing it shows the series' Greeks and volatility. The
 * strike nearest the price is marked; a series with no contracts left says "sold out"; without
 * quotes (a stale price, a closed market) there are no prices and nothing to buy. On a narrow
 * screen one side shows at a time.
 */
export function OptionsChain({
  chain,
  precision,
  onBuy,
}: {
  chain: TOptionsChain;
  precision?: number;
  onBuy: (choice: BuyChoice) => void;
}) {
  const { t } = useTranslation();
  const format = useOptionsFormat();
  const isNarrow = useMediaQuery('(max-width: 48em)') ?? false;
  const [side, setSide] = useState<OptionKind>('call');
  const [expiryId, setExpiryId] = useState<string | null>(null);
  const expiry = chain.expiries.find((item) => item.id === expiryId) ?? chain.expiries[0] ?? null;
  return (
    <Stack gap="md" data-testid="options-chain" data-quoted={chain.quoted}>
      <Underlying chain={chain} precision={precision} format={format} />
      {!chain.quoted && (
        <Alert color="yellow" role="status" data-testid="options-no-quotes">
          {t(`options.chain.noQuotes.${chain.unquotedReason ?? 'stale'}`)}
        </Alert>
      )}
      {expiry === null ? (
        <Text c="dimmed" size="sm" data-testid="options-no-expiries">
          {t('options.chain.noExpiries')}
        </Text>
      ) : (
        <Tabs value={expiry.id} onChange={(value) => setExpiryId(value)} keepMounted={false}>
          <Tabs.List aria-label={t('options.chain.expiries')} className="ob-options-expiries">
            {chain.expiries.map((item) => (
              <Tabs.Tab key={item.id} value={item.id} data-testid="options-expiry-tab">
                {format.shortDateTime(item.expiresAt)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {chain.expiries.map((item) => (
            <Tabs.Panel key={item.id} value={item.id} pt="sm">
              <Stack gap="sm">
                <Text size="sm" data-testid="options-expiry-terms">
                  {t('options.chain.expiryTerms', {
                    expires: format.dateTime(item.expiresAt),
                    close: format.dateTime(item.salesCloseAt),
                  })}{' '}
                  <Text span size="sm" c="dimmed">
                    {t('options.chain.settlementRule', { window: format.window(item.settlementWindowMinutes) })}
                  </Text>
                </Text>
                {isNarrow && (
                  <SegmentedControl
                    value={side}
                    onChange={(value) => setSide(value === 'put' ? 'put' : 'call')}
                    data={[
                      { value: 'call', label: t('options.common.calls') },
                      { value: 'put', label: t('options.common.puts') },
                    ]}
                    aria-label={t('options.chain.sideLabel')}
                    fullWidth
                    data-testid="options-side"
                  />
                )}
                <ChainTable
                  chain={chain}
                  expiry={item}
                  sides={isNarrow ? [side] : ['call', 'put']}
                  format={format}
                  onBuy={onBuy}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <Text size="xs" c="dimmed">
        {t('options.chain.perContract', {
          size: format.price(chain.contractSize),
          code: chain.code,
          asset: chain.asset ?? '',
        })}
      </Text>
    </Stack>
  );
}

/** The underlying's price with its source, and the volatility the prices use with its rule. */
function Underlying({ chain, precision, format }: { chain: TOptionsChain; precision?: number; format: OptionsFormat }) {
  const { t } = useTranslation();
  const underlying = chain.underlying;
  const volatility = chain.volatility;
  return (
    <dl className="ob-facts ob-options-facts">
      <div>
        <dt>{t('options.chain.underlying', { code: chain.code })}</dt>
        <dd>
          <Group gap={6} justify="flex-end" wrap="wrap">
            <span className="ob-amount" data-testid="options-underlying-price">
              {format.price(underlying?.price ?? null, precision)}
            </span>
            {underlying && (
              <SourceBadge
                source={underlying.source}
                stale={!chain.quoted && chain.unquotedReason === 'stale'}
                size="xs"
              />
            )}
          </Group>
          {underlying?.at && (
            <Text size="xs" c="dimmed" fw={400}>
              {t('options.chain.priceAt', { at: format.dateTime(underlying.at) })}
            </Text>
          )}
        </dd>
      </div>
      {volatility && (
        <div>
          <dt>{t('options.chain.volatility')}</dt>
          <dd data-testid="options-volatility">
            <span className="ob-amount">{format.percent(volatility.used)}</span>
            <Text size="xs" c="dimmed" fw={400}>
              {t('options.chain.volatilityRule', {
                window: format.window(volatility.windowMinutes),
                floor: format.percent(volatility.floor),
                cap: format.percent(volatility.cap),
              })}
            </Text>
            <Text size="xs" c="dimmed" fw={400}>
              {volatility.measured === null
                ? t('options.chain.notMeasured')
                : t('options.chain.measured', { measured: format.percent(volatility.measured) })}
            </Text>
          </dd>
        </div>
      )}
      <div>
        <dt>{t('options.chain.fees')}</dt>
        <dd>
          <Text size="sm" fw={600} span>
            {t('options.chain.feeValue', { rate: format.rate(chain.feeRate) })}
          </Text>
        </dd>
      </div>
    </dl>
  );
}

function ChainTable({
  chain,
  expiry,
  sides,
  format,
  onBuy,
}: {
  chain: TOptionsChain;
  expiry: TOptionExpiryChain;
  sides: readonly OptionKind[];
  format: OptionsFormat;
  onBuy: (choice: BuyChoice) => void;
}) {
  const { t } = useTranslation();
  const rows = chainRows(expiry.series, chain.underlying?.price ?? null);
  const both = sides.length === 2;
  const sideHead = (kind: OptionKind) => (
    <Table.Th colSpan={2} ta="center" scope="colgroup">
      {t(kind === 'call' ? 'options.common.calls' : 'options.common.puts')}
    </Table.Th>
  );
  const priceHeads = (kind: OptionKind) => (
    <>
      <Table.Th ta="end" scope="col">
        {t('options.chain.bid')}
        <span className="ob-visually-hidden"> {t(`options.common.types.${kind}`)}</span>
      </Table.Th>
      <Table.Th ta="end" scope="col">
        {t('options.chain.ask')}
        <span className="ob-visually-hidden"> {t(`options.common.types.${kind}`)}</span>
      </Table.Th>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={both ? 420 : 260}>
      <Table
        striped={false}
        highlightOnHover
        verticalSpacing={4}
        horizontalSpacing="xs"
        className="ob-options-table"
        data-testid="options-table"
        aria-label={t('options.chain.tableLabel', { expiry: format.dateTime(expiry.expiresAt) })}
      >
        <Table.Thead>
          {both ? (
            <>
              <Table.Tr>
                {sideHead('call')}
                <Table.Th rowSpan={2} ta="center" scope="col">
                  {t('options.chain.strike')}
                </Table.Th>
                {sideHead('put')}
              </Table.Tr>
              <Table.Tr>
                {priceHeads('call')}
                {priceHeads('put')}
              </Table.Tr>
            </>
          ) : (
            <Table.Tr>
              <Table.Th scope="col">{t('options.chain.strike')}</Table.Th>
              {priceHeads(sides[0] ?? 'call')}
            </Table.Tr>
          )}
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.strike}
              className={row.isNearest ? 'ob-options-nearest' : undefined}
              data-testid="options-row"
              data-strike={row.strike}
              data-nearest={row.isNearest || undefined}
            >
              {both ? (
                <>
                  <SeriesCells row={row} kind="call" chain={chain} expiry={expiry} format={format} onBuy={onBuy} />
                  <StrikeCell row={row} format={format} />
                  <SeriesCells row={row} kind="put" chain={chain} expiry={expiry} format={format} onBuy={onBuy} />
                </>
              ) : (
                <>
                  <StrikeCell row={row} format={format} />
                  <SeriesCells
                    row={row}
                    kind={sides[0] ?? 'call'}
                    chain={chain}
                    expiry={expiry}
                    format={format}
                    onBuy={onBuy}
                  />
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StrikeCell({ row, format }: { row: ChainRow; format: OptionsFormat }) {
  const { t } = useTranslation();
  return (
    <Table.Th scope="row" ta="center" className="ob-options-strike">
      <Group gap={4} justify="center" wrap="wrap">
        <span className="ob-amount">{format.price(row.strike)}</span>
        {row.isNearest && (
          <Badge
            styles={{ label: { overflow: 'visible' } }}
            size="xs"
            variant="light"
            color="blue"
            title={t('options.chain.nearestHint')}
            data-testid="options-nearest"
          >
            {t('options.chain.nearest')}
          </Badge>
        )}
      </Group>
    </Table.Th>
  );
}

/** One series' bid and ask; the ask is the way to buy when the series sells. */
function SeriesCells({
  row,
  kind,
  chain,
  expiry,
  format,
  onBuy,
}: {
  row: ChainRow;
  kind: OptionKind;
  chain: TOptionsChain;
  expiry: TOptionExpiryChain;
  format: OptionsFormat;
  onBuy: (choice: BuyChoice) => void;
}) {
  const { t } = useTranslation();
  const quote = kind === 'call' ? row.call : row.put;
  if (!quote) {
    return (
      <>
        <Table.Td ta="end">—</Table.Td>
        <Table.Td ta="end">—</Table.Td>
      </>
    );
  }
  const isSoldOut = quote.remainingContracts === 0;
  const greeks = <GreeksCard quote={quote} format={format} />;
  const label = t('options.chain.buyLabel', {
    type: t(`options.common.typeWords.${kind}`),
    strike: format.price(quote.strike),
    ask: format.perContract(quote.ask),
  });
  return (
    <>
      <Table.Td ta="end" data-testid="options-bid" data-type={kind}>
        <span className="ob-amount">{chain.quoted ? format.perContract(quote.bid) : '—'}</span>
      </Table.Td>
      <Table.Td ta="end" data-testid="options-ask" data-type={kind}>
        {isSoldOut ? (
          <Tooltip label={greeks} events={{ hover: true, focus: true, touch: true }} withArrow multiline w={240}>
            <Text span size="xs" c="dimmed" tabIndex={0} data-testid="options-sold-out" className="ob-options-soldout">
              {t('options.chain.soldOut')}
            </Text>
          </Tooltip>
        ) : isBuyable(quote, chain.quoted) ? (
          <Tooltip label={greeks} events={{ hover: true, focus: true, touch: false }} withArrow multiline w={240}>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => onBuy({ quote, expiry })}
              aria-label={label}
              data-testid="options-buy"
              data-series-id={quote.seriesId}
            >
              <span className="ob-amount">{format.perContract(quote.ask)}</span>
            </Button>
          </Tooltip>
        ) : (
          <span className="ob-amount">—</span>
        )}
      </Table.Td>
    </>
  );
}

/** A series' Greeks (per unit of the underlying) and volatility, shown on hover and focus of its ask. */
function GreeksCard({ quote, format }: { quote: TOptionSeriesQuote; format: OptionsFormat }) {
  const { t } = useTranslation();
  const facts: Array<[string, string]> = [
    [t('options.chain.greeks.iv'), format.percent(quote.impliedVolatility)],
    [t('options.chain.greeks.delta'), format.greek(quote.delta)],
    [t('options.chain.greeks.gamma'), format.greek(quote.gamma)],
    [t('options.chain.greeks.vega'), format.greek(quote.vega)],
    [t('options.chain.greeks.theta'), format.greek(quote.theta)],
    [t('options.chain.greeks.mid'), format.perContract(quote.mid)],
    [t('options.chain.greeks.remaining'), format.count(quote.remainingContracts)],
  ];
  return (
    <span className="ob-options-greeks" data-testid="options-greeks">
      <strong>
        {t('options.chain.greeks.title', {
          type: t(`options.common.types.${quote.type}`),
          strike: format.price(quote.strike),
        })}
      </strong>
      {facts.map(([name, value]) => (
        <span key={name} className="ob-options-greek">
          <span>{name}</span> <span className="ob-amount">{value}</span>
        </span>
      ))}
      <span className="ob-options-greeks-note">{t('options.chain.greeks.note')}</span>
    </span>
  );
}
