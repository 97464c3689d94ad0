import type { TAdminLoanSetting, TLoanSettingUpdateRequest } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { LendingContext, OperatorAction } from './lending.context.js';
import { checkLoanSetting } from './loan-setting-rules.js';
import { adminLoanSetting, auditedLoanSetting } from './loan-setting-wire.js';
import { lockLoanSetting, updateLoanSettingRow } from './loan-settings.repository.js';

/**
 * Replaces a product's values (its kind stays), from the version the operator read: the row is
 * locked, and a version other than the current one (another operator's change came first)
 * answers LOAN_SETTING_CHANGED (10200) and changes nothing. Loans already taken keep the terms
 * they were signed with. A change to the same values writes nothing; any other adds one to the
 * version with one audit row (`lending.settings.update`, before and after).
 */
export async function updateLoanSetting(
  ctx: LendingContext,
  action: OperatorAction,
  id: string,
  request: TLoanSettingUpdateRequest,
): Promise<TAdminLoanSetting> {
  const { version, reason, ...fields } = request;
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockLoanSetting(trx, id);
    if (!current) throw new AppError('LOAN_SETTING_NOT_FOUND');
    if (current.version !== version) {
      throw new AppError('LOAN_SETTING_CHANGED', { data: { version: current.version } });
    }
    const values = await checkLoanSetting(ctx.assets, current.kind, fields);
    const before = auditedLoanSetting(current);
    const unchanged = auditedLoanSetting({ ...current, ...values });
    if (JSON.stringify(before) === JSON.stringify(unchanged)) return adminLoanSetting(current);
    const next = await updateLoanSettingRow(trx, id, { values, at: ctx.clock.now() });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'lending.settings.update',
      targetType: 'loan_setting',
      targetId: id,
      before,
      after: auditedLoanSetting(next),
      reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return adminLoanSetting(next);
  });
}
