import type { TMarketInfo } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import {
  type Column,
  InstrumentCell,
  OrdersList,
  PositionActions,
  type PositionDialogRequest,
  Stops,
  usePositionFormat,
} from './PositionParts';
import { SideBadge } from './TradingParts';
import type { useOrders } from './trading.api';
import { formatUsdt } from './tradingFormat';

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
  const { t } = useTranslation();
  const format = usePositionFormat(infos);
  const columns: Column[] = [
    { key: 'instrument', header: t('trading.positions.instrument'), cell: (p) => <InstrumentCell position={p} /> },
    { key: 'side', header: t('trading.confirm.side'), cell: (p) => <SideBadge side={p.side} /> },
    { key: 'type', header: t('trading.confirm.type'), cell: (p) => t(`trading.orderType.${p.orderType}`) },
    { key: 'lots', header: t('trading.positions.lots'), cell: (p) => format.lots(p.lots), end: true },
    { key: 'leverage', header: t('trading.ticket.leverage'), cell: (p) => `1:${p.leverage}`, end: true },
    { key: 'entry', header: t('trading.confirm.entryPrice'), cell: (p) => format.price(p, p.entryPrice), end: true },
    { key: 'stops', header: t('trading.positions.stops'), cell: (p) => <Stops position={p} price={format.price} /> },
    {
      key: 'margin',
      header: t('trading.positions.margin'),
      cell: (p) => formatUsdt(p.margin, format.locale),
      end: true,
    },
    { key: 'placed', header: t('trading.positions.placedAt'), cell: (p) => format.date(p.createdAt) },
    {
      key: 'actions',
      header: t('trading.positions.actions'),
      cell: (p) => <PositionActions position={p} second="cancel" onAction={onAction} />,
    },
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
