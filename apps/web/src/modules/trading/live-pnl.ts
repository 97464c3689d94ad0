import type { TMarketInfo, TPosition } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { LivePush } from '../market/live';
import { isUsdQuoted, parseSigned, pnlUsdt } from './ticket-math';

/**
 * The open positions' P&L at the prices on screen, or null unless every open position is listed
 * and each has a P&L (the summary then keeps the server's figure).
 */
export function livePnlOf(
  list: { items: TPosition[]; total: number } | undefined,
  infos: ReadonlyMap<string, TMarketInfo>,
  currentPriceOf: (position: TPosition) => string | null,
): Decimal | null {
  if (!list || list.items.length !== list.total) return null;
  let total = Decimal.ZERO;
  for (const position of list.items) {
    const pnl = pnlOf(position, infos.get(position.code), currentPriceOf(position));
    if (pnl === null) return null;
    total = total.add(pnl);
  }
  return total;
}

/** The socket's price when it is newer than the list, else the price the server listed with the position. */
export function livePrice(position: TPosition, push: LivePush | undefined, listedAt: number): string | null {
  if (push && push.receivedAt >= listedAt) return push.price;
  return position.currentPrice;
}

/**
 * P&L of an open position: computed from the live price for USD and USDT quotes (USD settles
 * 1:1 in USDT), otherwise the server's figure, read again every few seconds.
 */
export function pnlOf(position: TPosition, info: TMarketInfo | undefined, current: string | null): Decimal | null {
  if (info && isUsdQuoted(info.quoteCurrency) && position.openPrice && current) {
    return pnlUsdt(position.side, position.lots, position.openPrice, current, info.contractSize);
  }
  return parseSigned(position.unrealisedPnl);
}
