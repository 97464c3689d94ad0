import { ledgerAssetDecimals } from '../modules/ledger/index.js';
import { seedLendingCapital, seedLoanSettings } from '../modules/lending/index.js';
import type { Clock } from '../platform/clock.js';
import { createTestApp, type TestApp } from './test-app.js';

/** Polls `condition` every 50 ms until it holds, or fails after `ms`. */
async function waitUntil(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The platform as the loan tests need it: BTCUSDT on the test feed (only the test's own prices,
 * at the test's clock), borrowers staying signed in while the clock moves on by months, sealed
 * files under `dataDir`, the sandbox's loan products and lending capital; answered once this app
 * runs the market feeds (only that instance acts on a crossed LTV, and on a loaded machine it may
 * take a moment to win the feed lock). Answers the app and the products' ids.
 */
export async function createLendingTestApp(options: {
  clock: Clock;
  dataDir: string;
  fileStoreKey: string;
}): Promise<{ testApp: TestApp; cryptoSettingId: string; unsecuredSettingId: string }> {
  const testApp = await createTestApp(
    {
      MARKET_FEED: 'test',
      MARKET_TEST_CODES: 'BTCUSDT',
      MARKET_STALE_AFTER_MS: '3600000',
      SESSION_IDLE_DAYS: '365',
      DATA_DIR: options.dataDir,
      FILE_STORE_KEY: options.fileStoreKey,
    },
    undefined,
    { clock: options.clock },
  );
  await waitUntil(() => testApp.app.services.marketHub.ownsFeeds, 60_000);
  const db = testApp.database.db;
  await seedLoanSettings(db, { assetDecimals: (code) => ledgerAssetDecimals(db, code) }, options.clock.now());
  const usdtDecimals = (await ledgerAssetDecimals(db, 'USDT')) ?? 6;
  await db.transaction().execute((trx) => seedLendingCapital(trx, usdtDecimals));
  const settings = await db.selectFrom('lending_loan_settings').select(['id', 'kind']).execute();
  return {
    testApp,
    cryptoSettingId: settings.find((row) => row.kind === 'crypto_backed')?.id ?? '',
    unsecuredSettingId: settings.find((row) => row.kind === 'unsecured')?.id ?? '',
  };
}
