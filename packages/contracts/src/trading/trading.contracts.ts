import { z } from 'zod';
import { ZOptionsOrder } from '../options/options.contracts.js';

/**
 * Trading (issue 6): leveraged long/short positions ("contract orders") and pending orders.
 * Prices, lots and distances travel as decimal strings; money (margin, fee, P&L) as USDT
 * decimal strings with 6 decimals at most.
 */

export const POSITION_SIDES = ['long', 'short'] as const;
export const ORDER_TYPES = ['market', 'limit', 'stop'] as const;
export const POSITION_STATUSES = ['pending', 'open', 'closed', 'cancelled'] as const;
export const CLOSE_REASONS = ['manual', 'stop_loss', 'take_profit', 'trailing_stop', 'stop_out', 'cancelled'] as const;
export type PositionSide = (typeof POSITION_SIDES)[number];
export type OrderType = (typeof ORDER_TYPES)[number];
export type PositionStatus = (typeof POSITION_STATUSES)[number];
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** ESMA close-out: positions are closed when margin level falls to this ratio. */
export const STOP_OUT_MARGIN_LEVEL = '0.5';

const ZDecimal = z.string().regex(/^\d{1,20}(\.\d{1,12})?$/, 'a positive decimal number');
const ZOrderNo = z.string().regex(/^[A-Z0-9-]{6,40}$/, 'an order number');

export const ZOpenPositionRequest = z.object({
  code: z.string().regex(/^[A-Z0-9.]{1,20}$/),
  side: z.enum(POSITION_SIDES),
  lots: ZDecimal,
  leverage: z.number().int().min(1).max(1000),
  orderType: z.enum(ORDER_TYPES).default('market'),
  price: ZDecimal.optional().describe('Entry price of a limit or stop order'),
  stopLoss: ZDecimal.optional(),
  takeProfit: ZDecimal.optional(),
  trailingDistance: ZDecimal.optional().describe('Trailing stop distance in price units'),
});
export type TOpenPositionRequest = z.infer<typeof ZOpenPositionRequest>;

export const ZClosePositionRequest = z.object({
  orderNo: ZOrderNo,
  lots: ZDecimal.optional().describe('Lots to close; omitted: the whole position'),
});
export const ZAmendPositionRequest = z.object({
  orderNo: ZOrderNo,
  stopLoss: ZDecimal.nullable().optional().describe('null removes it; omitted keeps it'),
  takeProfit: ZDecimal.nullable().optional(),
  trailingDistance: ZDecimal.nullable().optional(),
});
export const ZCancelOrderRequest = z.object({ orderNo: ZOrderNo });
export const ZOrderNoParams = z.object({ orderNo: ZOrderNo });

export const ZPosition = z.object({
  orderNo: z.string(),
  code: z.string(),
  appName: z.string(),
  side: z.enum(POSITION_SIDES),
  orderType: z.enum(ORDER_TYPES),
  status: z.enum(POSITION_STATUSES),
  lots: z.string(),
  leverage: z.number().int(),
  entryPrice: z.string().nullable(),
  openPrice: z.string().nullable(),
  openedAt: z.string().nullable(),
  stopLoss: z.string().nullable(),
  takeProfit: z.string().nullable(),
  trailingDistance: z.string().nullable(),
  /** The trailing stop's current level (ratcheted), when there is one. */
  trailingStop: z.string().nullable(),
  margin: z.string().describe('USDT held as margin'),
  fee: z.string().describe('USDT fee charged at open'),
  closePrice: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  closeNote: z.string().nullable().describe('e.g. filled at the tick that crossed the level'),
  realisedPnl: z.string().nullable(),
  /** Unrealised P&L at the current price (open positions), USDT. */
  unrealisedPnl: z.string().nullable(),
  currentPrice: z.string().nullable(),
  book: z.enum(['live', 'demo']),
  createdAt: z.string(),
  planOrderId: z
    .string()
    .nullable()
    .describe('The smart plan that opened it (closed only by the plan or by exiting it); null for the user’s own'),
});
export type TPosition = z.infer<typeof ZPosition>;

export const ZOrdersQuery = z.object({
  status: z.enum(['open', 'pending', 'closed']).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  code: z.string().trim().min(1).max(32).optional().describe('Only this instrument'),
  reason: z
    .enum(CLOSE_REASONS)
    .optional()
    .describe('Only orders closed for this reason (status=closed; "cancelled" for cancelled pending orders)'),
});
export type TOrdersQuery = z.infer<typeof ZOrdersQuery>;
export const ZOrdersResponse = z.object({
  items: z.array(ZPosition),
  total: z.number().int().describe('Orders matching the filters'),
  codes: z.array(z.string()).describe('Every instrument the user has orders of this status in, for a filter'),
});

export const ZAccountSummary = z.object({
  balance: z.string().describe('Available USDT'),
  equity: z.string().describe('available + held margin + unrealised P&L'),
  usedMargin: z.string(),
  freeMargin: z.string().describe('equity − used margin'),
  marginLevel: z.string().nullable().describe('equity ÷ used margin as a ratio; null without positions'),
  unrealisedPnl: z.string(),
  stopOutLevel: z.string(),
});
export type TAccountSummary = z.infer<typeof ZAccountSummary>;

/** Positions and options orders side by side (issue 19), each marked with its kind. */
export const ZAllOrdersResponse = z.array(
  z.union([ZPosition.extend({ kind: z.literal('position') }), ZOptionsOrder.extend({ kind: z.literal('option') })]),
);
