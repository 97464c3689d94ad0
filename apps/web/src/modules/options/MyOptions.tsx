import {
  Anchor,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TOptionsOrder } from '@openbourse/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { SourceBadge, sourceBadges } from '../market/SourceBadge';
import { useOptionsOrders } from './options.api';
import { type OptionsFormat, useOptionsFormat } from './options-format';
import { countdown } from './options-math';
import { type Fact, OrderStatusBadge, Pnl } from './parts';
import { SellDialog } from './SellDialog';

const PAGE_SIZE = 20;
/** The instrument page lists the open options of its instrument from the newest this many. */
const INSTRUMENT_PAGE_SIZE = 100;

/** The time now, moving every second (the countdowns to expiry). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The user's open options on one instrument (its page, under the chain): each with its value at
 * the current bid, its P&L, the countdown to expiry and the way to sell it back; a link to all.
 */
export function MyOptionsOnInstrument({ code }: { code: string }) {
  const { t } = useTranslation();
  const orders = useOptionsOrders({ status: 'open', page: 1, size: INSTRUMENT_PAGE_SIZE });
  const now = useNow();
  return (
    <Stack gap="sm">
      <QueryState query={orders}>
        {(data) => {
          const mine = data.items.filter((order) => order.code === code);
          return mine.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="options-mine-empty">
              {t('options.mine.emptyOn', { code })}
            </Text>
          ) : (
            <OrderCards orders={mine} now={now} />
          );
        }}
      </QueryState>
      <Anchor component={Link} to="/options" size="sm" w="fit-content" data-testid="options-mine-all">
        {t('options.mine.seeAll')}
      </Anchor>
    </Stack>
  );
}

type Filter = 'open' | 'ended';

/** All the user's options (/options): open ones valued now, ended ones with how they ended; paged. */
export function MyOptionsList() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const orders = useOptionsOrders({ status: filter, page, size: PAGE_SIZE });
  const now = useNow();
  return (
    <Stack gap="md">
      <SegmentedControl
        value={filter}
        onChange={(value) => {
          setFilter(value === 'ended' ? 'ended' : 'open');
          setPage(1);
        }}
        data={[
          { value: 'open', label: t('options.mine.filters.open') },
          { value: 'ended', label: t('options.mine.filters.ended') },
        ]}
        aria-label={t('options.mine.filters.label')}
        w="fit-content"
        data-testid="options-mine-filter"
      />
      <QueryState query={orders}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" py="md" data-testid="options-mine-empty">
              {t(filter === 'open' ? 'options.mine.emptyOpen' : 'options.mine.emptyEnded')}
            </Text>
          ) : (
            <Stack gap="md">
              <OrderCards orders={data.items} now={now} showCode />
              {data.total > PAGE_SIZE && (
                <Pagination
                  total={Math.ceil(data.total / PAGE_SIZE)}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) =>
                    control === 'previous'
                      ? { 'aria-label': t('options.mine.previousPage') }
                      : control === 'next'
                        ? { 'aria-label': t('options.mine.nextPage') }
                        : {}
                  }
                />
              )}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

function OrderCards({ orders, now, showCode = false }: { orders: TOptionsOrder[]; now: number; showCode?: boolean }) {
  const [selling, setSelling] = useState<TOptionsOrder | null>(null);
  return (
    <>
      <Stack gap="sm" data-testid="options-orders">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} now={now} showCode={showCode} onSell={() => setSelling(order)} />
        ))}
      </Stack>
      {selling && <SellDialog key={selling.id} order={selling} onClose={() => setSelling(null)} />}
    </>
  );
}

/** An order can be sold back while open and before its expiry (the chain's cut-off decides the rest). */
function canSell(order: TOptionsOrder, now: number): boolean {
  return order.status === 'open' && !order.awaitingSettlement && Date.parse(order.expiresAt) > now;
}

function OrderCard({
  order,
  now,
  showCode,
  onSell,
}: {
  order: TOptionsOrder;
  now: number;
  showCode: boolean;
  onSell: () => void;
}) {
  const { t } = useTranslation();
  const format = useOptionsFormat();
  const headingId = useId();
  const typeName = t(`options.common.types.${order.type}`);
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="options-order"
      data-order-id={order.id}
      data-status={order.status}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {showCode
              ? t('options.mine.headingWithCode', {
                  type: typeName,
                  strike: format.price(order.strike),
                  code: order.code,
                })
              : t('options.mine.heading', { type: typeName, strike: format.price(order.strike) })}
          </Title>
          <OrderStatusBadge order={order} />
        </Group>
        <SimpleGrid
          cols={{ base: 2, sm: 4 }}
          spacing="sm"
          verticalSpacing="xs"
          component="dl"
          className="ob-options-figures"
        >
          {orderFacts(order, now, format, t).map((fact) => (
            <div key={fact.key}>
              <dt>{fact.label}</dt>
              <dd data-testid={fact.testId}>{fact.value}</dd>
            </div>
          ))}
        </SimpleGrid>
        {canSell(order, now) && (
          <Group>
            <Button variant="light" onClick={onSell} aria-describedby={headingId} data-testid="options-order-sell">
              {t('options.mine.sell')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function orderFacts(
  order: TOptionsOrder,
  now: number,
  format: OptionsFormat,
  t: (key: string, values?: Record<string, unknown>) => string,
): Fact[] {
  const asset = order.asset;
  const left = countdown(order.expiresAt, now);
  const facts: Array<Fact | null> = [
    {
      key: 'expiry',
      label: t('options.mine.expiry'),
      value: (
        <>
          {format.dateTime(order.expiresAt)}
          {order.status === 'open' && (
            <Text size="xs" c="dimmed" fw={400} data-testid="options-order-countdown">
              {left.isPast ? t('options.mine.expired') : t('options.mine.expiresIn', { left: format.countdown(left) })}
            </Text>
          )}
        </>
      ),
    },
    { key: 'quantity', label: t('options.mine.quantity'), value: format.count(order.quantity) },
    {
      key: 'premium',
      label: t('options.mine.premium'),
      value: (
        <>
          {format.money(order.premium, asset)}
          <Text size="xs" c="dimmed" fw={400}>
            {t('options.mine.premiumDetail', {
              perContract: format.money(order.premiumPerContract, asset),
              fee: format.money(order.fee, asset),
            })}
          </Text>
        </>
      ),
      testId: 'options-order-premium',
    },
    { key: 'breakEven', label: t('options.mine.breakEven'), value: format.price(order.breakEven) },
    order.cap !== null ? { key: 'cap', label: t('options.mine.cap'), value: format.money(order.cap, asset) } : null,
    { key: 'maxPayout', label: t('options.mine.maxPayout'), value: format.money(order.maxPayout, asset) },
  ];
  if (order.status === 'open') {
    facts.push(
      {
        key: 'value',
        label: t('options.mine.valueNow'),
        value: order.valueNow === null ? t('options.mine.noQuote') : format.money(order.valueNow, asset),
        testId: 'options-order-value',
      },
      {
        key: 'pnl',
        label: t('options.mine.pnlNow'),
        value: order.pnl === null ? t('options.mine.noQuote') : <Pnl value={order.pnl} asset={asset} format={format} />,
        testId: 'options-order-pnl',
      },
    );
  }
  if (order.status === 'closed') {
    facts.push(
      {
        key: 'closePrice',
        label: t('options.mine.closePrice'),
        value: format.money(order.closePricePerContract, asset),
        testId: 'options-order-close-price',
      },
      {
        key: 'proceeds',
        label: t('options.mine.proceeds'),
        value: (
          <>
            {format.money(order.proceeds, asset)}
            <Text size="xs" c="dimmed" fw={400}>
              {t('options.mine.closeFee', { fee: format.money(order.closeFee, asset) })}
            </Text>
          </>
        ),
      },
    );
  }
  if (order.status === 'settled') {
    facts.push(
      {
        key: 'settlement',
        label: t('options.mine.settlementPrice'),
        value: (
          <>
            {format.price(order.settlementPrice)}
            {order.settlementSource !== null && (
              // A price not from a live market carries its badge (SPEC §0.2); any other names its feed.
              <Text size="xs" c="dimmed" fw={400} data-testid="options-order-settlement-source">
                {sourceBadges(order.settlementSource, false).length > 0 ? (
                  <SourceBadge source={order.settlementSource} size="xs" />
                ) : (
                  t('options.mine.source', { source: order.settlementSource })
                )}
              </Text>
            )}
          </>
        ),
        testId: 'options-order-settlement',
      },
      {
        key: 'payout',
        label: t('options.mine.payout'),
        value: format.money(order.payout, asset),
        testId: 'options-order-payout',
      },
    );
  }
  if (order.status !== 'open') {
    facts.push(
      {
        key: 'pnl',
        label: t('options.mine.pnlRealised'),
        value: <Pnl value={order.pnl} asset={asset} format={format} />,
        testId: 'options-order-pnl',
      },
      {
        key: 'closedAt',
        label: t(order.status === 'closed' ? 'options.mine.closedAt' : 'options.mine.settledAt'),
        value: order.closedAt === null ? '—' : format.dateTime(order.closedAt),
      },
    );
  }
  return facts.filter((fact): fact is Fact => fact !== null);
}
