import type { TAdminLoanSetting, TLoanLimit, TLoanSetting } from '@openbourse/contracts';
import type { LoanSettingRecord, LoanSettingValues } from './loan-settings.repository.js';

/** The limits as the API lists them: unverified first when there is one. */
function limitsOf(values: LoanSettingValues): TLoanLimit[] {
  const limits: TLoanLimit[] = [];
  if (values.unverified) limits.push({ verification: 'unverified', ...values.unverified });
  limits.push({ verification: 'verified', ...values.verified });
  return limits;
}

/** A product as borrowers see it (`/index/listLoanSettings`). */
export function publicLoanSetting(record: LoanSettingRecord): TLoanSetting {
  return {
    id: record.id,
    kind: record.kind,
    asset: record.asset,
    terms: record.terms,
    dailyRate: record.dailyRate,
    interestFreeDays: record.interestFreeDays,
    limits: limitsOf(record),
    collateralAssets: record.collateralAssets,
    initialLtv: record.initialLtv,
    marginCallLtv: record.marginCallLtv,
    liquidationLtv: record.liquidationLtv,
  };
}

/** A product as the back office sees it. */
export function adminLoanSetting(record: LoanSettingRecord): TAdminLoanSetting {
  return {
    ...publicLoanSetting(record),
    enabled: record.enabled,
    version: record.version,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a product before and after a change: its values and state, as the API shows them. */
export function auditedLoanSetting(record: LoanSettingRecord): Omit<TAdminLoanSetting, 'createdAt' | 'updatedAt'> {
  const { createdAt: _created, updatedAt: _updated, ...rest } = adminLoanSetting(record);
  return rest;
}
