import type { TOptionsChain } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { getBalance } from '../ledger/index.js';
import { decimalOf } from './option-quote.js';
import type { OptionsContext } from './options.context.js';
import {
  expiriesOnSale,
  findProductByCode,
  type OptionsProductRecord,
  reservedBySeries,
  type SeriesRecord,
  seriesOf,
} from './options-products.repository.js';
import { pricingState, seriesQuote } from './pricing-state.js';

/** A chain shows "sold out" past this many; the number only tells a reader that plenty is left. */
const REMAINING_SHOWN_MAX = 1_000_000;

const unlisted = (code: string): TOptionsChain => ({
  code,
  listed: false,
  productId: null,
  asset: null,
  decimals: null,
  contractSize: null,
  feeRate: null,
  spreadRate: null,
  rate: null,
  underlying: null,
  quoted: false,
  unquotedReason: null,
  volatility: null,
  expiries: [],
});

/**
 * Contracts a series can still sell (live book): what is left of its reserve limit, and of the
 * treasury's balance, in whole contracts of its maximum payout. A product whose sales are stopped sells none.
 */
export function remainingContracts(
  product: OptionsProductRecord,
  series: SeriesRecord,
  reserved: Decimal,
  treasury: Decimal,
): number {
  if (!product.enabled) return 0;
  const room = Decimal.min(Decimal.parse(product.seriesReserveLimit).sub(reserved), treasury);
  if (!room.isPositive()) return 0;
  const contracts = room.div(Decimal.parse(series.maxPayout), 0, 'floor');
  return contracts.gt(Decimal.fromInteger(REMAINING_SHOWN_MAX))
    ? REMAINING_SHOWN_MAX
    : Number.parseInt(contracts.toString(), 10);
}

/** GET /user/listOptionsConfig?code= — the chain of an underlying with its quotes (issue 19). */
export async function optionsChain(ctx: OptionsContext, code: string): Promise<TOptionsChain> {
  const product = await findProductByCode(ctx.db, code);
  const decimals = product ? await ctx.assets.assetDecimals(product.asset) : null;
  if (!product || decimals === null || !ctx.market.instrument(code)) return unlisted(code);
  const state = await pricingState(ctx, product, decimals);
  const expiries = await expiriesOnSale(ctx.db, product.id, new Date(state.now));
  const series = await seriesOf(
    ctx.db,
    expiries.map((expiry) => expiry.id),
  );
  const reserved = await reservedBySeries(
    ctx.db,
    series.map((one) => one.id),
    'live',
  );
  const treasury = Decimal.fromMinorUnits(
    await getBalance(ctx.db, 'live', product.asset, { kind: 'treasury' }),
    decimals,
  );
  return {
    code,
    listed: true,
    productId: product.id,
    asset: product.asset,
    decimals,
    contractSize: product.contractSize,
    feeRate: product.feeRate,
    spreadRate: product.spreadRate,
    rate: product.rate,
    underlying: {
      price: state.price,
      source: state.source,
      at: state.receivedAt === null ? null : new Date(state.receivedAt).toISOString(),
    },
    quoted: state.quoted,
    unquotedReason: state.unquotedReason,
    volatility: {
      used: decimalOf(state.volatility, 6).toString(),
      measured: state.measuredVolatility === null ? null : decimalOf(state.measuredVolatility, 6).toString(),
      floor: product.volatilityFloor,
      cap: product.volatilityCap,
      windowMinutes: product.volatilityWindowMinutes,
      lambda: product.volatilityLambda,
    },
    expiries: expiries.map((expiry) => ({
      id: expiry.id,
      expiresAt: expiry.expiresAt.toISOString(),
      salesCloseAt: expiry.salesCloseAt.toISOString(),
      settlementWindowMinutes: expiry.settlementWindowMinutes,
      series: series
        .filter((one) => one.expiryId === expiry.id)
        .map((one) =>
          seriesQuote(
            ctx,
            state,
            one,
            expiry.expiresAt,
            remainingContracts(product, one, reserved.get(one.id) ?? Decimal.ZERO, treasury),
          ),
        ),
    })),
  };
}
