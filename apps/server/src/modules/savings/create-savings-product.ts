import type { TAdminSavingsProduct, TSavingsProductCreateRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { OperatorAction, SavingsContext } from './savings.context.js';
import { checkSavingsProduct } from './savings-product-rules.js';
import { adminSavingsProduct, auditedSavingsProduct } from './savings-product-wire.js';
import { insertSavingsProduct } from './savings-products.repository.js';

/**
 * Adds a savings product, paused (by the operator): it is reviewed in the list and put on sale as
 * a second step, so a product is never offered half-checked. One audit row
 * (`savings.products.create`, after only) in the same transaction.
 */
export async function createSavingsProduct(
  ctx: SavingsContext,
  action: OperatorAction,
  request: TSavingsProductCreateRequest,
): Promise<TAdminSavingsProduct> {
  const { reason, ...fields } = request;
  const values = await checkSavingsProduct(ctx.assets, fields);
  return ctx.db.transaction().execute(async (trx) => {
    const record = await insertSavingsProduct(trx, {
      values,
      status: 'paused',
      pausedReason: 'operator',
      seedKey: null,
      at: ctx.clock.now(),
    });
    // Without a seed key the insert never conflicts.
    if (!record) throw new Error('savings product insert returned no row');
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'savings.products.create',
      targetType: 'savings_product',
      targetId: record.id,
      before: null,
      after: auditedSavingsProduct(record),
      reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return adminSavingsProduct(record, Decimal.ZERO);
  });
}
