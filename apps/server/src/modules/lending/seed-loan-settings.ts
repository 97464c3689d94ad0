import type { LoanKind, TLoanSettingCreateRequest } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { LendingAssets, LendingDb } from './lending.context.js';
import { checkLoanSetting } from './loan-setting-rules.js';
import { auditedLoanSetting } from './loan-setting-wire.js';
import { insertLoanSetting } from './loan-settings.repository.js';

type SeedProduct = { key: string; kind: LoanKind; fields: Omit<TLoanSettingCreateRequest, 'kind' | 'reason'> };

/**
 * The sandbox's example loan products (SPEC §9; a production deployment seeds none): one
 * unsecured USDT product, for KYC-verified users only, and one crypto-backed USDT product taking
 * BTC and ETH as collateral.
 */
export const SANDBOX_LOAN_SETTINGS: readonly SeedProduct[] = [
  {
    key: 'sandbox-unsecured-usdt',
    kind: 'unsecured',
    fields: {
      asset: 'USDT',
      terms: [7, 14, 30],
      dailyRate: '0.0005',
      interestFreeDays: 3,
      limits: [{ verification: 'verified', minAmount: '100', maxAmount: '5000' }],
      collateralAssets: [],
      initialLtv: null,
      marginCallLtv: null,
      liquidationLtv: null,
    },
  },
  {
    key: 'sandbox-crypto-backed-usdt',
    kind: 'crypto_backed',
    fields: {
      asset: 'USDT',
      terms: [7, 30, 90],
      dailyRate: '0.0003',
      interestFreeDays: 0,
      limits: [
        { verification: 'unverified', minAmount: '50', maxAmount: '50000' },
        { verification: 'verified', minAmount: '50', maxAmount: '200000' },
      ],
      collateralAssets: ['BTC', 'ETH'],
      initialLtv: '0.5',
      marginCallLtv: '0.7',
      liquidationLtv: '0.8',
    },
  },
];

/**
 * Seeds the sandbox's example products, enabled, each once: the insert names its seed key and
 * does nothing when the key is there, so a restart, or two instances starting at once, add
 * nothing twice, and a product an operator has since changed or disabled stays as they left it.
 * Each product inserted gets its audit row (`lending.settings.seed`, by the system). Answers how
 * many were inserted.
 */
export async function seedLoanSettings(db: LendingDb, assets: LendingAssets, at: Date): Promise<number> {
  let inserted = 0;
  for (const product of SANDBOX_LOAN_SETTINGS) {
    const values = await checkLoanSetting(assets, product.kind, product.fields);
    const isInserted = await db.transaction().execute(async (trx) => {
      const record = await insertLoanSetting(trx, {
        kind: product.kind,
        values,
        enabled: true,
        seedKey: product.key,
        at,
      });
      if (!record) return false;
      await recordAudit(trx, {
        actorUserId: null,
        action: 'lending.settings.seed',
        targetType: 'loan_setting',
        targetId: record.id,
        before: null,
        after: auditedLoanSetting(record),
        reason: 'sandbox example product',
        details: { seedKey: product.key },
        requestId: null,
        ip: null,
      });
      return true;
    });
    if (isInserted) inserted += 1;
  }
  return inserted;
}
