import type { Book, TAccountSummary } from '@openbourse/contracts';
import { STOP_OUT_MARGIN_LEVEL } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { getBalance, OWN_SUBACCOUNT, subaccountAccounts } from '../ledger/index.js';
import { exposureRows } from './trading.repository.js';
import { rateToUsdt, type TradingContext, type TradingTrx, USDT, USDT_DECIMALS, usdt } from './trading-context.js';
import { convertToUsdt, marginLevel } from './trading-rules.js';

/** A trading account: a user's subaccount in a book ('' the user's own, `plan:<id>` a smart plan's). */
export type Owner = { userId: string; book: Book; subaccount: string };
export type Exposure = { used: bigint; unrealised: bigint };

export const ownerKey = (owner: Owner) => `${owner.book}|${owner.userId}|${owner.subaccount}`;

/**
 * Accounts' used margin and unrealised P&L (one query for a whole group of owners), from the
 * sums per account, instrument, side and status that `trading_exposures` keeps (migration 0008):
 * Σ lots and Σ lots × open price give the P&L at the current price as
 * ±(price × Σlots − Σ(lots × open)) × contract size — one computation per instrument held,
 * not per position, so it stays cheap for an account with thousands of positions. (Each
 * position's own P&L is floored when it is settled; this sum is floored once.) Keyed by `ownerKey`.
 */
export async function exposuresOf(
  trx: TradingTrx,
  ctx: TradingContext,
  owners: Owner[],
): Promise<Map<string, Exposure>> {
  const rows = await exposureRows(trx, owners);
  const exposures = new Map(owners.map((owner) => [ownerKey(owner), { used: 0n, unrealised: 0n }]));
  for (const row of rows) {
    const exposure = exposures.get(ownerKey({ userId: row.user_id, book: row.book, subaccount: row.subaccount }));
    if (!exposure) continue;
    exposure.used += BigInt(row.margin);
    if (row.status !== 'open') continue;
    const instrument = ctx.hub.instrumentById(row.instrument_id);
    const price = instrument ? ctx.hub.state(instrument.code)?.price : null;
    if (!instrument || !price) continue;
    const inQuote = Decimal.parse(price)
      .mul(Decimal.parse(row.lots))
      .sub(Decimal.parse(row.cost))
      .mul(Decimal.parse(instrument.contract_size));
    const signed = row.side === 'long' ? inQuote : inQuote.neg();
    exposure.unrealised += convertToUsdt(signed, rateToUsdt(ctx, instrument)).toMinorUnits(USDT_DECIMALS, 'floor');
  }
  return exposures;
}

/** Balance, equity, used and free margin, margin level, for the book. */
export async function accountSummary(
  db: TradingTrx,
  ctx: TradingContext,
  userId: string,
  book: Book,
  subaccount: string = OWN_SUBACCOUNT,
): Promise<TAccountSummary & { unrealisedMinor: bigint }> {
  const available = await getBalance(db, book, USDT, subaccountAccounts(userId, subaccount).available);
  const owner = { userId, book, subaccount };
  const { used, unrealised } = (await exposuresOf(db, ctx, [owner])).get(ownerKey(owner)) as Exposure;
  const equity = available + used + unrealised;
  const level = used > 0n ? marginLevel(Decimal.fromMinorUnits(equity, 6), Decimal.fromMinorUnits(used, 6)) : null;
  return {
    balance: usdt(available),
    equity: usdt(equity),
    usedMargin: usdt(used),
    freeMargin: usdt(equity - used),
    marginLevel: level ? level.round(6, 'floor').toString() : null,
    unrealisedPnl: usdt(unrealised),
    stopOutLevel: STOP_OUT_MARGIN_LEVEL,
    unrealisedMinor: unrealised,
  };
}
