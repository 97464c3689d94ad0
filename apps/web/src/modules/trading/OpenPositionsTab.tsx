import type { TMarketInfo, TPosition } from '@openbourse/contracts';
import { pnlOf } from './live-pnl';
import { type Column, OrdersList, type PositionDialogRequest, useSharedColumns } from './PositionParts';
import { PnlText } from './TradingParts';
import { isUsdQuoted } from './ticket-math';
import type { useOrders } from './trading.api';

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
  const { t, format, shared, actions } = useSharedColumns(infos);
  const columns: Column[] = [
    shared.instrument,
    shared.side,
    shared.lots,
    shared.leverage,
    { key: 'open', header: t('trading.positions.openPrice'), cell: (p) => format.price(p, p.openPrice), end: true },
    {
      key: 'current',
      header: t('trading.positions.current'),
      cell: (p) => format.price(p, currentPriceOf(p)),
      end: true,
    },
    shared.stops,
    shared.margin,
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
    actions('close', onAction),
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
