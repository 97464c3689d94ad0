import type { Book, OptionsOrderStatus, TOptionsOrder, TOptionsOrdersQuery } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import type { OptionsContext } from './options.context.js';
import { findOrderView, listOrderViews, type OptionsOrderView } from './options-orders.repository.js';
import { findProduct, findSeries } from './options-products.repository.js';
import { type PricingState, pricingState, seriesQuote } from './pricing-state.js';

/** Break-even prices are shown at this many decimals (rounded against the holder). */
const BREAK_EVEN_SCALE = 8;

const STATUSES: Record<'open' | 'ended' | 'all', readonly OptionsOrderStatus[]> = {
  open: ['open'],
  ended: ['closed', 'settled'],
  all: ['open', 'closed', 'settled'],
};

/** The underlying's price at expiry where the payout equals what the order cost (premium + fee). */
export function breakEvenOf(order: OptionsOrderView): Decimal {
  const units = Decimal.parse(order.contractSize).mul(Decimal.fromInteger(order.quantity));
  const cost = Decimal.parse(order.premium).add(Decimal.parse(order.fee));
  const strike = Decimal.parse(order.strike);
  if (order.type === 'call') return strike.add(cost.div(units, BREAK_EVEN_SCALE, 'up'));
  return Decimal.max(strike.sub(cost.div(units, BREAK_EVEN_SCALE, 'up')), Decimal.ZERO);
}

/** Reads each product's pricing state once for a list of orders (open ones need the current bid). */
async function pricingStates(
  ctx: OptionsContext,
  orders: readonly OptionsOrderView[],
): Promise<Map<string, PricingState>> {
  const states = new Map<string, PricingState>();
  for (const order of orders) {
    if (order.status !== 'open' || states.has(order.productId)) continue;
    const product = await findProduct(ctx.db, order.productId);
    const decimals = await ctx.assets.assetDecimals(order.asset);
    if (product && decimals !== null) states.set(order.productId, await pricingState(ctx, product, decimals));
  }
  return states;
}

async function toWire(
  ctx: OptionsContext,
  order: OptionsOrderView,
  state: PricingState | undefined,
): Promise<TOptionsOrder> {
  const decimals = state?.decimals ?? (await ctx.assets.assetDecimals(order.asset)) ?? 6;
  const cost = Decimal.parse(order.premium).add(Decimal.parse(order.fee));
  const now = ctx.clock.now();
  let bidNow: string | null = null;
  let closeQuoteId: string | null = null;
  let closeQuoteValidUntil: string | null = null;
  let pnl: Decimal | null = null;
  if (order.status === 'open' && state && now < order.expiresAt) {
    const series = await findSeries(ctx.db, order.seriesId);
    const quote = series ? seriesQuote(ctx, state, series, order.expiresAt, 0) : null;
    if (quote?.bid) {
      bidNow = quote.bid;
      pnl = Decimal.parse(quote.bid).mul(Decimal.fromInteger(order.quantity)).sub(cost);
      if (now < order.salesCloseAt) {
        closeQuoteId = quote.quoteId;
        closeQuoteValidUntil = quote.quoteValidUntil;
      }
    }
  }
  if (order.status === 'closed' && order.proceeds !== null) {
    pnl = Decimal.parse(order.proceeds)
      .sub(Decimal.parse(order.closeFee ?? '0'))
      .sub(cost);
  }
  if (order.status === 'settled' && order.payout !== null) pnl = Decimal.parse(order.payout).sub(cost);
  return {
    id: order.id,
    book: order.book,
    seriesId: order.seriesId,
    code: order.code,
    type: order.type,
    strike: order.strike,
    cap: order.cap,
    expiresAt: order.expiresAt.toISOString(),
    salesCloseAt: order.salesCloseAt.toISOString(),
    asset: order.asset,
    decimals,
    contractSize: order.contractSize,
    quantity: order.quantity,
    premiumPerContract: order.premiumPerContract,
    premium: order.premium,
    fee: order.fee,
    maxPayout: order.reserve,
    breakEven: breakEvenOf(order).toString(),
    status: order.status,
    valueNow: bidNow === null ? null : Decimal.parse(bidNow).mul(Decimal.fromInteger(order.quantity)).toString(),
    bidNow,
    closeQuoteId,
    closeQuoteValidUntil,
    closePricePerContract: order.closePricePerContract,
    proceeds: order.proceeds,
    closeFee: order.closeFee,
    settlementPrice: order.settlementPrice,
    settlementSource: order.settlementSource,
    payout: order.payout,
    pnl: pnl === null ? null : pnl.round(decimals, 'half-even').toString(),
    awaitingSettlement: order.status === 'open' && now >= order.expiresAt,
    openedAt: order.openedAt.toISOString(),
    closedAt: order.closedAt?.toISOString() ?? null,
  };
}

export async function optionsOrderToWire(ctx: OptionsContext, order: OptionsOrderView): Promise<TOptionsOrder> {
  return toWire(ctx, order, (await pricingStates(ctx, [order])).get(order.productId));
}

/** One of the caller's orders in the request's book; anyone else's, or one in the other book: 10035. */
export async function ownOptionsOrder(
  ctx: OptionsContext,
  owner: { id: string; book: Book },
  orderId: string,
): Promise<OptionsOrderView> {
  const order = await findOrderView(ctx.db, orderId);
  if (!order || order.userId !== owner.id || order.book !== owner.book) throw new AppError('NO_PERMISSION_ON_RECORD');
  return order;
}

export async function listOptionsOrders(
  ctx: OptionsContext,
  owner: { id: string; book: Book },
  query: TOptionsOrdersQuery,
): Promise<{ items: TOptionsOrder[]; total: number }> {
  const { rows, total } = await listOrderViews(
    ctx.db,
    { userId: owner.id, book: owner.book, statuses: STATUSES[query.status ?? 'all'] },
    { page: query.page ?? 1, size: query.size ?? 20 },
  );
  const states = await pricingStates(ctx, rows);
  const items = await Promise.all(rows.map((row) => toWire(ctx, row, states.get(row.productId))));
  return { items, total };
}
