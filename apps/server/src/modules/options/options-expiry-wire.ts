import type { OptionsExpiryStatus, TAdminOptionsExpiry } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { OptionsContext } from './options.context.js';
import { countSeries, type ExpiryRecord, listExpiries, openByExpiry } from './options-products.repository.js';

function toWire(
  expiry: ExpiryRecord,
  series: number,
  open: { openOrders: number; reserved: Decimal } | undefined,
): TAdminOptionsExpiry {
  return {
    id: expiry.id,
    productId: expiry.productId,
    code: expiry.code,
    asset: expiry.asset,
    expiresAt: expiry.expiresAt.toISOString(),
    status: expiry.status,
    series,
    openOrders: open?.openOrders ?? 0,
    reserved: (open?.reserved ?? Decimal.ZERO).toString(),
    settlementPrice: expiry.settlementPrice,
    settlementSource: expiry.settlementSource,
    awaitingReason: expiry.awaitingReason,
    settledAt: expiry.settledAt?.toISOString() ?? null,
  };
}

export async function adminOptionsExpiry(ctx: OptionsContext, expiry: ExpiryRecord): Promise<TAdminOptionsExpiry> {
  const series = await countSeries(ctx.db, [expiry.id]);
  const open = await openByExpiry(ctx.db, [expiry.id]);
  return toWire(expiry, series.get(expiry.id) ?? 0, open.get(expiry.id));
}

/** The back office's expiries, latest first; those waiting for an operator's price first of all. */
export async function adminOptionsExpiries(
  ctx: OptionsContext,
  status: OptionsExpiryStatus | undefined,
): Promise<{ items: TAdminOptionsExpiry[] }> {
  const expiries = await listExpiries(ctx.db, status);
  const ids = expiries.map((expiry) => expiry.id);
  const series = await countSeries(ctx.db, ids);
  const open = await openByExpiry(ctx.db, ids);
  const items = expiries.map((expiry) => toWire(expiry, series.get(expiry.id) ?? 0, open.get(expiry.id)));
  const waiting = (item: TAdminOptionsExpiry) => (item.status === 'awaiting_operator' ? 0 : 1);
  return { items: items.sort((a, b) => waiting(a) - waiting(b)) };
}
