import type { OptionsExpirySchedule } from '@openbourse/contracts';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { OptionsContext } from './options.context.js';
import { insertProduct, type OptionsProductValues } from './options-products.repository.js';

type SeedProduct = { key: string; values: Omit<OptionsProductValues, 'asset'> };

const common = {
  schedules: ['daily', 'weekly'] as OptionsExpirySchedule[],
  // 08:00 UTC, the usual crypto options expiry.
  expiryMinuteOfDay: 480,
  strikesEachSide: 8,
  callCapShare: '0.1',
  spreadRate: '0.04',
  minPremium: '0.01',
  feeRate: '0.003',
  rate: '0.04',
  volatilityFloor: '0.3',
  volatilityCap: '1.5',
  volatilityWindowMinutes: 1440,
  volatilityLambda: '0.97',
  seriesReserveLimit: '100000',
  maxContractsPerOrder: 1000,
  settlementWindowMinutes: 5,
  salesCutoffMinutes: 5,
};

/**
 * The sandbox's example options (SPEC §9; production seeds none): daily and weekly BTCUSDT and
 * ETHUSDT calls and puts, on sale at once. Their expiries are listed by the upkeep once the
 * underlying has a fresh price; their reserves come from the sandbox's live USDT treasury.
 */
export const SANDBOX_OPTIONS_PRODUCTS: readonly SeedProduct[] = [
  { key: 'sandbox-btc-options', values: { ...common, code: 'BTCUSDT', strikeStep: '1000', contractSize: '0.001' } },
  { key: 'sandbox-eth-options', values: { ...common, code: 'ETHUSDT', strikeStep: '50', contractSize: '0.01' } },
];

/** Seeds each example once (by its key), with an audit row by the system; answers how many were added. */
export async function seedOptionsProducts(ctx: OptionsContext): Promise<number> {
  let added = 0;
  for (const seed of SANDBOX_OPTIONS_PRODUCTS) {
    const instrument = ctx.market.instrument(seed.values.code);
    if (!instrument || (await ctx.assets.assetDecimals(instrument.asset)) === null) continue;
    await ctx.db.transaction().execute(async (trx) => {
      const product = await insertProduct(
        trx,
        { ...seed.values, asset: instrument.asset },
        { enabled: true, seedKey: seed.key, at: ctx.clock.now() },
      );
      if (!product) return;
      added += 1;
      await recordAudit(trx, {
        actorUserId: null,
        action: 'options.products.seed',
        targetType: 'options_product',
        targetId: product.id,
        before: null,
        after: { code: product.code, seedKey: seed.key },
        reason: 'sandbox example (SPEC §9)',
        requestId: null,
        ip: null,
      });
    });
  }
  return added;
}
