import { z } from 'zod';
import { BOOKS } from '../envelope.js';
import {
  OPTION_TYPES,
  OPTIONS_EXPIRY_SCHEDULES,
  OPTIONS_EXPIRY_STATUSES,
  OPTIONS_MAX_CONTRACTS_PER_ORDER,
  OPTIONS_MAX_STRIKES_EACH_SIDE,
  OPTIONS_MAX_WINDOW_MINUTES,
  OPTIONS_ORDER_STATUSES,
  OPTIONS_UNQUOTED_REASONS,
} from './options.constants.js';

/**
 * Options (issue 19): the chain with its quotes, buying at the ask, selling back at the bid, the
 * user's options, and the back office's products and expiries. Money and prices are exact decimal
 * strings; premiums are per contract (contract size × one unit of the underlying), Greeks per unit.
 */

const ZDecimal = z.string().regex(/^\d{1,20}(\.\d{1,12})?$/, 'a decimal number from 0');
const ZRatio = z
  .string()
  .regex(/^0(\.\d{1,10})?$/, 'a decimal from 0 to below 1, at most 10 decimals')
  .describe('A ratio, a decimal string from 0 to below 1');

const ZId = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,17}$/, `a ${what} id`)
    .describe(`The ${what} id`);

export const ZOptionType = z.enum(OPTION_TYPES).describe('call: pays max(0, S−K), capped; put: pays max(0, K−S)');

/** One series of the chain (an expiry, a strike, call or put) with its quote when the underlying is quotable. */
export const ZOptionSeriesQuote = z.object({
  seriesId: ZId('option series'),
  type: ZOptionType,
  strike: z.string().describe('K, in the quote asset per unit'),
  expiry: z.string().describe('ISO 8601 UTC'),
  cap: z
    .string()
    .nullable()
    .describe("A call's disclosed payout cap per unit (it is the call spread K / K+cap); null for a put"),
  maxPayout: z.string().describe('The most one contract can pay at expiry, reserved from treasury in full when sold'),
  bid: z
    .string()
    .nullable()
    .describe('Per contract: what selling one back pays now (rounded down); null without quotes'),
  ask: z.string().nullable().describe('Per contract: what buying one costs now, before the fee (rounded up)'),
  mid: z.string().nullable().describe('Per contract: the Black–Scholes value'),
  impliedVolatility: z.string().nullable().describe('The annualised volatility the price uses (0.45 = 45%)'),
  delta: z.number().nullable().describe('Per unit of the underlying'),
  gamma: z.number().nullable().describe('Per unit of the underlying'),
  vega: z.number().nullable().describe('Change of one unit’s value for +1 volatility point'),
  theta: z.number().nullable().describe('Change of one unit’s value over one calendar day'),
  quoteId: z.string().nullable().describe('Names this quote in buyOptions/closeOptions; null without quotes'),
  quoteValidUntil: z.string().nullable().describe('ISO 8601 UTC; after it an order asks for a new quote (10224)'),
  remainingContracts: z
    .number()
    .int()
    .describe('Contracts still on sale: what the series reserve (and the treasury) can still fund; 0 = not selling'),
});
export type TOptionSeriesQuote = z.infer<typeof ZOptionSeriesQuote>;

export const ZOptionExpiryChain = z.object({
  id: ZId('option expiry'),
  expiresAt: z.string().describe('ISO 8601 UTC'),
  salesCloseAt: z.string().describe('Buying and selling back stop here (the cut-off before expiry)'),
  settlementWindowMinutes: z
    .number()
    .int()
    .describe(
      'The settlement price is the average of the underlying’s 1-minute closes over this many minutes before expiry',
    ),
  series: z.array(ZOptionSeriesQuote).describe('Ascending strike; a call and a put per strike'),
});
export type TOptionExpiryChain = z.infer<typeof ZOptionExpiryChain>;

export const ZOptionsChainQuery = z.object({
  code: z.string().trim().min(1).max(32).describe('The underlying instrument'),
});
export type TOptionsChainQuery = z.infer<typeof ZOptionsChainQuery>;

export const ZOptionsChain = z.object({
  code: z.string(),
  listed: z.boolean().describe('False when no options are listed on this instrument (everything else empty)'),
  productId: ZId('options product').nullable(),
  asset: z.string().nullable().describe('The quote asset premiums and payouts are paid in'),
  decimals: z.number().int().nullable().describe("The asset's decimals"),
  contractSize: z.string().nullable().describe('Units of the underlying one contract covers'),
  feeRate: z.string().nullable().describe('Fee: this share of the premium (buying) or proceeds (selling back)'),
  spreadRate: z.string().nullable().describe('Ask − bid as a share of the value'),
  rate: z.string().nullable().describe('The annual risk-free rate the prices use'),
  underlying: z
    .object({
      price: z.string().nullable(),
      source: z.string().describe('The named feed the price comes from (sandbox, replay, test, binance …)'),
      at: z.string().nullable().describe('When it was received, ISO 8601 UTC'),
    })
    .nullable(),
  quoted: z.boolean().describe('False when the underlying is stale or closed: no quotes and no trades (10015)'),
  unquotedReason: z.enum(OPTIONS_UNQUOTED_REASONS).nullable(),
  volatility: z
    .object({
      used: z.string().nullable().describe('The volatility the prices use, annualised'),
      measured: z
        .string()
        .nullable()
        .describe('EWMA of the 1-minute log returns, annualised; null without enough candles'),
      floor: z.string(),
      cap: z.string(),
      windowMinutes: z.number().int().describe('The candles measured'),
      lambda: z.string().describe('The EWMA decay'),
    })
    .nullable(),
  expiries: z.array(ZOptionExpiryChain).describe('Listed expiries still on sale, soonest first'),
});
export type TOptionsChain = z.infer<typeof ZOptionsChain>;

const ZQuantity = z
  .number()
  .int()
  .min(1)
  .max(OPTIONS_MAX_CONTRACTS_PER_ORDER)
  .describe('Contracts (whole numbers); the product sets its own maximum');

export const ZBuyOptionsRequest = z.object({
  seriesId: ZId('option series'),
  quantity: ZQuantity,
  quoteId: z.string().min(1).max(400).describe('The quote read from the chain; its ask is the most this order pays'),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional()
    .describe('Optional: the same key again answers the order it placed and moves nothing'),
});
export type TBuyOptionsRequest = z.infer<typeof ZBuyOptionsRequest>;

export const ZCloseOptionsRequest = z.object({
  orderId: ZId('options order'),
  quoteId: z
    .string()
    .min(1)
    .max(400)
    .optional()
    .describe(
      "A quote of the order's series: its bid is the least this sale receives (10225 when the bid fell). Without one the order sells at the current bid",
    ),
});
export type TCloseOptionsRequest = z.infer<typeof ZCloseOptionsRequest>;

/** An answer of 10225: the price moved against the caller since the quote; here is the new one to confirm. */
export const ZOptionsRequote = z.object({ quote: ZOptionSeriesQuote });
export type TOptionsRequote = z.infer<typeof ZOptionsRequote>;

export const ZOptionsOrder = z.object({
  id: ZId('options order'),
  book: z.enum(BOOKS),
  seriesId: ZId('option series'),
  code: z.string().describe('The underlying'),
  type: ZOptionType,
  strike: z.string(),
  cap: z.string().nullable(),
  expiresAt: z.string(),
  asset: z.string(),
  decimals: z.number().int(),
  contractSize: z.string(),
  quantity: z.number().int(),
  premiumPerContract: z.string().describe('The ask it filled at'),
  premium: z.string().describe('premiumPerContract × quantity: the most this order can lose'),
  fee: z.string().describe('Charged when bought'),
  maxPayout: z.string().describe('Reserved from treasury when bought; what the order can pay at most'),
  breakEven: z.string().describe('The underlying’s price at expiry where the payout equals premium + fee'),
  status: z.enum(OPTIONS_ORDER_STATUSES),
  valueNow: z.string().nullable().describe('Open: the current bid × quantity; null without quotes'),
  bidNow: z.string().nullable().describe('Open: the current bid per contract; null without quotes'),
  closeQuoteId: z
    .string()
    .nullable()
    .describe('Open and before the cut-off: a quote of its series for selling it back at bidNow with closeOptions'),
  closeQuoteValidUntil: z.string().nullable().describe('ISO 8601 UTC'),
  salesCloseAt: z.string().describe('Selling back stops here'),
  closePricePerContract: z.string().nullable().describe('Closed: the bid it sold at'),
  proceeds: z.string().nullable().describe('Closed: bid × quantity, before its fee'),
  closeFee: z.string().nullable(),
  settlementPrice: z.string().nullable().describe('Settled: the underlying’s averaged price at expiry'),
  settlementSource: z.string().nullable().describe('Settled: where that price came from (the feed, or an operator)'),
  payout: z.string().nullable().describe('Settled: max(0, S−K) or max(0, K−S) per unit × size × quantity'),
  pnl: z
    .string()
    .nullable()
    .describe(
      'Realised (closed, settled) or at the current bid (open): money back − premium − fees; null without quotes',
    ),
  awaitingSettlement: z
    .boolean()
    .describe('Past expiry and not yet settled (the settlement price is being fixed, or awaits an operator)'),
  openedAt: z.string(),
  closedAt: z.string().nullable().describe('Sold back or settled'),
});
export type TOptionsOrder = z.infer<typeof ZOptionsOrder>;

export const ZOptionsOrdersQuery = z.object({
  status: z.enum(['open', 'ended']).optional().describe('open: held; ended: closed or settled; absent: all'),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export type TOptionsOrdersQuery = z.infer<typeof ZOptionsOrdersQuery>;

export const ZOptionsOrderList = z.object({
  items: z.array(ZOptionsOrder).describe('Newest first'),
  total: z.number().int(),
});
export type TOptionsOrderList = z.infer<typeof ZOptionsOrderList>;

export const ZOptionsOrderParams = z.object({ id: ZId('options order') });
export type TOptionsOrderParams = z.infer<typeof ZOptionsOrderParams>;

// ——— Back office ———

const ZReason = z.string().trim().min(1).max(500).describe("The operator's reason, kept in the audit log");

const optionsProductFields = {
  code: z.string().trim().min(1).max(32).describe('The underlying: a listed instrument quoted in a ledger asset'),
  schedules: z
    .array(z.enum(OPTIONS_EXPIRY_SCHEDULES))
    .max(3)
    .describe('Expiries listed automatically (may be empty: only the ones an operator lists)'),
  expiryMinuteOfDay: z
    .number()
    .int()
    .min(0)
    .max(1439)
    .describe('The UTC time of day scheduled expiries fall at, in minutes'),
  strikeStep: ZDecimal.describe('Distance between two strikes, in the quote asset'),
  strikesEachSide: z.number().int().min(1).max(OPTIONS_MAX_STRIKES_EACH_SIDE),
  contractSize: ZDecimal.describe('Units of the underlying per contract, above 0'),
  callCapShare: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,6})?$/)
    .describe(
      "A call's payout cap per unit as a share of its strike (0.2: a 100 strike pays at most 20 a unit), above 0",
    ),
  spreadRate: ZRatio,
  minPremium: ZDecimal.describe('The smallest ask per contract'),
  feeRate: ZRatio,
  rate: z
    .string()
    .regex(/^-?0(\.\d{1,6})?$/)
    .describe('The annual risk-free rate the prices use (0.04 = 4%)'),
  volatilityFloor: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,6})?$/)
    .describe('Annualised, e.g. 0.2'),
  volatilityCap: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,6})?$/)
    .describe('Annualised, at least the floor'),
  volatilityWindowMinutes: z.number().int().min(30).max(43_200).describe('The 1-minute candles measured'),
  volatilityLambda: ZRatio.describe('The EWMA decay, e.g. 0.97'),
  seriesReserveLimit: ZDecimal.describe('The most one series may have reserved for its payouts; then it stops selling'),
  maxContractsPerOrder: z.number().int().min(1).max(OPTIONS_MAX_CONTRACTS_PER_ORDER),
  settlementWindowMinutes: z.number().int().min(1).max(OPTIONS_MAX_WINDOW_MINUTES),
  salesCutoffMinutes: z
    .number()
    .int()
    .min(1)
    .max(OPTIONS_MAX_WINDOW_MINUTES)
    .describe('Buying and selling back stop this long before expiry'),
  reason: ZReason,
};

export const ZOptionsProductCreateRequest = z.object(optionsProductFields);
export type TOptionsProductCreateRequest = z.infer<typeof ZOptionsProductCreateRequest>;

const ZVersion = z
  .number()
  .int()
  .min(1)
  .describe('The version the change starts from; another version answers 10227 and changes nothing');

export const ZOptionsProductUpdateRequest = z.object({ ...optionsProductFields, version: ZVersion });
export type TOptionsProductUpdateRequest = z.infer<typeof ZOptionsProductUpdateRequest>;

export const ZOptionsProductEnabledRequest = z.object({ enabled: z.boolean(), version: ZVersion, reason: ZReason });
export type TOptionsProductEnabledRequest = z.infer<typeof ZOptionsProductEnabledRequest>;

export const ZOptionsProductParams = z.object({ id: ZId('options product') });
export type TOptionsProductParams = z.infer<typeof ZOptionsProductParams>;

export const ZListOptionsExpiryRequest = z.object({
  expiresAt: z.string().datetime().describe('ISO 8601 UTC, on a whole minute, after the sales cut-off from now'),
  reason: ZReason,
});
export type TListOptionsExpiryRequest = z.infer<typeof ZListOptionsExpiryRequest>;

export const ZAdminOptionsProduct = z.object({
  id: ZId('options product'),
  code: z.string(),
  asset: z.string(),
  schedules: z.array(z.enum(OPTIONS_EXPIRY_SCHEDULES)),
  expiryMinuteOfDay: z.number().int(),
  strikeStep: z.string(),
  strikesEachSide: z.number().int(),
  contractSize: z.string(),
  callCapShare: z.string(),
  spreadRate: z.string(),
  minPremium: z.string(),
  feeRate: z.string(),
  rate: z.string(),
  volatilityFloor: z.string(),
  volatilityCap: z.string(),
  volatilityWindowMinutes: z.number().int(),
  volatilityLambda: z.string(),
  seriesReserveLimit: z.string(),
  maxContractsPerOrder: z.number().int(),
  settlementWindowMinutes: z.number().int(),
  salesCutoffMinutes: z.number().int(),
  enabled: z.boolean(),
  version: z.number().int(),
  sandbox: z.boolean().describe('Seeded by a sandbox deployment (labelled)'),
  reserved: z.string().describe('Payouts reserved now for the open orders of all its series (live book)'),
  updatedAt: z.string(),
});
export type TAdminOptionsProduct = z.infer<typeof ZAdminOptionsProduct>;

export const ZAdminOptionsProductsResponse = z.object({ items: z.array(ZAdminOptionsProduct) });
export type TAdminOptionsProductsResponse = z.infer<typeof ZAdminOptionsProductsResponse>;

export const ZOptionsExpiriesQuery = z.object({
  status: z.enum(OPTIONS_EXPIRY_STATUSES).optional(),
});
export type TOptionsExpiriesQuery = z.infer<typeof ZOptionsExpiriesQuery>;

export const ZAdminOptionsExpiry = z.object({
  id: ZId('option expiry'),
  productId: ZId('options product'),
  code: z.string(),
  asset: z.string(),
  expiresAt: z.string(),
  status: z.enum(OPTIONS_EXPIRY_STATUSES),
  series: z.number().int().describe('Series listed (calls and puts)'),
  openOrders: z.number().int().describe('Orders still to settle, both books'),
  reserved: z.string().describe('Payouts reserved for its open live orders'),
  settlementPrice: z.string().nullable(),
  settlementSource: z.string().nullable(),
  awaitingReason: z
    .string()
    .nullable()
    .describe('Why the settlement waits for an operator (which minutes had no price)'),
  settledAt: z.string().nullable(),
});
export type TAdminOptionsExpiry = z.infer<typeof ZAdminOptionsExpiry>;

export const ZAdminOptionsExpiriesResponse = z.object({
  items: z.array(ZAdminOptionsExpiry).describe('Latest expiry first, at most 200'),
});
export type TAdminOptionsExpiriesResponse = z.infer<typeof ZAdminOptionsExpiriesResponse>;

export const ZOptionsExpiryParams = z.object({ id: ZId('option expiry') });
export type TOptionsExpiryParams = z.infer<typeof ZOptionsExpiryParams>;

export const ZSettleOptionsExpiryRequest = z.object({
  price: ZDecimal.describe("The underlying's settlement price the operator decided, with the reason"),
  reason: ZReason,
});
export type TSettleOptionsExpiryRequest = z.infer<typeof ZSettleOptionsExpiryRequest>;
