import { getBalance, OWN_SUBACCOUNT, release, subaccountAccounts, transfer } from '../ledger/index.js';
import type { Instrument } from '../market/index.js';
import { recordReferralStep } from '../referral/index.js';
import { type PositionRow, updatePosition } from './trading.repository.js';
import { feeRateOf, rateToUsdt, type TradingContext, type TradingTrx, USDT, USDT_DECIMALS } from './trading-context.js';
import { notionalUsdt, tradeFee, tradingInstrument } from './trading-rules.js';

/**
 * A pending order's entry crossed (the row is locked and pending): the position opens at the
 * crossing tick and the fee is charged; without the funds for the fee the order is cancelled and
 * its margin goes back.
 */
export async function fillPendingOrder(
  trx: TradingTrx,
  ctx: TradingContext,
  row: PositionRow,
  instrument: Instrument,
  price: string,
): Promise<PositionRow> {
  const math = tradingInstrument(instrument);
  const notional = notionalUsdt(row.lots, price, math, rateToUsdt(ctx, instrument));
  const fee = tradeFee(notional, await feeRateOf(ctx, instrument.asset_class));
  const funds = subaccountAccounts(row.user_id, row.subaccount).available;
  const available = await getBalance(trx, row.book, USDT, funds);
  const reference = { type: 'position', id: row.order_no };
  const at = new Date(ctx.now());
  if (fee > available) {
    if (row.margin_hold_id) {
      await release(trx, {
        holdId: row.margin_hold_id,
        idempotencyKey: `trade:${row.order_no}:unfilled`,
        reason: 'trade_margin_release',
      });
    }
    return updatePosition(trx, row.id, {
      status: 'cancelled',
      close_reason: 'cancelled',
      close_note: 'insufficient funds for the fee at fill',
      closed_at: at,
      margin_hold_id: null,
      updated_at: at,
    });
  }
  if (fee > 0n) {
    await transfer(trx, {
      book: row.book,
      asset: USDT,
      from: funds,
      to: { kind: 'fees' },
      amount: fee,
      reason: 'trade_fee',
      reference,
      idempotencyKey: `trade:${row.order_no}:fee`,
    });
  }
  if (row.subaccount === OWN_SUBACCOUNT && row.book === 'live') await recordReferralStep(trx, row.user_id, 'trade');
  return updatePosition(trx, row.id, {
    status: 'open',
    open_price: price,
    opened_at: at,
    fee: fee.toString(),
    notional: notional.toMinorUnits(USDT_DECIMALS, 'half-even').toString(),
    updated_at: at,
  });
}
