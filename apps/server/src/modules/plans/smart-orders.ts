import type { Language, TSmartOrder, TSmartTrade } from '@openbourse/contracts';
import { SMART_EQUITY_POINTS_MAX } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { AppError } from '../../platform/errors/app-error.js';
import { equityCurve, findOrder, type PlanOrderRow, userOrders } from './plan-orders.repository.js';
import { type PlansContext, planSubaccount } from './plans.context.js';
import { USDT_DECIMALS, usdt } from './smart-product-wire.js';
import { findProduct } from './smart-products.repository.js';

/**
 * The plans a user holds as `GET /order/listSmartOrder` shows them: P&L to date (equity at
 * current prices less the amount), the open positions, every trade the plan made and its equity
 * curve. The newest 50.
 */

const LIST_LIMIT = 50;

export async function smartOrderToWire(ctx: PlansContext, row: PlanOrderRow, language: Language): Promise<TSmartOrder> {
  const sub = planSubaccount(row.id);
  const [product, positions, curve] = await Promise.all([
    findProduct(ctx.db, row.product_id),
    ctx.trading.positions(row.user_id, sub, 'all'),
    equityCurve(ctx.db, row.id, SMART_EQUITY_POINTS_MAX),
  ]);
  const running = row.status === 'running';
  const funds = running ? await ctx.trading.funds(row.user_id, sub) : null;
  const amount = BigInt(row.amount);
  // A settled plan holds nothing: its figures are what it returned (and the fee it paid).
  const settledEquity = BigInt(row.returned ?? '0') + BigInt(row.exit_fee ?? '0');
  const equity = funds ? funds.equity : settledEquity;
  const exitFee = row.exit_fee
    ? BigInt(row.exit_fee)
    : Decimal.fromMinorUnits(amount, USDT_DECIMALS)
        .mul(Decimal.parse(row.exit_fee_rate))
        .toMinorUnits(USDT_DECIMALS, 'floor');
  const trades: TSmartTrade[] = positions
    .filter((position) => position.status !== 'cancelled')
    .map((position) => ({
      orderNo: position.orderNo,
      side: position.side,
      lots: position.lots,
      openPrice: position.openPrice,
      openedAt: position.openedAt,
      closePrice: position.closePrice,
      closedAt: position.closedAt,
      closeReason: position.closeReason,
      fee: position.fee,
      realisedPnl: position.realisedPnl,
    }));
  return {
    id: row.id,
    productId: row.product_id,
    productName: product ? (product.names[language] ?? product.names.en ?? row.code) : row.code,
    strategy: row.strategy,
    code: row.code,
    amount: usdt(amount),
    days: row.days,
    startedAt: row.started_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    status: row.status,
    finishedAt: row.finished_at?.toISOString() ?? null,
    balance: usdt(funds ? funds.balance : settledEquity),
    equity: usdt(equity),
    pnl: usdt(equity - amount),
    exitFeeRate: Decimal.parse(row.exit_fee_rate).toString(),
    exitFee: usdt(exitFee),
    returned: row.returned === null ? null : usdt(row.returned),
    halted:
      row.halted_reason && row.halted_at
        ? { reason: row.halted_reason, detail: row.halted_detail ?? '', at: row.halted_at.toISOString() }
        : null,
    openPositions: positions.filter((position) => position.status === 'open'),
    trades,
    equityCurve: curve.map((point) => ({ time: point.at.toISOString(), value: usdt(point.equity) })),
  };
}

export async function listSmartOrders(ctx: PlansContext, userId: string, language: Language): Promise<TSmartOrder[]> {
  const rows = await userOrders(ctx.db, userId, LIST_LIMIT);
  return Promise.all(rows.map((row) => smartOrderToWire(ctx, row, language)));
}

/** One of the user's plans; another's and an unknown id answer alike. */
export async function ownSmartOrder(ctx: PlansContext, userId: string, id: string): Promise<PlanOrderRow> {
  const row = await findOrder(ctx.db, id);
  if (!row || row.user_id !== userId) throw new AppError('NO_PERMISSION_ON_RECORD');
  return row;
}
