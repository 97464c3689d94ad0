import { z } from 'zod';
import type { TAlert } from '../alerts/alerts.contracts.js';
import type { TNotification } from '../notify/notify.contracts.js';
import type { TPosition } from '../trading/trading.contracts.js';

/**
 * Market data (issue 5). Prices travel as decimal strings (exact, as the feed sent them,
 * rounded to the instrument's tick); every price carries the name of the feed it came from
 * (SPEC §0.2) and whether that feed has gone quiet (`stale`).
 */

import type { TSupportSocketEvent } from '../support/support.contracts.js';
import { CANDLE_INTERVALS, MARKET_TYPES } from './market.constants.js';

export * from './market.constants.js';

const ZPrice = z.string().regex(/^\d{1,20}(\.\d{1,12})?$/, 'a decimal price');
const ZMarketTypeNumber = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
const ZCode = z
  .string()
  .regex(/^[A-Z0-9.]{1,20}$/, 'an instrument code')
  .describe('Instrument code, e.g. BTCUSDT, EURUSD, AAPL');

/** A market item of SPEC §3, as listed on the home page and /market. */
export const ZMarketItem = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  type: ZMarketTypeNumber,
  appName: z.string().describe('Display name'),
  logo: z.string().describe('Path of the logo image, served by this server'),
  price: ZPrice.nullable().describe('Latest price; null when the feed has sent none yet'),
  nowPrice: ZPrice.nullable().describe('Same as price (kept for existing clients)'),
  zdf: z
    .string()
    .nullable()
    .describe('24-hour change ratio as a decimal string (0.0123 = +1.23%); null without 24 h of data'),
  hundred: z.array(ZPrice).describe('The last 100 one-minute closing prices, oldest first; empty when none'),
  source: z.string().describe('The feed the price came from: sandbox, replay, binance …'),
  stale: z.boolean().describe('True when the feed has been silent longer than the configured limit'),
  tradable: z.boolean().describe('Whether the instrument is inside its trading hours now'),
  precision: z.number().int().min(0).max(12).describe('Decimals to display (SPEC §9; the tick size may override)'),
  // The sortable market table's columns (issue 16): from the same in-memory minutes as zdf.
  high24h: ZPrice.nullable().describe('Highest price of the last 24 h of data; null without data'),
  low24h: ZPrice.nullable().describe('Lowest price of the last 24 h of data; null without data'),
  volume24h: z.string().nullable().describe('Sum of the feed volume over 24 h; null when the feed has none (FX)'),
  time: z.number().int().nullable().describe('Epoch milliseconds of the latest price; null without one'),
});
export type TMarketItem = z.infer<typeof ZMarketItem>;

export const ZListMarketByTypeQuery = z.object({
  type: z.coerce
    .number()
    .int()
    .refine((value) => (MARKET_TYPES as readonly number[]).includes(value), 'market type 1 to 5'),
});
export const ZMarketItemsResponse = z.array(ZMarketItem);

export const ZTradingSession = z.object({
  /** ISO weekday 1 (Monday) … 7 (Sunday), in the exchange's time zone. */
  day: z.number().int().min(1).max(7),
  open: z.string().describe('HH:MM local time'),
  close: z.string().describe('HH:MM local time; 24:00 means midnight at the end of the day'),
});

export const ZMarketInfo = ZMarketItem.extend({
  description: z.string(),
  baseCurrency: z.string(),
  quoteCurrency: z.string(),
  tickSize: z.string(),
  contractSize: z.string().describe('Units of the underlying in one lot'),
  leverageCap: z.number().int().positive(),
  minLots: z.string(),
  maxLots: z.string(),
  lotStep: z.string(),
  feeRate: z
    .string()
    .describe(
      "The trading fee charged on this instrument's notional, as a ratio (0.001 = 0.1%), from the fee schedule",
    ),
  usdSettledAsUsdt: z
    .boolean()
    .describe(
      'Whether this deployment settles USD amounts in USDT at 1:1; when false, USD-quoted P&L has no conversion',
    ),
  hours: z.object({
    timeZone: z.string().describe('IANA time zone of the exchange'),
    label: z.string().describe('e.g. "24/7", "24/5", "NYSE regular session"'),
    sessions: z.array(ZTradingSession),
    nextChange: z.string().nullable().describe('ISO time the market next opens or closes; null for 24/7'),
  }),
  high24h: ZPrice.nullable(),
  low24h: ZPrice.nullable(),
  volume24h: z.string().nullable().describe('Sum of the feed volume over 24 h; null when the feed has none (FX)'),
  updatedAt: z.string().nullable().describe('ISO time of the latest price'),
});
export type TMarketInfo = z.infer<typeof ZMarketInfo>;

export const ZMarketCodeParams = z.object({ code: ZCode });
export const ZMarketIdParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,9}$/, 'a positive whole number') });

/** A price with its source: `/index/getPrice/{id}`, `/market/realtime-price/{code}`. */
export const ZRealtimePrice = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  price: ZPrice.nullable(),
  zdf: z.string().nullable(),
  time: z.number().int().nullable().describe('Epoch milliseconds of the price'),
  source: z.string(),
  stale: z.boolean(),
  tradable: z.boolean(),
});
export type TRealtimePrice = z.infer<typeof ZRealtimePrice>;
export const ZRealtimePricesQuery = z.object({
  marketCodes: z
    .string()
    .max(2000)
    .regex(/^[A-Z0-9.]{1,20}(,[A-Z0-9.]{1,20}){0,99}$/, 'comma-separated instrument codes (at most 100)'),
});
export const ZRealtimePricesResponse = z.array(ZRealtimePrice);

export const ZCandlesQuery = z.object({
  code: ZCode,
  interval: z.enum(CANDLE_INTERVALS).default('1m'),
  from: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Inclusive start (ISO 8601); default: enough for 300 candles'),
  to: z.iso.datetime({ offset: true }).optional().describe('Exclusive end (ISO 8601); default now'),
});
export const ZCandle = z.object({
  time: z.number().int().describe('Open time, epoch milliseconds'),
  open: ZPrice,
  high: ZPrice,
  low: ZPrice,
  close: ZPrice,
  volume: z.string(),
});
export type TCandle = z.infer<typeof ZCandle>;
export const ZCandlesResponse = z.object({
  code: z.string(),
  interval: z.enum(CANDLE_INTERVALS),
  source: z.string(),
  candles: z.array(ZCandle),
});
export type TCandlesResponse = z.infer<typeof ZCandlesResponse>;

/** The measured home figures of SPEC §0.5. */
export const ZStats = z.object({
  registeredUsers: z.number().int().nonnegative(),
  listedCryptocurrencies: z.number().int().nonnegative(),
  tradedVolume24h: z.string().describe('USDT notional traded in the last 24 h (0 until trading exists)'),
  maxFeeRate: z.string().describe('The highest rate in the fee schedule, as a ratio (0.001 = 0.1%)'),
});
export type TStats = z.infer<typeof ZStats>;

export const ZWatchlistResponse = z.array(z.string()).describe('Instrument codes, in the order added');
export const ZWatchlistRequest = z.object({ code: ZCode });
export const ZWatchlistDeleteQuery = z.object({ code: ZCode });

/** One price update pushed over the socket; the server sends arrays of these. */
export type TPushItem = { code: string; price: string; zdf: string | null; time: number; source: string };

/**
 * Messages a client sends on `/swx/customer/message`:
 * `{ "op": "subscribe", "codes": ["BTCUSDT"] }`, `{ "op": "subscribe", "type": 2 }`,
 * `{ "op": "unsubscribe", "codes": [...] }` / `{ "op": "unsubscribe", "type": 2 }`, `{ "op": "ping" }`.
 * The server answers price arrays, `{ "op": "subscribed", "codes": [...] }`, `{ "op": "pong" }`
 * and `{ "op": "error", "code": 10100, "msg": "…" }`.
 */
export const ZSocketClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    codes: z.array(ZCode).max(200).optional(),
    type: ZMarketTypeNumber.optional(),
  }),
  z.object({
    op: z.literal('unsubscribe'),
    codes: z.array(ZCode).max(200).optional(),
    type: ZMarketTypeNumber.optional(),
  }),
  z.object({ op: z.literal('ping') }),
  /** Signs the socket in: the owner's position changes are pushed to it as `{ op: 'position', data }`. */
  z.object({ op: z.literal('auth'), token: z.string().min(10).max(200) }),
  /** Signs a support visitor's socket in with its token (issue 20): its conversations' events are pushed as `{ op: 'support', data }`. */
  z.object({ op: z.literal('support-visitor'), token: z.string().min(10).max(200) }),
]);
export type TSocketClientMessage = z.infer<typeof ZSocketClientMessage>;
export type TSocketServerMessage =
  | TPushItem[]
  | { op: 'subscribed'; codes: string[] }
  | { op: 'pong' }
  | { op: 'authenticated'; ok: boolean }
  /** A change of one of the signed-in user's positions: the whole position as the API answers it. */
  | { op: 'position'; data: TPosition }
  /** A notification of the signed-in user, pushed once its transaction committed (issue 15). */
  | { op: 'notification'; data: TNotification }
  /** One of the signed-in user's price alerts fired (issue 16): the alert as `GET /alerts` lists it. */
  | { op: 'alert'; data: TAlert }
  /** Support chat (issue 20): a message, marks, typing or a conversation's change, for the user, visitor or agent. */
  | { op: 'support'; data: TSupportSocketEvent }
  /** The answer to `{ op: 'support-visitor' }`. */
  | { op: 'support-visitor'; ok: boolean }
  | { op: 'error'; code: number; msg: string };
