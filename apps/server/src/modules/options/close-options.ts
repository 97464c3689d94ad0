import type { TCloseOptionsRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import type { OptionsBuyer } from './buy-options.js';
import type { OptionsContext } from './options.context.js';
import { moveForOrder, OPTIONS_ESCROW, treasuryMovesAtEnd } from './options-money.js';
import { findOrderView, lockOrder, type OptionsOrderRecord, updateOrder } from './options-orders.repository.js';
import { findProduct, findSeries } from './options-products.repository.js';
import { currentPrice, pricingState, seriesQuote } from './pricing-state.js';

/**
 * Selling an open order back before its cut-off at the current bid (issue 19: what any options
 * broker offers) — at least the quoted bid when the seller sends a quote — checked in this order:
 *   1. the caller's order in the request's book .................................. 10035
 *   2. still open .................................................................. 10226
 *   3. before the series' cut-off; a quote, when sent, signed for the order's series .. 10014
 *   4. the underlying quotable now ................................................... 10015
 *   5. a quote sent still holds ........................... 10224 (a new quote in data)
 *   6. the bid has not fallen below it .................... 10225 (a new quote in data)
 * Then, in one transaction holding the order's row lock (a sale and the expiry's settlement never
 * both pay it): the proceeds (current bid × quantity) less the fee to the holder and the fee to
 * fees — both out of the order's reserve, which always covers them (a bid never exceeds the
 * maximum payout) — and the rest of the reserve and the premium to the treasury.
 */
export async function closeOptions(
  ctx: OptionsContext,
  seller: OptionsBuyer,
  input: TCloseOptionsRequest,
): Promise<OptionsOrderRecord> {
  const order = await findOrderView(ctx.db, input.orderId);
  if (!order || order.userId !== seller.id || order.book !== seller.book) throw new AppError('NO_PERMISSION_ON_RECORD');
  if (order.status !== 'open') throw new AppError('OPTIONS_ORDER_NOT_OPEN');
  const now = ctx.clock.now();
  // Without a quote the order sells at the current bid (a market sale); with one, at least its bid.
  const quote = input.quoteId === undefined ? null : ctx.quotes.verify(input.quoteId);
  if (now >= order.salesCloseAt || (input.quoteId !== undefined && quote?.seriesId !== order.seriesId)) {
    throw new AppError('OPTIONS_PRODUCT_WRONG');
  }
  const product = await findProduct(ctx.db, order.productId);
  const series = await findSeries(ctx.db, order.seriesId);
  const decimals = await ctx.assets.assetDecimals(order.asset);
  if (!product || !series || decimals === null) throw new AppError('OPTIONS_PRODUCT_WRONG');
  const state = await pricingState(ctx, product, decimals);
  const price = currentPrice(state, series, order.expiresAt);
  if (!price) throw new AppError('NOT_TRADABLE_NOW');
  const requote = () => ({ data: { quote: seriesQuote(ctx, state, series, order.expiresAt, 0) } });
  if (quote && state.now > quote.validUntil) throw new AppError('OPTIONS_QUOTE_EXPIRED', requote());
  if (quote && price.bid.lt(Decimal.parse(quote.bid))) throw new AppError('OPTIONS_PRICE_MOVED', requote());

  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, order.id);
    if (locked?.status !== 'open') throw new AppError('OPTIONS_ORDER_NOT_OPEN');
    const proceeds = price.bid.mul(Decimal.fromInteger(locked.quantity));
    const reserve = Decimal.parse(locked.reserve);
    // A bid is at most the contract's maximum payout, so the reserve covers the proceeds; checked, not assumed.
    if (proceeds.gt(reserve)) throw new Error(`options order ${locked.id}: proceeds above the reserve`);
    const closeFee = Decimal.min(proceeds.mul(Decimal.parse(locked.feeRate)).round(decimals, 'up'), proceeds);
    const holder = { kind: 'available' as const, userId: locked.userId };
    await moveForOrder(trx, locked, decimals, [
      { from: OPTIONS_ESCROW, to: holder, amount: proceeds.sub(closeFee), reason: 'option_sale', step: 'sale' },
      { from: OPTIONS_ESCROW, to: { kind: 'fees' }, amount: closeFee, reason: 'option_fee', step: 'close-fee' },
      ...treasuryMovesAtEnd(locked, proceeds),
    ]);
    return updateOrder(trx, locked.id, {
      status: 'closed',
      close_price_per_contract: price.bid.toString(),
      proceeds: proceeds.toString(),
      close_fee: closeFee.toString(),
      closed_at: now,
    });
  });
}
