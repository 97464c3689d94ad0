import { fixedClock } from '../platform/clock.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The sandbox feed kept quiet: no simulated past, and a tick only once a minute, so a test's prices hold. */
export const QUIET_SANDBOX_FEED = {
  MARKET_FEED: 'sandbox',
  MARKET_SANDBOX_INTERVAL_MS: '60000',
  MARKET_SANDBOX_BACKFILL_MINUTES: '0',
} as const;

/**
 * The platform trading at a fixed instant: the quiet sandbox feed, the clock fixed at `at` (epoch
 * milliseconds; pick an hour the instruments trade), and each price of `prices` (code → decimal
 * string, e.g. `{ BTCUSDT: '65000' }`) come through the hub a second before it. Resolves once the
 * trading engine has taken them.
 */
export async function createPricedTestApp({
  at,
  prices,
}: {
  at: number;
  prices: Readonly<Record<string, string>>;
}): Promise<TestApp> {
  const testApp = await createTestApp(QUIET_SANDBOX_FEED, undefined, { clock: fixedClock(new Date(at)) });
  testApp.app.services.marketHub.ingest(
    'sandbox',
    Object.entries(prices).map(([code, price]) => ({ code, price, time: at - 1000 })),
  );
  await testApp.app.services.tradingEngine.idle();
  return testApp;
}
