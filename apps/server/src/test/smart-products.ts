import { LANGUAGES } from '@openbourse/contracts';
import type { PlansDb } from '../modules/plans/index.js';

/**
 * A plan product for a test, enabled, inserted as an operator's create would leave it: MA
 * crossover on BTCUSDT, 100–50,000 USDT for 7 or 30 days, a 1% early-exit fee. `overrides`
 * change any column (strategy, params, code, interval, fee, level).
 */
export async function insertSmartProductForTests(
  db: PlansDb,
  overrides: Partial<{
    strategy: 'ma-crossover' | 'bollinger-reversion' | 'atr-breakout';
    params: Record<string, number | boolean>;
    code: string;
    intervalMinutes: number;
    leverage: number;
    marginShare: string;
    exitFeeRate: string;
    minLevel: number;
    days: number[];
  }> = {},
): Promise<string> {
  const names = Object.fromEntries(LANGUAGES.map((language) => [language, `Test plan (${language})`]));
  const row = await db
    .insertInto('plans_products')
    .values({
      names: JSON.stringify(names),
      strategy: overrides.strategy ?? 'ma-crossover',
      params: JSON.stringify(overrides.params ?? { fast: 50, slow: 200 }),
      code: overrides.code ?? 'BTCUSDT',
      interval_minutes: overrides.intervalMinutes ?? 15,
      leverage: overrides.leverage ?? 2,
      margin_share: overrides.marginShare ?? '0.5',
      min_amount: '100000000',
      max_amount: '50000000000',
      days: overrides.days ?? [7, 30],
      exit_fee_rate: overrides.exitFeeRate ?? '0.01',
      min_level: overrides.minLevel ?? 0,
      enabled: true,
      backtest_version: null,
      backtest: null,
      backtest_error: null,
      seed_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
