import { isLanguage, type Language } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { notifyUser } from '../notify/index.js';
import type { SavingsView } from './savings.context.js';
import { minorUnits } from './savings-math.js';
import { moveForOrder, SAVINGS_ESCROW } from './savings-money.js';
import { type SavingsOrderRow, updateSavingsOrder } from './savings-orders.repository.js';
import { findSavingsProduct } from './savings-products.repository.js';

/**
 * Settles a matured order (SPEC §4 "Financial order": earning → settled), in the caller's
 * transaction with the order row locked by it and seen earning: its principal and its whole
 * promised interest go escrow → the investor's available balance (`savings_payout`,
 * `savings_interest`), once (the order's status, and the transfers' keys), the order records what
 * it returned, and the investor is told ("savings matured", the product named in the language
 * they subscribed in).
 */
export async function settleSavingsOrder(trx: SavingsView, row: SavingsOrderRow, at: Date): Promise<SavingsOrderRow> {
  const principal = Decimal.parse(row.principal);
  const interest = Decimal.parse(row.promised_interest);
  const investor = { kind: 'available', userId: row.user_id } as const;
  await moveForOrder(trx, { id: row.id, asset: row.asset }, [
    {
      from: SAVINGS_ESCROW,
      to: investor,
      amount: minorUnits(principal, row.asset_decimals),
      reason: 'savings_payout',
      step: 'payout',
    },
    {
      from: SAVINGS_ESCROW,
      to: investor,
      amount: minorUnits(interest, row.asset_decimals),
      reason: 'savings_interest',
      step: 'interest',
    },
  ]);
  const settled = await updateSavingsOrder(trx, row.id, {
    status: 'settled',
    earned_days: row.period_days,
    earned_interest: interest.toString(),
    closed_at: at,
    returned: principal.add(interest).toString(),
    updated_at: at,
  });
  const product = await findSavingsProduct(trx, row.product_id);
  const language: Language = isLanguage(row.language) ? row.language : 'en';
  await notifyUser(trx, {
    userId: row.user_id,
    template: 'savings_matured',
    params: {
      product: product?.names[language] ?? `#${row.product_id}`,
      amount: principal.toString(),
      asset: row.asset,
      interest: interest.toString(),
    },
  });
  return settled;
}
