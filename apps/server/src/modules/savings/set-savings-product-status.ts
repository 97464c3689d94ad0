import type { TAdminSavingsProduct, TSavingsProductStatusRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OperatorAction, SavingsContext } from './savings.context.js';
import { adminSavingsProduct, auditedSavingsProduct } from './savings-product-wire.js';
import {
  lockSavingsProduct,
  principalEarningByProduct,
  updateSavingsProductRow,
} from './savings-products.repository.js';

/**
 * Puts a product on sale or pauses it, from the version read (10214 otherwise). Resuming also
 * ends a pause the treasury caused: the operator has checked that the treasury can fund it again
 * (each subscription is still checked against the treasury). Pausing stops new subscriptions;
 * orders taken keep earning. The state it already has writes nothing; a change writes one audit
 * row (`savings.products.resume` or `savings.products.pause`, before and after).
 */
export async function setSavingsProductStatus(
  ctx: SavingsContext,
  action: OperatorAction,
  id: string,
  request: TSavingsProductStatusRequest,
): Promise<TAdminSavingsProduct> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockSavingsProduct(trx, id);
    if (!current) throw new AppError('SAVINGS_PRODUCT_NOT_FOUND');
    if (current.version !== request.version) {
      throw new AppError('SAVINGS_PRODUCT_CHANGED', { data: { version: current.version } });
    }
    const earning = (await principalEarningByProduct(trx, [id])).get(id) ?? Decimal.ZERO;
    const isOnSale = current.status === 'on_sale';
    if (isOnSale === request.onSale) return adminSavingsProduct(current, earning);
    const next = await updateSavingsProductRow(trx, id, {
      state: request.onSale
        ? { status: 'on_sale', pausedReason: null }
        : { status: 'paused', pausedReason: 'operator' },
      at: ctx.clock.now(),
    });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: request.onSale ? 'savings.products.resume' : 'savings.products.pause',
      targetType: 'savings_product',
      targetId: id,
      before: auditedSavingsProduct(current),
      after: auditedSavingsProduct(next),
      reason: request.reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return adminSavingsProduct(next, earning);
  });
}
