import { OPTIONS_QUOTE_VALIDITY_MS, type OptionsUnquotedReason, type TOptionSeriesQuote } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { boundedVolatility } from '@openbourse/options-pricing';
import {
  decimalOf,
  floatOf,
  type PricingTerms,
  priceSeries,
  type SeriesPrice,
  type SeriesTerms,
} from './option-quote.js';
import type { OptionsContext } from './options.context.js';
import type { OptionsProductRecord, SeriesRecord } from './options-products.repository.js';

/**
 * What pricing an underlying's series needs now, read once per request: its price and source, the
 * volatility (measured and the one used, within the product's floor and cap), and whether quotes
 * may be given at all — a stale price or a closed market gives none (SPEC §0.2; 10015).
 */
export type PricingState = {
  code: string;
  decimals: number;
  price: string | null;
  source: string;
  receivedAt: number | null;
  quoted: boolean;
  unquotedReason: OptionsUnquotedReason | null;
  measuredVolatility: number | null;
  volatility: number;
  terms: PricingTerms;
  now: number;
};

export async function pricingState(
  ctx: OptionsContext,
  product: OptionsProductRecord,
  decimals: number,
): Promise<PricingState> {
  const now = ctx.clock.now().getTime();
  const instrument = ctx.market.instrument(product.code);
  const current = ctx.market.price(product.code);
  const stale = current === null || ctx.market.isStale(product.code);
  const closed = !ctx.market.isTradableNow(product.code);
  const measured = await ctx.volatility.measured(
    product.code,
    product.volatilityWindowMinutes,
    floatOf(Decimal.parse(product.volatilityLambda)),
  );
  const volatility = boundedVolatility(
    measured,
    floatOf(Decimal.parse(product.volatilityFloor)),
    floatOf(Decimal.parse(product.volatilityCap)),
  );
  return {
    code: product.code,
    decimals,
    price: current?.price ?? null,
    source: current?.source ?? instrument?.feed ?? 'none',
    receivedAt: current?.receivedAt ?? null,
    quoted: !stale && !closed,
    unquotedReason: stale ? 'stale' : closed ? 'closed' : null,
    measuredVolatility: measured,
    volatility,
    terms: {
      spreadRate: Decimal.parse(product.spreadRate),
      minPremium: Decimal.parse(product.minPremium),
      rate: floatOf(Decimal.parse(product.rate)),
      decimals,
    },
    now,
  };
}

export function seriesTerms(series: SeriesRecord, expiresAt: Date): SeriesTerms {
  return {
    type: series.type,
    strike: Decimal.parse(series.strike),
    cap: series.cap === null ? null : Decimal.parse(series.cap),
    contractSize: Decimal.parse(series.contractSize),
    maxPayout: Decimal.parse(series.maxPayout),
    expiresAt: expiresAt.getTime(),
  };
}

/** The series' prices now, or null when the underlying gives no quotes. */
export function currentPrice(state: PricingState, series: SeriesRecord, expiresAt: Date): SeriesPrice | null {
  if (!state.quoted || state.price === null) return null;
  return priceSeries(
    seriesTerms(series, expiresAt),
    state.terms,
    floatOf(Decimal.parse(state.price)),
    state.volatility,
    state.now,
  );
}

/** A series as the chain (and a re-quote) shows it: its quote signed when there is one. */
export function seriesQuote(
  ctx: OptionsContext,
  state: PricingState,
  series: SeriesRecord,
  expiresAt: Date,
  remainingContracts: number,
): TOptionSeriesQuote {
  const price = currentPrice(state, series, expiresAt);
  const validUntil = state.now + OPTIONS_QUOTE_VALIDITY_MS;
  const common = {
    seriesId: series.id,
    type: series.type,
    strike: series.strike,
    expiry: expiresAt.toISOString(),
    cap: series.cap,
    maxPayout: series.maxPayout,
    remainingContracts,
  };
  if (!price) {
    return {
      ...common,
      bid: null,
      ask: null,
      mid: null,
      impliedVolatility: null,
      delta: null,
      gamma: null,
      vega: null,
      theta: null,
      quoteId: null,
      quoteValidUntil: null,
    };
  }
  const bid = price.bid.toString();
  const ask = price.ask.toString();
  return {
    ...common,
    bid,
    ask,
    mid: price.mid.round(state.decimals, 'half-even').toString(),
    impliedVolatility: decimalOf(state.volatility, 6).toString(),
    delta: price.greeks.delta,
    gamma: price.greeks.gamma,
    vega: price.greeks.vega,
    theta: price.greeks.theta,
    quoteId: ctx.quotes.sign({ seriesId: series.id, bid, ask, validUntil }),
    quoteValidUntil: new Date(validUntil).toISOString(),
  };
}
