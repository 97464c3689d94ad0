import type { TAdminSavingsProduct, TSavingsProductUpdateRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { OperatorAction, SavingsContext } from './savings.context.js';
import { checkSavingsProduct } from './savings-product-rules.js';
import { adminSavingsProduct, auditedSavingsProduct } from './savings-product-wire.js';
import {
  lockSavingsProduct,
  principalEarningByProduct,
  updateSavingsProductRow,
} from './savings-products.repository.js';

/**
 * Replaces a product's values from the version the operator read: the row is locked, and another
 * version (another operator's change came first) answers SAVINGS_PRODUCT_CHANGED (10214) and
 * changes nothing. Orders taken keep the terms they were subscribed with. The same values write
 * nothing; any change adds one to the version with one audit row (`savings.products.update`).
 */
export async function updateSavingsProduct(
  ctx: SavingsContext,
  action: OperatorAction,
  id: string,
  request: TSavingsProductUpdateRequest,
): Promise<TAdminSavingsProduct> {
  const { version, reason, ...fields } = request;
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockSavingsProduct(trx, id);
    if (!current) throw new AppError('SAVINGS_PRODUCT_NOT_FOUND');
    if (current.version !== version) {
      throw new AppError('SAVINGS_PRODUCT_CHANGED', { data: { version: current.version } });
    }
    const values = await checkSavingsProduct(ctx.assets, fields);
    const earning = (await principalEarningByProduct(trx, [id])).get(id) ?? Decimal.ZERO;
    const before = auditedSavingsProduct(current);
    if (JSON.stringify(before) === JSON.stringify(auditedSavingsProduct({ ...current, ...values }))) {
      return adminSavingsProduct(current, earning);
    }
    const next = await updateSavingsProductRow(trx, id, { values, at: ctx.clock.now() });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'savings.products.update',
      targetType: 'savings_product',
      targetId: id,
      before,
      after: auditedSavingsProduct(next),
      reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return adminSavingsProduct(next, earning);
  });
}
