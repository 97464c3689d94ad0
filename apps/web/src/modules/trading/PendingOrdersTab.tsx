import type { TMarketInfo } from '@openbourse/contracts';
import { type Column, OrdersList, type PositionDialogRequest, useSharedColumns } from './PositionParts';
import type { useOrders } from './trading.api';

/** The pending orders tab: limit and stop orders waiting for their price, with amend and cancel. */
export function PendingOrdersTab({
  query,
  infos,
  onAction,
}: {
  query: ReturnType<typeof useOrders>;
  infos: ReadonlyMap<string, TMarketInfo>;
  onAction: (dialog: PositionDialogRequest) => void;
}) {
  const { t, format, shared, actions } = useSharedColumns(infos);
  const columns: Column[] = [
    shared.instrument,
    shared.side,
    { key: 'type', header: t('trading.confirm.type'), cell: (p) => t(`trading.orderType.${p.orderType}`) },
    shared.lots,
    shared.leverage,
    { key: 'entry', header: t('trading.confirm.entryPrice'), cell: (p) => format.price(p, p.entryPrice), end: true },
    shared.stops,
    shared.margin,
    { key: 'placed', header: t('trading.positions.placedAt'), cell: (p) => format.date(p.createdAt) },
    actions('cancel', onAction),
  ];
  return (
    <OrdersList
      query={query}
      columns={columns}
      caption={t('trading.positions.pendingCaption')}
      empty={t('trading.positions.noPending')}
    />
  );
}
