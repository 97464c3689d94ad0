import { type Language, SAVINGS_ORDERS_LIST_MAX, type TSavingsOrder } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { SavingsContext, SavingsView } from './savings.context.js';
import { earlyRedemptionPenalty } from './savings-math.js';
import { listUserSavingsOrders, type SavingsOrderRow } from './savings-orders.repository.js';
import { findSavingsProduct } from './savings-products.repository.js';

/**
 * An order as its investor sees it: its terms, its figures as the accrual job last wrote them,
 * and while it earns what an early exit would cost now (the penalty is a share of the principal,
 * disclosed at subscription; the interest earned so far would be forfeited too).
 */
export function toWireSavingsOrder(row: SavingsOrderRow, productName: string): TSavingsOrder {
  const principal = Decimal.parse(row.principal);
  const isEarning = row.status === 'earning';
  const penalty = isEarning
    ? earlyRedemptionPenalty(principal, Decimal.parse(row.penalty_rate), row.asset_decimals)
    : null;
  return {
    id: row.id,
    productId: row.product_id,
    productName,
    asset: row.asset,
    amount: principal.toString(),
    dailyRate: Decimal.parse(row.daily_rate).toString(),
    periodDays: row.period_days,
    penaltyRate: Decimal.parse(row.penalty_rate).toString(),
    investTime: row.invested_at.toISOString(),
    maturityTime: row.matures_at.toISOString(),
    earnedDays: row.earned_days,
    // Redeemed early: the interest earned was forfeited, none was paid.
    currentEarnings: row.status === 'redeemed_early' ? '0' : Decimal.parse(row.earned_interest).toString(),
    reservedInterest: Decimal.parse(row.promised_interest).toString(),
    status: row.status,
    earlyExitPenalty: penalty?.toString() ?? null,
    earlyExitReturn: penalty ? principal.sub(penalty).toString() : null,
    closedTime: row.closed_at?.toISOString() ?? null,
    returned: row.returned === null ? null : Decimal.parse(row.returned).toString(),
    penaltyCharged: row.penalty === null ? null : Decimal.parse(row.penalty).toString(),
  };
}

/** Orders with their products' names in `language`. */
export async function toWireSavingsOrders(
  db: SavingsView,
  rows: readonly SavingsOrderRow[],
  language: Language,
): Promise<TSavingsOrder[]> {
  const names = new Map<string, string>();
  for (const productId of new Set(rows.map((row) => row.product_id))) {
    const product = await findSavingsProduct(db, productId);
    names.set(productId, product?.names[language] ?? `#${productId}`);
  }
  return rows.map((row) => toWireSavingsOrder(row, names.get(row.product_id) ?? `#${row.product_id}`));
}

/** `GET /financial/myOrders`: the caller's orders, newest first (at most SAVINGS_ORDERS_LIST_MAX). */
export async function listMySavingsOrders(
  ctx: SavingsContext,
  userId: string,
  language: Language,
): Promise<TSavingsOrder[]> {
  const rows = await listUserSavingsOrders(ctx.db, userId, SAVINGS_ORDERS_LIST_MAX);
  return toWireSavingsOrders(ctx.db, rows, language);
}
