import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TMarketInfo, TPosition } from '@openbourse/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../shared/ui/QueryState';
import { formatPrice, formatQuantity, NO_VALUE } from '../market/format';
import { useLocale } from '../market/use-locale';
import { SideBadge } from './TradingParts';
import type { OrdersPage, useOrders } from './trading.api';
import { formatUsdt } from './trading-format';

// The pieces the positions panel's tabs share: rows as a table or as cards, cells, actions.

export type PositionDialogRequest = { kind: 'close' | 'amend' | 'cancel'; position: TPosition } | null;

/** The panel's width in pixels (0 before the first measurement). */
export const PanelWidth = createContext(0);
/** Below this width the rows are shown as cards. */
const TABLE_MIN_WIDTH = 900;

/** A column: its header, and its cell for a position. */
export type Column = { key: string; header: string; cell: (position: TPosition) => ReactNode; end?: boolean };

function usePositionFormat(infos: ReadonlyMap<string, TMarketInfo>) {
  const locale = useLocale();
  const price = (position: TPosition, value: string | null) => {
    const info = infos.get(position.code);
    if (value === null) return NO_VALUE;
    return info ? formatPrice(value, info.precision, locale) : formatQuantity(value, locale, 12);
  };
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return {
    locale,
    price,
    lots: (value: string) => formatQuantity(value, locale),
    date: (value: string | null) => (value ? date.format(new Date(value)) : NO_VALUE),
  };
}

/**
 * The columns the tabs share (instrument, side, lots, leverage, stops, margin, actions), each
 * tab listing them in its own order with its own columns between them.
 */
export function useSharedColumns(infos: ReadonlyMap<string, TMarketInfo>) {
  const { t } = useTranslation();
  const format = usePositionFormat(infos);
  const shared = {
    instrument: {
      key: 'instrument',
      header: t('trading.positions.instrument'),
      cell: (p) => <InstrumentCell position={p} />,
    },
    side: { key: 'side', header: t('trading.confirm.side'), cell: (p) => <SideBadge side={p.side} /> },
    lots: { key: 'lots', header: t('trading.positions.lots'), cell: (p) => format.lots(p.lots), end: true },
    leverage: { key: 'leverage', header: t('trading.ticket.leverage'), cell: (p) => `1:${p.leverage}`, end: true },
    stops: {
      key: 'stops',
      header: t('trading.positions.stops'),
      cell: (p) => <Stops position={p} price={format.price} />,
    },
    margin: {
      key: 'margin',
      header: t('trading.positions.margin'),
      cell: (p) => formatUsdt(p.margin, format.locale),
      end: true,
    },
  } satisfies Record<string, Column>;
  const actions = (second: 'close' | 'cancel', onAction: (dialog: PositionDialogRequest) => void): Column => ({
    key: 'actions',
    header: t('trading.positions.actions'),
    cell: (p) => <PositionActions position={p} second={second} onAction={onAction} />,
  });
  return { t, format, shared, actions };
}

function InstrumentCell({ position }: { position: TPosition }) {
  return (
    <Stack gap={0} align="flex-start">
      <Text size="sm" fw={600}>
        {position.appName}
      </Text>
      <Text size="xs" c="dimmed" className="ob-amount">
        {position.code}
      </Text>
      {position.planOrderId !== null && <PlanBadge planOrderId={position.planOrderId} orderNo={position.orderNo} />}
    </Stack>
  );
}

/**
 * A smart plan's position (issue 18) is marked with its plan, linked to the plan on /trading: it
 * is opened and closed by the plan (the server refuses the user's close, amend and cancel, 10221).
 */
export function PlanBadge({ planOrderId, orderNo }: { planOrderId: string; orderNo: string }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to="/trading?tab=mine"
      aria-label={t('trading.positions.planLabel', { id: planOrderId })}
      data-testid={`position-plan-${orderNo}`}
      underline="never"
    >
      <Badge variant="light" color="violet" size="sm" tt="none" style={{ cursor: 'pointer' }}>
        {t('trading.positions.plan', { id: planOrderId })}
      </Badge>
    </Anchor>
  );
}

function Stops({ position, price }: { position: TPosition; price: (p: TPosition, value: string | null) => string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const parts: string[] = [];
  if (position.stopLoss) parts.push(`${t('trading.positions.sl')} ${price(position, position.stopLoss)}`);
  if (position.takeProfit) parts.push(`${t('trading.positions.tp')} ${price(position, position.takeProfit)}`);
  if (position.trailingDistance) {
    parts.push(
      position.trailingStop
        ? t('trading.positions.trailingAt', {
            distance: formatQuantity(position.trailingDistance, locale, 12),
            level: price(position, position.trailingStop),
          })
        : t('trading.positions.trailing', { distance: formatQuantity(position.trailingDistance, locale, 12) }),
    );
  }
  if (parts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('trading.ticket.none')}
      </Text>
    );
  return (
    <Stack gap={0}>
      {parts.map((part) => (
        <Text key={part} size="xs" className="ob-amount">
          {part}
        </Text>
      ))}
    </Stack>
  );
}

/** A read list of orders: loading and error states, then the table (or cards when narrow). */
export function OrdersList({
  query,
  ...list
}: {
  query: ReturnType<typeof useOrders>;
  columns: Column[];
  caption: string;
  empty: string;
}) {
  return <QueryState query={query}>{(data) => <PositionList data={data} {...list} />}</QueryState>;
}

/**
 * Positions as a table on wider screens and as cards on phones; the test ids are the same in
 * both (`position-row-<orderNo>` on each row or card).
 */
function PositionList({
  data,
  columns,
  caption,
  empty,
}: {
  data: OrdersPage;
  columns: Column[];
  caption: string;
  empty: string;
}) {
  const width = useContext(PanelWidth);
  const isNarrow = width > 0 && width < TABLE_MIN_WIDTH;
  if (data.items.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center" data-testid="positions-empty">
        {empty}
      </Text>
    );
  }
  if (isNarrow) {
    return (
      <SimpleGrid
        cols={width >= 560 ? 2 : 1}
        spacing="xs"
        component="ul"
        className="ob-plain-list"
        aria-label={caption}
      >
        {data.items.map((position) => (
          <Paper
            component="li"
            key={position.orderNo}
            withBorder
            p="sm"
            data-testid={`position-row-${position.orderNo}`}
          >
            <dl className="ob-facts">
              {columns.map((column) => (
                <div key={column.key}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(position)}</dd>
                </div>
              ))}
            </dl>
          </Paper>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" fz="sm">
        <caption className="ob-visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={column.end ? 'end' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((position) => (
            <Table.Tr key={position.orderNo} data-testid={`position-row-${position.orderNo}`}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.end ? 'end' : undefined}
                  className={column.end ? 'ob-amount' : undefined}
                >
                  {column.cell(position)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Amend, and close (a position) or cancel (a pending order): each opens its dialog. A plan's
 * position has none: it closes with its plan.
 */
function PositionActions({
  position: p,
  second,
  onAction,
}: {
  position: TPosition;
  second: 'close' | 'cancel';
  onAction: (dialog: PositionDialogRequest) => void;
}) {
  const { t } = useTranslation();
  if (p.planOrderId !== null) {
    return (
      <Text size="xs" c="dimmed" maw={180} data-testid={`position-plan-note-${p.orderNo}`}>
        {t('trading.positions.planNote')}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => onAction({ kind: 'amend', position: p })}
        aria-label={t('trading.positions.amendLabel', { code: p.code, orderNo: p.orderNo })}
        data-testid={`amend-position-${p.orderNo}`}
      >
        {t('trading.positions.amend')}
      </Button>
      <Button
        size="compact-sm"
        color="red"
        variant="outline"
        onClick={() => onAction({ kind: second, position: p })}
        aria-label={t(`trading.positions.${second}Label`, { code: p.code, orderNo: p.orderNo })}
        data-testid={second === 'close' ? `close-position-${p.orderNo}` : `cancel-order-${p.orderNo}`}
      >
        {t(`trading.positions.${second}`)}
      </Button>
    </Group>
  );
}
