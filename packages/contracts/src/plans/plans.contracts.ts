import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { ZPosition } from '../trading/trading.contracts.js';
import {
  BACKTEST_DATA_KINDS,
  SMART_DAYS_MAX,
  SMART_DAYS_MAX_COUNT,
  SMART_HALT_REASONS,
  SMART_INTERVAL_MAX_MINUTES,
  SMART_ORDER_STATUSES,
  SMART_STRATEGIES,
} from './plans.constants.js';

/**
 * Smart trading plans (issue 18): plan products with their measured backtest, buying a plan,
 * the plans a user holds, exiting early, and the back office's products. Amounts and ratios are
 * exact decimal strings; strategy parameters are plain numbers or switches (they shape indicators, not money).
 */

const ZAmount = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,6})?$/, 'a decimal number from 0, at most 6 decimals')
  .describe('A USDT amount, a decimal string');

const ZRatio = z
  .string()
  .regex(/^0(\.\d{1,10})?$/, 'a decimal from 0 to below 1, at most 10 decimals')
  .describe('A ratio, a decimal string from 0 to below 1');

const ZId = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,17}$/, `a ${what} id`)
    .describe(`The ${what} id`);

export const ZSmartStrategy = z
  .enum(SMART_STRATEGIES)
  .describe('The strategy the plan runs (packages/strategies; the backtest command takes the same name)');

export const ZEquityPoint = z.object({
  time: z.string().describe('ISO 8601 UTC'),
  value: z.string().describe('Equity in USDT at that time'),
});
export type TEquityPoint = z.infer<typeof ZEquityPoint>;

/** A backtest: the strategy replayed over recorded (or sandbox) candles with the platform's fee and margin rules. */
export const ZBacktest = z.object({
  dataKind: z
    .enum(BACKTEST_DATA_KINDS)
    .describe('historical: recorded prices; sandbox: the simulator, not history (shown as "sandbox data")'),
  source: z.string().describe('The data source named: the feed and instrument, or the recorded file'),
  from: z.string().describe('First bar, ISO 8601 UTC'),
  to: z.string().describe('Last bar, ISO 8601 UTC'),
  bars: z.number().int().describe('1-minute bars replayed'),
  totalReturn: z.string().describe('Final equity ÷ initial capital − 1, a decimal ratio (−0.05 = −5%)'),
  maxDrawdown: z.string().describe('Largest fall of equity from a previous peak, a ratio from 0 to 1'),
  winRate: z.string().describe('Winning trades ÷ trades, a ratio from 0 to 1 ("0" without trades)'),
  trades: z.number().int().describe('Round trips closed'),
  equity: z.array(ZEquityPoint).describe('The equity curve, at most 200 points'),
  computedAt: z.string().describe('When it was computed, ISO 8601 UTC'),
});
export type TBacktest = z.infer<typeof ZBacktest>;

/** One plan product as users see it. */
export const ZSmartProduct = z.object({
  id: ZId('plan product'),
  name: z.string().describe("The product's name in the reader's language"),
  strategy: ZSmartStrategy,
  params: z
    .record(z.string(), z.union([z.number(), z.boolean()]))
    .describe("The strategy's parameters, defaults filled in (e.g. fast 50, slow 200)"),
  code: z.string().describe('The instrument the plan trades, e.g. BTCUSDT'),
  intervalMinutes: z.number().int().describe('The bar the strategy decides on, in minutes'),
  leverage: z.number().int().describe("The leverage of the plan's positions (within the instrument's cap)"),
  marginShare: z.string().describe("Share of the plan's equity committed as margin to one position"),
  minAmount: ZAmount.describe('Smallest amount a plan may start with'),
  maxAmount: ZAmount.describe('Largest amount a plan may start with'),
  days: z.array(z.number().int()).describe('The durations offered, in days, ascending'),
  exitFeeRate: z.string().describe('Early-exit fee, a share of the principal, disclosed before purchase'),
  minLevel: z.number().int().describe('Minimum VIP level (0 = anyone)'),
  backtest: ZBacktest.nullable().describe('The measured historical performance; null until the first run finishes'),
});
export type TSmartProduct = z.infer<typeof ZSmartProduct>;

export const ZSmartProductsResponse = z.object({ items: z.array(ZSmartProduct) });
export type TSmartProductsResponse = z.infer<typeof ZSmartProductsResponse>;

export const ZBuySmartRequest = z.object({
  productId: ZId('plan product'),
  amount: ZAmount.describe('USDT moved from the live available balance to the plan'),
  days: z.number().int().min(1).max(SMART_DAYS_MAX).describe("One of the product's durations"),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional()
    .describe('Optional: the same key again answers the plan it started and moves nothing'),
});
export type TBuySmartRequest = z.infer<typeof ZBuySmartRequest>;

export const ZExitSmartRequest = z.object({ orderId: ZId('smart order') });
export type TExitSmartRequest = z.infer<typeof ZExitSmartRequest>;

export const ZSmartTrade = z.object({
  orderNo: z.string().describe("The position's order number (it appears in the user's orders marked with the plan)"),
  side: z.enum(['long', 'short']),
  lots: z.string(),
  openPrice: z.string().nullable(),
  openedAt: z.string().nullable(),
  closePrice: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable(),
  fee: z.string().describe('USDT fee charged at open'),
  realisedPnl: z.string().nullable().describe('USDT, once closed'),
});
export type TSmartTrade = z.infer<typeof ZSmartTrade>;

export const ZSmartOrder = z.object({
  id: ZId('smart order'),
  productId: ZId('plan product'),
  productName: z.string(),
  strategy: ZSmartStrategy,
  code: z.string(),
  amount: z.string().describe('USDT the plan started with'),
  days: z.number().int(),
  startedAt: z.string(),
  endsAt: z.string().describe('When it finishes by itself'),
  status: z.enum(SMART_ORDER_STATUSES),
  finishedAt: z.string().nullable(),
  balance: z.string().describe("The plan account's balance (USDT), margin of open positions included"),
  equity: z.string().describe('Balance plus the open positions’ unrealised P&L at current prices'),
  pnl: z.string().describe('Equity − amount: what the strategy made or lost so far, fees included'),
  exitFeeRate: z.string(),
  exitFee: z.string().describe('The fee an early exit costs (or cost): exitFeeRate × amount'),
  returned: z.string().nullable().describe('USDT returned to the available balance when it ended'),
  halted: z
    .object({ reason: z.enum(SMART_HALT_REASONS), detail: z.string(), at: z.string() })
    .nullable()
    .describe('Set when the plan stopped opening positions (strategy error, stale price)'),
  openPositions: z.array(ZPosition),
  trades: z.array(ZSmartTrade).describe('Every position the plan opened, newest first'),
  equityCurve: z.array(ZEquityPoint).describe('Equity over the plan’s life, at most 200 points'),
});
export type TSmartOrder = z.infer<typeof ZSmartOrder>;

export const ZSmartOrderList = z.object({ items: z.array(ZSmartOrder).describe('Newest first') });
export type TSmartOrderList = z.infer<typeof ZSmartOrderList>;

// ——— Back office ———

const ZReason = z.string().trim().min(1).max(500).describe("The operator's reason, kept in the audit log");

export const ZSmartProductNames = z
  .object(
    Object.fromEntries(LANGUAGES.map((l) => [l, z.string().trim().min(1).max(80)])) as Record<
      (typeof LANGUAGES)[number],
      z.ZodString
    >,
  )
  .describe('The name in each of the ten languages');

const smartProductFields = {
  names: ZSmartProductNames,
  strategy: ZSmartStrategy,
  params: z
    .record(z.string().regex(/^[a-zA-Z]{1,32}$/), z.union([z.number().finite(), z.boolean()]))
    .describe("The strategy's parameters; missing ones take the strategy's defaults, unknown ones are refused"),
  code: z.string().trim().min(1).max(32).describe('A listed instrument'),
  intervalMinutes: z.number().int().min(1).max(SMART_INTERVAL_MAX_MINUTES),
  leverage: z.number().int().min(1).max(30).describe("Capped by the instrument's leverage cap"),
  marginShare: ZRatio.describe('Share of equity committed as margin to one position, above 0'),
  minAmount: ZAmount,
  maxAmount: ZAmount,
  days: z.array(z.number().int().min(1).max(SMART_DAYS_MAX)).min(1).max(SMART_DAYS_MAX_COUNT),
  exitFeeRate: ZRatio,
  minLevel: z.number().int().min(0).max(4),
  reason: ZReason,
};

export const ZSmartProductCreateRequest = z.object(smartProductFields);
export type TSmartProductCreateRequest = z.infer<typeof ZSmartProductCreateRequest>;

const ZVersion = z
  .number()
  .int()
  .min(1)
  .describe('The version the change starts from; another version answers 10222 and changes nothing');

export const ZSmartProductUpdateRequest = z.object({ ...smartProductFields, version: ZVersion });
export type TSmartProductUpdateRequest = z.infer<typeof ZSmartProductUpdateRequest>;

export const ZSmartProductEnabledRequest = z.object({ enabled: z.boolean(), version: ZVersion, reason: ZReason });
export type TSmartProductEnabledRequest = z.infer<typeof ZSmartProductEnabledRequest>;

export const ZSmartProductParams = z.object({ id: ZId('plan product') });
export type TSmartProductParams = z.infer<typeof ZSmartProductParams>;

export const ZAdminSmartProduct = ZSmartProduct.extend({
  names: ZSmartProductNames,
  enabled: z.boolean(),
  version: z.number().int(),
  backtestState: z
    .enum(['pending', 'running', 'done', 'failed'])
    .describe('The background backtest of the current parameters'),
  backtestError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminSmartProduct = z.infer<typeof ZAdminSmartProduct>;

export const ZAdminSmartProductsResponse = z.object({ items: z.array(ZAdminSmartProduct) });
export type TAdminSmartProductsResponse = z.infer<typeof ZAdminSmartProductsResponse>;
