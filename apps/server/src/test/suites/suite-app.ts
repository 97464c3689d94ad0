import { parseAmount } from '@openbourse/money';
import { transfer } from '../../modules/ledger/index.js';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * The platform as the generated suites call it: the sandbox feed quiet (no simulated past, a
 * tick a minute) and one live BTCUSDT price, so a well-formed open can reach the ledger. That
 * price counts as fresh for an hour: on a loaded machine a suite outlives the 15 s default, and
 * a close late in the run would be refused as stale (10015) instead of answering its access cell.
 */
export async function createSuiteApp(): Promise<TestApp> {
  const testApp = await createTestApp({
    MARKET_FEED: 'sandbox',
    MARKET_SANDBOX_INTERVAL_MS: '60000',
    MARKET_SANDBOX_BACKFILL_MINUTES: '0',
    MARKET_STALE_AFTER_MS: '3600000',
  });
  testApp.app.services.marketHub.ingest('sandbox', [{ code: 'BTCUSDT', price: '65000', time: Date.now() }]);
  return testApp;
}

/** Credits a user's live USDT from treasury (a deposit, as the payments issue will make them). */
export async function fundLive(testApp: TestApp, userId: string, amount: string): Promise<void> {
  await testApp.database.db.transaction().execute((trx) =>
    transfer(trx, {
      book: 'live',
      asset: 'USDT',
      from: { kind: 'treasury' },
      to: { kind: 'available', userId },
      amount: parseAmount(amount, 6),
      reason: 'deposit',
      idempotencyKey: `suite-deposit:${userId}`,
    }),
  );
}
