import type { Book, TBuyOptionsRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { assertTreasuryCovers, getBalance } from '../ledger/index.js';
import { decimalOf } from './option-quote.js';
import type { OptionsContext } from './options.context.js';
import { moveForOrder, OPTIONS_ESCROW } from './options-money.js';
import { findOrderByKey, insertOrder, type OptionsOrderRecord } from './options-orders.repository.js';
import { findExpiry, findProduct, findSeries, lockSeries, reservedBySeries } from './options-products.repository.js';
import { currentPrice, pricingState, seriesQuote } from './pricing-state.js';

export type OptionsBuyer = { id: string; book: Book };

/**
 * Buying contracts of a series at the quoted ask or better (issue 19; SPEC §0 rule 4, §4 "Options"),
 * checked in this order, each with its code:
 *   1. the series is on sale: listed, before its cut-off, its product selling ......... 10014
 *   2. the quote is one the platform signed, for this series .......................... 10014
 *   3. the underlying's price is fresh and its market open ............................ 10015
 *   4. the quote still holds ........................................ 10224 (a new quote in data)
 *   5. the ask has not risen since the quote: never a silent worse fill ... 10225 (new quote in data)
 *   6. the quantity is within the product's limit per order ........................... 10016
 *   7. live: the appropriateness questions are answered ............................... 10193
 *   8. the available balance covers premium + fee ..................................... 10011
 *   9. the series' reserve limit, and (live) the treasury, fund the maximum payout ..... 10201
 * It fills at the current ask (at most the quoted one). Then in one transaction holding the series'
 * row lock (so two purchases never both take a series' last reserve): the order with its terms,
 * the premium into the options escrow, the fee to fees, and the order's whole maximum payout from
 * the treasury into the escrow. The demo book reserves from its own (virtual) treasury, within the
 * same series limit.
 */
export async function buyOptions(
  ctx: OptionsContext,
  buyer: OptionsBuyer,
  input: TBuyOptionsRequest,
  language: string,
): Promise<OptionsOrderRecord> {
  if (input.idempotencyKey) {
    const earlier = await findOrderByKey(ctx.db, buyer.id, input.idempotencyKey);
    if (earlier) return earlier;
  }
  const now = ctx.clock.now();
  // 1. On sale.
  const series = await findSeries(ctx.db, input.seriesId);
  const expiry = series ? await findExpiry(ctx.db, series.expiryId) : null;
  const product = expiry ? await findProduct(ctx.db, expiry.productId) : null;
  if (!series || !expiry || !product?.enabled || expiry.status !== 'listed' || now >= expiry.salesCloseAt) {
    throw new AppError('OPTIONS_PRODUCT_WRONG');
  }
  const decimals = await ctx.assets.assetDecimals(product.asset);
  if (decimals === null) throw new AppError('OPTIONS_PRODUCT_WRONG');
  // 2. The quote.
  const quote = ctx.quotes.verify(input.quoteId);
  if (!quote || quote.seriesId !== series.id) throw new AppError('OPTIONS_PRODUCT_WRONG');
  // 3–5. Quotable now, the quote valid, the price not worse.
  const state = await pricingState(ctx, product, decimals);
  const price = currentPrice(state, series, expiry.expiresAt);
  if (!price) throw new AppError('NOT_TRADABLE_NOW');
  const requote = () => ({ data: { quote: seriesQuote(ctx, state, series, expiry.expiresAt, 0) } });
  if (state.now > quote.validUntil) throw new AppError('OPTIONS_QUOTE_EXPIRED', requote());
  if (price.ask.gt(Decimal.parse(quote.ask))) throw new AppError('OPTIONS_PRICE_MOVED', requote());
  // 6. Quantity.
  if (input.quantity > product.maxContractsPerOrder) {
    throw new AppError('PURCHASE_AMOUNT_WRONG', { data: { maxContracts: product.maxContractsPerOrder } });
  }
  // 7. Appropriateness (options are complex products: ESMA's test before the first live purchase).
  if (buyer.book === 'live' && !(await ctx.users.hasAnsweredAppropriateness(buyer.id))) {
    throw new AppError('APPROPRIATENESS_REQUIRED');
  }
  // 8. Balance (read here; the transfer below checks it again under the account's lock).
  const quantity = Decimal.fromInteger(input.quantity);
  const premium = price.ask.mul(quantity);
  const feeRate = Decimal.parse(product.feeRate);
  const fee = premium.mul(feeRate).round(decimals, 'up');
  const available = Decimal.fromMinorUnits(
    await getBalance(ctx.db, buyer.book, product.asset, { kind: 'available', userId: buyer.id }),
    decimals,
  );
  if (available.lt(premium.add(fee))) throw new AppError('INSUFFICIENT_BALANCE');
  const reserve = Decimal.parse(series.maxPayout).mul(quantity);

  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // 9. The series' reserve, counted under its lock; the treasury under the ledger's funding lock.
      await lockSeries(trx, series.id);
      const reserved = (await reservedBySeries(trx, [series.id], buyer.book)).get(series.id) ?? Decimal.ZERO;
      if (reserved.add(reserve).gt(Decimal.parse(product.seriesReserveLimit))) {
        throw new AppError('TREASURY_CANNOT_FUND');
      }
      if (buyer.book === 'live') await assertTreasuryCovers(trx, product.asset, reserve.toMinorUnits(decimals, 'up'));
      const order = await insertOrder(trx, {
        user_id: buyer.id,
        book: buyer.book,
        series_id: series.id,
        expiry_id: expiry.id,
        asset: product.asset,
        quantity: input.quantity,
        premium_per_contract: price.ask.toString(),
        premium: premium.toString(),
        fee: fee.toString(),
        fee_rate: product.feeRate,
        reserve: reserve.toString(),
        spot_at_open: state.price ?? '0',
        volatility_at_open: decimalOf(state.volatility, 6).toString(),
        language,
        idempotency_key: input.idempotencyKey ?? null,
        opened_at: now,
        closed_at: null,
      });
      await moveForOrder(trx, order, decimals, [
        {
          from: { kind: 'available', userId: buyer.id },
          to: OPTIONS_ESCROW,
          amount: premium,
          reason: 'option_premium',
          step: 'premium',
        },
        {
          from: { kind: 'available', userId: buyer.id },
          to: { kind: 'fees' },
          amount: fee,
          reason: 'option_fee',
          step: 'fee',
        },
        { from: { kind: 'treasury' }, to: OPTIONS_ESCROW, amount: reserve, reason: 'option_reserve', step: 'reserve' },
      ]);
      return order;
    });
  } catch (error) {
    // The same key sent twice at once: the other request placed the order.
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const earlier = await findOrderByKey(ctx.db, buyer.id, input.idempotencyKey);
      if (earlier) return earlier;
    }
    // A concurrent spend of the balance since step 8: the same refusal.
    if (error instanceof AppError && error.catalogueName === 'INSUFFICIENT_BALANCE')
      throw new AppError('INSUFFICIENT_BALANCE');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505'
  );
}
