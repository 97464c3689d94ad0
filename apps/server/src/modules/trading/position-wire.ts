import type { TPosition } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { PositionRow } from './trading.repository.js';
import { canonical, pnlOf, type TradingContext, usdt } from './trading-context.js';

const decimalsOf = (tick: string) => (tick.split('.')[1] ?? '').length;

/** The smart plan a position belongs to (its subaccount `plan:<id>`), or null for the user's own. */
export function planOrderIdOf(subaccount: string): string | null {
  return subaccount.startsWith('plan:') ? subaccount.slice('plan:'.length) : null;
}

/** A position as the API and the socket show it, with its live P&L and trailing level. */
export function positionToWire(ctx: TradingContext, row: PositionRow): TPosition {
  const instrument = ctx.hub.instrumentById(row.instrument_id);
  const price = instrument ? (ctx.hub.state(instrument.code)?.price ?? null) : null;
  const unrealised =
    row.status === 'open' && instrument && price ? usdt(pnlOf(ctx, row, row.lots, price, instrument)) : null;
  const trailingLevel = row.status === 'open' ? ctx.trailingStops.trailingLevel(row.order_no) : undefined;
  return {
    orderNo: row.order_no,
    code: instrument?.code ?? '',
    appName: instrument?.name ?? '',
    side: row.side,
    orderType: row.order_type,
    status: row.status,
    lots: canonical(row.lots) ?? '0',
    leverage: row.leverage,
    entryPrice: canonical(row.entry_price),
    openPrice: canonical(row.open_price),
    openedAt: row.opened_at?.toISOString() ?? null,
    stopLoss: canonical(row.stop_loss),
    takeProfit: canonical(row.take_profit),
    trailingDistance: canonical(row.trailing_distance),
    trailingStop:
      trailingLevel === undefined || !instrument
        ? null
        : Decimal.parse(String(trailingLevel)).round(decimalsOf(instrument.tick_size), 'half-even').toString(),
    margin: usdt(BigInt(row.margin)),
    fee: usdt(BigInt(row.fee)),
    closePrice: canonical(row.close_price),
    closedAt: row.closed_at?.toISOString() ?? null,
    closeReason: row.close_reason,
    closeNote: row.close_note,
    realisedPnl: row.realised_pnl === null ? null : usdt(BigInt(row.realised_pnl)),
    unrealisedPnl: unrealised,
    currentPrice: row.status === 'open' || row.status === 'pending' ? price : null,
    book: row.book,
    createdAt: row.created_at.toISOString(),
    planOrderId: planOrderIdOf(row.subaccount),
  };
}

/** An open position's P&L at the current price, or null without a price or conversion. */
export function unrealisedOf(ctx: TradingContext, row: PositionRow): { pnl: bigint; price: string } | null {
  const instrument = ctx.hub.instrumentById(row.instrument_id);
  const price = instrument ? ctx.hub.state(instrument.code)?.price : null;
  if (!instrument || !price || row.status !== 'open') return null;
  try {
    return { pnl: pnlOf(ctx, row, row.lots, price, instrument), price };
  } catch {
    return null;
  }
}
