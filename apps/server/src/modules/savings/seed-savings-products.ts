import type { TSavingsProductCreateRequest } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { SavingsAssets, SavingsDb } from './savings.context.js';
import { checkSavingsProduct } from './savings-product-rules.js';
import { auditedSavingsProduct } from './savings-product-wire.js';
import { insertSavingsProduct } from './savings-products.repository.js';

type SeedProduct = { key: string; fields: Omit<TSavingsProductCreateRequest, 'reason'> };

/**
 * The sandbox's example savings products (SPEC §9; a production deployment seeds none), named as
 * sandbox products in every language: a 7-day USDT product anyone may take, and a 30-day one for
 * VIP1 and above. Their interest is reserved from the live USDT treasury, which a sandbox funds
 * once with the lending capital (`seedLendingCapital`, 1,000,000 USDT): at full capacity they
 * promise 500,000 × 0.0005 × 7 = 1,750 and 1,000,000 × 0.0008 × 30 = 24,000 USDT.
 */
export const SANDBOX_SAVINGS_PRODUCTS: readonly SeedProduct[] = [
  {
    key: 'sandbox-usdt-7d',
    fields: {
      names: {
        en: 'Sandbox · 7-day USDT savings',
        ja: 'サンドボックス · USDT 7日間定期運用',
        ko: '샌드박스 · USDT 7일 정기 예치',
        de: 'Sandbox · 7-Tage-USDT-Sparen',
        fr: 'Sandbox · Épargne USDT 7 jours',
        it: 'Sandbox · Risparmio USDT 7 giorni',
        es: 'Sandbox · Ahorro USDT a 7 días',
        ar: 'بيئة تجريبية · ادخار USDT لمدة 7 أيام',
        hk: '沙盒 · USDT 7天定期理財',
        zh: '沙盒 · USDT 7天定期理财',
      },
      asset: 'USDT',
      minAmount: '100',
      maxAmount: '10000',
      periodDays: 7,
      dailyRate: '0.0005',
      capacity: '500000',
      minLevel: 0,
      penaltyRate: '0.01',
    },
  },
  {
    key: 'sandbox-usdt-30d-vip1',
    fields: {
      names: {
        en: 'Sandbox · 30-day USDT savings (VIP1)',
        ja: 'サンドボックス · USDT 30日間定期運用（VIP1）',
        ko: '샌드박스 · USDT 30일 정기 예치 (VIP1)',
        de: 'Sandbox · 30-Tage-USDT-Sparen (VIP1)',
        fr: 'Sandbox · Épargne USDT 30 jours (VIP1)',
        it: 'Sandbox · Risparmio USDT 30 giorni (VIP1)',
        es: 'Sandbox · Ahorro USDT a 30 días (VIP1)',
        ar: 'بيئة تجريبية · ادخار USDT لمدة 30 يومًا (VIP1)',
        hk: '沙盒 · USDT 30天定期理財（VIP1）',
        zh: '沙盒 · USDT 30天定期理财（VIP1）',
      },
      asset: 'USDT',
      minAmount: '500',
      maxAmount: '50000',
      periodDays: 30,
      dailyRate: '0.0008',
      capacity: '1000000',
      minLevel: 1,
      penaltyRate: '0.02',
    },
  },
];

/**
 * Seeds the sandbox's example products, on sale, each once: the insert names its seed key and
 * does nothing when the key is there, so a restart, or two instances starting at once, add
 * nothing twice, and a product an operator has since changed or paused stays as they left it.
 * Each product inserted gets its audit row (`savings.products.seed`, by the system). Answers how
 * many were inserted.
 */
export async function seedSavingsProducts(db: SavingsDb, assets: SavingsAssets, at: Date): Promise<number> {
  let inserted = 0;
  for (const product of SANDBOX_SAVINGS_PRODUCTS) {
    const values = await checkSavingsProduct(assets, product.fields);
    const isInserted = await db.transaction().execute(async (trx) => {
      const record = await insertSavingsProduct(trx, {
        values,
        status: 'on_sale',
        pausedReason: null,
        seedKey: product.key,
        at,
      });
      if (!record) return false;
      await recordAudit(trx, {
        actorUserId: null,
        action: 'savings.products.seed',
        targetType: 'savings_product',
        targetId: record.id,
        before: null,
        after: auditedSavingsProduct(record),
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
