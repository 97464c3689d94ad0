import type { OptionsDb } from '../modules/options/index.js';

/**
 * A BTCUSDT call for a test, on sale: the product (enabled; inserted once, as an operator's create
 * and enable would leave it), an expiry a day from `now`, and its 65,000 call capped at 6,500 a
 * unit on 0.001 BTC contracts (6.5 USDT at most a contract). Answers the series id.
 */
export async function insertOptionsSeriesForTests(db: OptionsDb, now: Date): Promise<string> {
  await db
    .insertInto('options_products')
    .values({
      code: 'BTCUSDT',
      asset: 'USDT',
      schedules: [],
      expiry_minute_of_day: 480,
      strike_step: '1000',
      strikes_each_side: 1,
      contract_size: '0.001',
      call_cap_share: '0.1',
      spread_rate: '0.04',
      min_premium: '0.01',
      fee_rate: '0.003',
      rate: '0.04',
      volatility_floor: '0.5',
      volatility_cap: '1.5',
      volatility_window_minutes: 60,
      volatility_lambda: '0.97',
      series_reserve_limit: '100000',
      max_contracts_per_order: 100,
      settlement_window_minutes: 5,
      sales_cutoff_minutes: 5,
      enabled: true,
      seed_key: 'test-btc-options',
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
  const product = await db
    .selectFrom('options_products')
    .select('id')
    .where('code', '=', 'BTCUSDT')
    .executeTakeFirstOrThrow();
  const expiresAt = new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 86_400_000);
  const expiry = await db
    .insertInto('options_expiries')
    .values({
      product_id: product.id,
      code: 'BTCUSDT',
      asset: 'USDT',
      expires_at: expiresAt,
      sales_close_at: new Date(expiresAt.getTime() - 5 * 60_000),
      settlement_window_minutes: 5,
      listed_spot: '65000',
      listed_source: 'sandbox',
    })
    .onConflict((conflict) => conflict.columns(['product_id', 'expires_at']).doUpdateSet({ listed_source: 'sandbox' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const series = await db
    .insertInto('options_series')
    .values({
      expiry_id: expiry.id,
      type: 'call',
      strike: '65000',
      cap: '6500',
      contract_size: '0.001',
      max_payout: '6.5',
    })
    .onConflict((conflict) => conflict.columns(['expiry_id', 'type', 'strike']).doUpdateSet({ max_payout: '6.5' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return series.id;
}
