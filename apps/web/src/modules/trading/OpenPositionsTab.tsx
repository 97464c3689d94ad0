import type { TMarketInfo, TPosition } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { pnlOf } from './livePnl';
import {
  type Column,
  InstrumentCell,
  OrdersList,
  PositionActions,
  type PositionDialogRequest,
  Stops,
  usePositionFormat,
} from './PositionParts';
import { PnlText, SideBadge } from './TradingParts';
import { isUsdQuoted } from './ticketMath';
import type { useOrders } from './trading.api';
import { formatUsdt } from './tradingFormat';

/** The open positions tab: live prices and P&L, with amend and close on each row. */
export function OpenPositionsTab({
  query,
  infos,
  currentPriceOf,
  onAction,
}: {
  query: ReturnType<typeof useOrders>;
  infos: ReadonlyMap<string, TMarketInfo>;
  /** Changes with every pushed price, so the rows re-render with it. */
  currentPriceOf: (position: TPosition) => string | null;
  onAction: (dialog: PositionDialogRequest) => void;
}) {
  const { t } = useTranslation();
  const format = usePositionFormat(infos);
  const columns: Column[] = [
    { key: 'instrument', header: t('trading.positions.instrument'), cell: (p) => <InstrumentCell position={p} /> },
    { key: 'side', header: t('trading.confirm.side'), cell: (p) => <SideBadge side={p.side} /> },
    { key: 'lots', header: t('trading.positions.lots'), cell: (p) => format.lots(p.lots), end: true },
    { key: 'leverage', header: t('trading.ticket.leverage'), cell: (p) => `1:${p.leverage}`, end: true },
    { key: 'open', header: t('trading.positions.openPrice'), cell: (p) => format.price(p, p.openPrice), end: true },
    {
      key: 'current',
      header: t('trading.positions.current'),
      cell: (p) => format.price(p, currentPriceOf(p)),
      end: true,
    },
    { key: 'stops', header: t('trading.positions.stops'), cell: (p) => <Stops position={p} price={format.price} /> },
    {
      key: 'margin',
      header: t('trading.positions.margin'),
      cell: (p) => formatUsdt(p.margin, format.locale),
      end: true,
    },
    {
      key: 'pnl',
      header: t('trading.positions.pnl'),
      end: true,
      cell: (p) => {
        const info = infos.get(p.code);
        const isLive = Boolean(info && isUsdQuoted(info.quoteCurrency));
        return (
          <PnlText
            value={pnlOf(p, info, currentPriceOf(p))}
            locale={format.locale}
            testId={`position-pnl-${p.orderNo}`}
            title={isLive ? t('trading.positions.pnlLive') : t('trading.positions.pnlServer')}
          />
        );
      },
    },
    {
      key: 'actions',
      header: t('trading.positions.actions'),
      cell: (p) => <PositionActions position={p} second="close" onAction={onAction} />,
    },
  ];
  return (
    <OrdersList
      query={query}
      columns={columns}
      caption={t('trading.positions.openCaption')}
      empty={t('trading.positions.noOpen')}
    />
  );
}
