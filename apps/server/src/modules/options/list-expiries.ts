import type { OptionsExpirySchedule, TListOptionsExpiryRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OperatorAction, OptionsContext, OptionsView } from './options.context.js';
import {
  type ExpiryRecord,
  hasExpiryAt,
  insertExpiry,
  insertSeries,
  listProducts,
  lockProduct,
  type OptionsProductRecord,
} from './options-products.repository.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const FRIDAY = 5;

/**
 * The next expiry of a schedule strictly after `after`, at the product's UTC time of day: every
 * day; every Friday; the last Friday of each month.
 */
export function nextScheduledExpiry(schedule: OptionsExpirySchedule, minuteOfDay: number, after: Date): Date {
  const startOfDay = Math.floor(after.getTime() / DAY_MS) * DAY_MS;
  for (let day = 0; day < 70; day += 1) {
    const candidate = new Date(startOfDay + day * DAY_MS + minuteOfDay * MINUTE_MS);
    if (candidate <= after) continue;
    if (schedule === 'daily') return candidate;
    if (candidate.getUTCDay() !== FRIDAY) continue;
    if (schedule === 'weekly') return candidate;
    // Monthly: a Friday with no Friday after it in its month.
    if (new Date(candidate.getTime() + 7 * DAY_MS).getUTCMonth() !== candidate.getUTCMonth()) return candidate;
  }
  throw new Error(`no ${schedule} expiry found after ${after.toISOString()}`);
}

/**
 * The strike grid of a new expiry: the strike step's multiple nearest the underlying's price, and
 * `strikesEachSide` steps either side of it (positive strikes only). A call's cap is its strike ×
 * the product's cap share (rounded down to the asset's unit); the maximum payout of a contract is
 * cap × size for a call and strike × size for a put, rounded up (the reserve is never short).
 */
export function strikeGrid(
  product: Pick<OptionsProductRecord, 'strikeStep' | 'strikesEachSide' | 'callCapShare' | 'contractSize'>,
  spot: Decimal,
  decimals: number,
): Array<{ strike: Decimal; cap: Decimal; callMaxPayout: Decimal; putMaxPayout: Decimal }> {
  const step = Decimal.parse(product.strikeStep);
  const size = Decimal.parse(product.contractSize);
  const share = Decimal.parse(product.callCapShare);
  const centre = spot.div(step, 0, 'half-even').mul(step);
  const grid: Array<{ strike: Decimal; cap: Decimal; callMaxPayout: Decimal; putMaxPayout: Decimal }> = [];
  for (let offset = -product.strikesEachSide; offset <= product.strikesEachSide; offset += 1) {
    const strike = centre.add(step.mul(Decimal.fromInteger(offset)));
    if (!strike.isPositive()) continue;
    const cap = strike.mul(share).round(decimals, 'down');
    if (!cap.isPositive()) continue;
    grid.push({
      strike,
      cap,
      callMaxPayout: cap.mul(size).round(decimals, 'up'),
      putMaxPayout: strike.mul(size).round(decimals, 'up'),
    });
  }
  return grid;
}

/**
 * Lists an expiry of a product at `expiresAt` with its series on the grid around the current
 * price; null when the product lists one at that time already (another instance, a retried
 * request). Needs a fresh price: without one, nothing is listed (10015).
 */
export async function listExpiryAt(
  ctx: OptionsContext,
  trx: OptionsView,
  product: OptionsProductRecord,
  expiresAt: Date,
): Promise<ExpiryRecord | null> {
  const current = ctx.market.price(product.code);
  if (!current || ctx.market.isStale(product.code)) throw new AppError('NOT_TRADABLE_NOW');
  const decimals = await ctx.assets.assetDecimals(product.asset);
  if (decimals === null) throw new AppError('OPTIONS_PRODUCT_WRONG');
  const expiry = await insertExpiry(trx, {
    product_id: product.id,
    code: product.code,
    asset: product.asset,
    expires_at: expiresAt,
    sales_close_at: new Date(expiresAt.getTime() - product.salesCutoffMinutes * MINUTE_MS),
    settlement_window_minutes: product.settlementWindowMinutes,
    listed_spot: current.price,
    listed_source: current.source,
  });
  if (!expiry) return null;
  const grid = strikeGrid(product, Decimal.parse(current.price), decimals);
  await insertSeries(
    trx,
    grid.flatMap((row) => [
      {
        expiry_id: expiry.id,
        type: 'call' as const,
        strike: row.strike.toString(),
        cap: row.cap.toString(),
        contract_size: product.contractSize,
        max_payout: row.callMaxPayout.toString(),
      },
      {
        expiry_id: expiry.id,
        type: 'put' as const,
        strike: row.strike.toString(),
        cap: null,
        contract_size: product.contractSize,
        max_payout: row.putMaxPayout.toString(),
      },
    ]),
  );
  return expiry;
}

/**
 * The upkeep's listing step: for each product on sale and each of its schedules, the next expiry
 * after the sales cut-off from now is listed if it is not yet (the unique index makes two
 * instances list it once). An underlying without a fresh price waits for the next pass.
 */
export async function listScheduledExpiries(ctx: OptionsContext): Promise<number> {
  const now = ctx.clock.now();
  let listed = 0;
  for (const product of await listProducts(ctx.db, true)) {
    const after = new Date(now.getTime() + product.salesCutoffMinutes * MINUTE_MS);
    for (const schedule of product.schedules) {
      const expiresAt = nextScheduledExpiry(schedule, product.expiryMinuteOfDay, after);
      if (await hasExpiryAt(ctx.db, product.id, expiresAt)) continue;
      if (!ctx.market.price(product.code) || ctx.market.isStale(product.code)) continue;
      const added = await ctx.db.transaction().execute((trx) => listExpiryAt(ctx, trx, product, expiresAt));
      if (added) listed += 1;
    }
  }
  return listed;
}

/**
 * POST /swx/admin/options-products/{id}/expiries — an operator lists one expiry at a whole minute
 * after the product's sales cut-off from now (10228 otherwise, or when it is listed already);
 * audit-logged.
 */
export async function listExpiryByOperator(
  ctx: OptionsContext,
  action: OperatorAction,
  productId: string,
  input: TListOptionsExpiryRequest,
): Promise<ExpiryRecord> {
  const expiresAt = new Date(input.expiresAt);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const product = await lockProduct(trx, productId);
    if (!product) throw new AppError('OPTIONS_PRODUCT_WRONG');
    const earliest = now.getTime() + product.salesCutoffMinutes * MINUTE_MS;
    if (expiresAt.getTime() % MINUTE_MS !== 0 || expiresAt.getTime() <= earliest) {
      throw new AppError('OPTIONS_EXPIRY_WRONG', { data: { earliest: new Date(earliest).toISOString() } });
    }
    const expiry = await listExpiryAt(ctx, trx, product, expiresAt);
    if (!expiry) throw new AppError('OPTIONS_EXPIRY_WRONG', { data: { listed: true } });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'options.expiries.list',
      targetType: 'options_expiry',
      targetId: expiry.id,
      before: null,
      after: { productId: product.id, code: product.code, expiresAt: expiresAt.toISOString(), spot: expiry.listedSpot },
      reason: input.reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return expiry;
  });
}
