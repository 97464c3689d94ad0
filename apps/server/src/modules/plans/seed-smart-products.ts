import { LANGUAGES, type Language, type TSmartProductCreateRequest } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { PlanMarket, PlansDb } from './plans.context.js';
import { checkSmartProduct, productColumns } from './smart-product-rules.js';
import { auditedSmartProduct } from './smart-product-wire.js';
import { insertSeedProduct } from './smart-products.repository.js';

type SeedProduct = {
  key: string;
  fields: Omit<TSmartProductCreateRequest, 'reason' | 'names'>;
  name: Record<Language, string>;
};

/** "Sandbox example: …" in each language: a seeded product is labelled as what it is (SPEC §9). */
const SANDBOX_LABEL: Record<Language, string> = {
  en: 'Sandbox example',
  ja: 'サンドボックスの例',
  ko: '샌드박스 예시',
  de: 'Sandbox-Beispiel',
  fr: 'Exemple de bac à sable',
  it: 'Esempio sandbox',
  es: 'Ejemplo de sandbox',
  ar: 'مثال تجريبي',
  hk: '沙盒示例',
  zh: '沙盒示例',
};

const named = (names: Record<Language, string>) =>
  Object.fromEntries(
    LANGUAGES.map((language) => [language, `${SANDBOX_LABEL[language]}: ${names[language]}`]),
  ) as Record<Language, string>;

/**
 * The sandbox's example plan products (SPEC §9; production seeds none), one per strategy, each
 * backtested in the background once the server is up.
 */
export const SANDBOX_SMART_PRODUCTS: readonly SeedProduct[] = [
  {
    key: 'sandbox-btc-trend',
    name: named({
      en: 'BTC trend following (MA 50/200)',
      ja: 'BTC トレンドフォロー（MA 50/200）',
      ko: 'BTC 추세 추종 (MA 50/200)',
      de: 'BTC-Trendfolge (MA 50/200)',
      fr: 'Suivi de tendance BTC (MM 50/200)',
      it: 'Trend following BTC (MA 50/200)',
      es: 'Seguimiento de tendencia BTC (MM 50/200)',
      ar: 'تتبع اتجاه BTC (متوسط 50/200)',
      hk: 'BTC 趨勢跟隨（MA 50/200）',
      zh: 'BTC 趋势跟随（MA 50/200）',
    }),
    fields: {
      strategy: 'ma-crossover',
      params: { fast: 50, slow: 200 },
      code: 'BTCUSDT',
      intervalMinutes: 15,
      leverage: 2,
      marginShare: '0.5',
      minAmount: '100',
      maxAmount: '50000',
      days: [7, 30, 90],
      exitFeeRate: '0.01',
      minLevel: 0,
    },
  },
  {
    key: 'sandbox-eth-reversion',
    name: named({
      en: 'ETH mean reversion (Bollinger)',
      ja: 'ETH 平均回帰（ボリンジャー）',
      ko: 'ETH 평균 회귀 (볼린저)',
      de: 'ETH-Mean-Reversion (Bollinger)',
      fr: 'Retour à la moyenne ETH (Bollinger)',
      it: 'Ritorno alla media ETH (Bollinger)',
      es: 'Reversión a la media ETH (Bollinger)',
      ar: 'الارتداد إلى المتوسط ETH (بولينجر)',
      hk: 'ETH 均值回歸（布林帶）',
      zh: 'ETH 均值回归（布林带）',
    }),
    fields: {
      strategy: 'bollinger-reversion',
      params: {},
      code: 'ETHUSDT',
      intervalMinutes: 5,
      leverage: 2,
      marginShare: '0.3',
      minAmount: '100',
      maxAmount: '20000',
      days: [3, 7, 14],
      exitFeeRate: '0.005',
      minLevel: 0,
    },
  },
  {
    key: 'sandbox-btc-breakout',
    name: named({
      en: 'BTC breakout with ATR stops',
      ja: 'BTC ブレイクアウト（ATR ストップ）',
      ko: 'BTC 돌파 (ATR 손절)',
      de: 'BTC-Ausbruch mit ATR-Stopps',
      fr: 'Cassure BTC avec stops ATR',
      it: 'Breakout BTC con stop ATR',
      es: 'Ruptura BTC con stops ATR',
      ar: 'اختراق BTC مع إيقاف ATR',
      hk: 'BTC 突破（ATR 止損）',
      zh: 'BTC 突破（ATR 止损）',
    }),
    fields: {
      strategy: 'atr-breakout',
      params: {},
      code: 'BTCUSDT',
      intervalMinutes: 60,
      leverage: 2,
      marginShare: '0.4',
      minAmount: '200',
      maxAmount: '100000',
      days: [14, 30, 60],
      exitFeeRate: '0.01',
      minLevel: 1,
    },
  },
];

/**
 * Seeds the sandbox's example plan products, enabled, each once (its seed key): a restart or two
 * instances starting at once add nothing twice, and a product an operator changed stays as they
 * left it. Each insert is audited (`plans.products.seed`, by the system). Answers how many were added.
 */
export async function seedSmartProducts(db: PlansDb, market: PlanMarket, at: Date): Promise<number> {
  let inserted = 0;
  for (const product of SANDBOX_SMART_PRODUCTS) {
    if (!market.instrument(product.fields.code)) continue;
    const values = checkSmartProduct(market, { ...product.fields, names: product.name });
    await db.transaction().execute(async (trx) => {
      const row = await insertSeedProduct(trx, {
        ...productColumns(values),
        enabled: true,
        backtest_version: null,
        backtest: null,
        backtest_error: null,
        seed_key: product.key,
        created_at: at,
        updated_at: at,
      });
      if (!row) return;
      inserted += 1;
      await recordAudit(trx, {
        actorUserId: null,
        action: 'plans.products.seed',
        targetType: 'smart_product',
        targetId: row.id,
        before: null,
        after: auditedSmartProduct(row),
        reason: 'sandbox example product',
        requestId: null,
        ip: null,
      });
    });
  }
  return inserted;
}
