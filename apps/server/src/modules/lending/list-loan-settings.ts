import type { TAdminLoanSetting, TLoanSetting } from '@openbourse/contracts';
import type { LendingDb } from './lending.context.js';
import { adminLoanSetting, publicLoanSetting } from './loan-setting-wire.js';
import { listLoanSettingRecords } from './loan-settings.repository.js';

/**
 * The loan products borrowers may apply for (`GET /index/listLoanSettings`, public): the enabled
 * ones only, read from the table on each request, so a change holds on every instance at once.
 */
export async function listLoanSettings(db: LendingDb): Promise<TLoanSetting[]> {
  return (await listLoanSettingRecords(db, { enabledOnly: true })).map(publicLoanSetting);
}

/** Every product for the back office, enabled or not, with its version. */
export async function listAdminLoanSettings(db: LendingDb): Promise<TAdminLoanSetting[]> {
  return (await listLoanSettingRecords(db, { enabledOnly: false })).map(adminLoanSetting);
}
