import type { TAdminLoanSetting, TLoanSettingEnabledRequest } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { LendingContext, OperatorAction } from './lending.context.js';
import { adminLoanSetting, auditedLoanSetting } from './loan-setting-wire.js';
import { lockLoanSetting, updateLoanSettingRow } from './loan-settings.repository.js';

/**
 * Offers a product to borrowers or withdraws it, from the version read (10200 otherwise).
 * Disabling takes it off `/index/listLoanSettings` and stops new applications; loans taken stay
 * as signed. Setting the state it already has writes nothing; a change writes one audit row
 * (`lending.settings.enable` or `lending.settings.disable`, before and after).
 */
export async function setLoanSettingEnabled(
  ctx: LendingContext,
  action: OperatorAction,
  id: string,
  request: TLoanSettingEnabledRequest,
): Promise<TAdminLoanSetting> {
  return ctx.db.transaction().execute(async (trx) => {
    const current = await lockLoanSetting(trx, id);
    if (!current) throw new AppError('LOAN_SETTING_NOT_FOUND');
    if (current.version !== request.version) {
      throw new AppError('LOAN_SETTING_CHANGED', { data: { version: current.version } });
    }
    if (current.enabled === request.enabled) return adminLoanSetting(current);
    const next = await updateLoanSettingRow(trx, id, { enabled: request.enabled, at: ctx.clock.now() });
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: request.enabled ? 'lending.settings.enable' : 'lending.settings.disable',
      targetType: 'loan_setting',
      targetId: id,
      before: auditedLoanSetting(current),
      after: auditedLoanSetting(next),
      reason: request.reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return adminLoanSetting(next);
  });
}
