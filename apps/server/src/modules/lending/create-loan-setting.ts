import type { TAdminLoanSetting, TLoanSettingCreateRequest } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { LendingContext, OperatorAction } from './lending.context.js';
import { checkLoanSetting } from './loan-setting-rules.js';
import { adminLoanSetting, auditedLoanSetting } from './loan-setting-wire.js';
import { insertLoanSetting } from './loan-settings.repository.js';

/**
 * Adds a loan product, disabled: an operator reviews it in the list and enables it as a second
 * step, so a product is never offered half-checked. One audit row (`lending.settings.create`,
 * after only) in the same transaction.
 */
export async function createLoanSetting(
  ctx: LendingContext,
  action: OperatorAction,
  request: TLoanSettingCreateRequest,
): Promise<TAdminLoanSetting> {
  const { kind, reason, ...fields } = request;
  const values = await checkLoanSetting(ctx.assets, kind, fields);
  return ctx.db.transaction().execute(async (trx) => {
    const record = await insertLoanSetting(trx, { kind, values, enabled: false, seedKey: null, at: ctx.clock.now() });
    // Without a seed key the insert never conflicts.
    if (!record) throw new Error('loan setting insert returned no row');
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'lending.settings.create',
      targetType: 'loan_setting',
      targetId: record.id,
      before: null,
      after: auditedLoanSetting(record),
      reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return adminLoanSetting(record);
  });
}
