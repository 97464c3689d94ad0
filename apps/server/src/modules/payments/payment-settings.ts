import type { TPaymentAssetSettings, TPaymentAssetUpdateRequest } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  listAssetSettings,
  lockAssetSettings,
  type PaymentAssetSettings,
  updateAssetSettings,
} from './payments.repository.js';
import type { PaymentsTables } from './payments.tables.js';

/**
 * Deposit minimums and withdrawal minimum, maximum and fee rate per asset (issue 14), changed by
 * an operator with one audit row (`payments.settings.update`) in the same transaction. Nothing
 * caches them: the payments issue reads them with `findAssetSettings` when it checks a deposit
 * or a withdrawal, so a change holds on every instance from its commit on.
 */

export type PaymentSettingsDb = Kysely<PaymentsTables & PlatformTables>;

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };

const wire = (settings: PaymentAssetSettings): TPaymentAssetSettings => ({
  ...settings,
  updatedAt: settings.updatedAt.toISOString(),
});

const canonical = (value: string) => Decimal.parse(value).toString();

export async function paymentSettings(db: PaymentSettingsDb): Promise<TPaymentAssetSettings[]> {
  return (await listAssetSettings(db)).map(wire);
}

export async function updatePaymentSettings(
  db: PaymentSettingsDb,
  action: OperatorAction,
  asset: string,
  change: TPaymentAssetUpdateRequest,
): Promise<TPaymentAssetSettings> {
  return db.transaction().execute(async (trx) => {
    const current = await lockAssetSettings(trx, asset);
    if (!current) {
      throw new AppError('INVALID_INPUT', { data: { issues: [{ path: 'params.asset', message: 'no such asset' }] } });
    }
    const next = {
      depositMinimum: change.depositMinimum === undefined ? current.depositMinimum : canonical(change.depositMinimum),
      withdrawalMinimum:
        change.withdrawalMinimum === undefined ? current.withdrawalMinimum : canonical(change.withdrawalMinimum),
      withdrawalMaximum:
        change.withdrawalMaximum === undefined
          ? current.withdrawalMaximum
          : change.withdrawalMaximum === null
            ? null
            : canonical(change.withdrawalMaximum),
      withdrawalFeeRate:
        change.withdrawalFeeRate === undefined ? current.withdrawalFeeRate : canonical(change.withdrawalFeeRate),
    };
    if (
      next.withdrawalMaximum !== null &&
      Decimal.parse(next.withdrawalMinimum).gt(Decimal.parse(next.withdrawalMaximum))
    ) {
      const path = change.withdrawalMinimum !== undefined ? 'body.withdrawalMinimum' : 'body.withdrawalMaximum';
      throw new AppError('INVALID_INPUT', {
        data: { issues: [{ path, message: 'withdrawalMinimum above withdrawalMaximum' }] },
      });
    }
    const before = {
      depositMinimum: current.depositMinimum,
      withdrawalMinimum: current.withdrawalMinimum,
      withdrawalMaximum: current.withdrawalMaximum,
      withdrawalFeeRate: current.withdrawalFeeRate,
    };
    if (JSON.stringify(before) === JSON.stringify(next)) return wire(current);
    const updatedAt = await updateAssetSettings(trx, asset, next);
    await recordAudit(trx, {
      actorUserId: action.operatorId,
      action: 'payments.settings.update',
      targetType: 'payment_asset',
      targetId: asset,
      before,
      after: next,
      reason: change.reason,
      requestId: action.requestId,
      ip: action.ip,
    });
    return wire({ asset, ...next, updatedAt });
  });
}
