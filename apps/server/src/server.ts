import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createAppDatabase as createDatabase } from './database.js';
import { seedContent } from './modules/content/index.js';
import { ledgerAssetDecimals } from './modules/ledger/index.js';
import { seedLendingCapital, seedLoanSettings } from './modules/lending/index.js';
import { seedMarket } from './modules/market/index.js';
import { seedSavingsProducts } from './modules/savings/index.js';
import { systemClock } from './platform/clock.js';
import { migrate } from './platform/db/migrate.js';
import { provisionDatabase } from './platform/db/provision.js';

/**
 * Entry point: config → database (embedded when DATABASE_URL is unset) → migrations under an
 * advisory lock → idempotent seed → buildApp → listen → slow start-up work (the sandbox's
 * simulated past), which /readyz names until it is done. SIGTERM/SIGINT close gracefully:
 * stop accepting, finish in-flight requests, close the pool, stop the embedded server.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const startupLog = (line: string) => process.stdout.write(`[openbourse] ${line}\n`);
  const database = await provisionDatabase(config, startupLog);
  const { applied } = await migrate(database.connectionString);
  startupLog(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  const db = createDatabase(database.connectionString);
  await seedContent(db);
  await seedMarket(db);
  // SPEC §9: a sandbox seeds its example loan products (each once); production seeds none.
  if (config.DEPLOYMENT_MODE === 'sandbox') {
    await seedLoanSettings(db, { assetDecimals: (code) => ledgerAssetDecimals(db, code) }, systemClock.now());
    // The treasury the sandbox's loans are paid from, from a clearing account named for it (once).
    const usdtDecimals = await ledgerAssetDecimals(db, 'USDT');
    if (usdtDecimals !== null) await db.transaction().execute((trx) => seedLendingCapital(trx, usdtDecimals));
    // Its example savings products (each once); their promised interest is reserved from that same
    // live USDT treasury, so no second capital is needed.
    await seedSavingsProducts(db, { assetDecimals: (code) => ledgerAssetDecimals(db, code) }, systemClock.now());
  }

  const app = await buildApp({ config, db, connectionString: database.connectionString });
  // SPEC §9: the sandbox's example smart plan products (each once), backtested in the background.
  if (config.DEPLOYMENT_MODE === 'sandbox') {
    await app.services.plans.seedSandbox();
    // Its example options (each once); their expiries list once BTC and ETH have fresh prices.
    await app.services.options.seedSandbox();
    // Its example canned replies for the support inbox, in every language (each once).
    await app.services.support.seedSandbox();
  }
  if (!config.SMTP_URL) {
    app.log.warn(
      'SMTP_URL is not set: mails (verification codes) wait in the mail_outbox table, unsent (development only)',
    );
  }
  if (config.DEPLOYMENT_MODE === 'sandbox') {
    app.log.warn('DEPLOYMENT_MODE=sandbox: this deployment shows sandbox data and moves no real money');
  }

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => {
      app.log.error('graceful shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    forceExit.unref();
    try {
      await app.close();
      await db.destroy();
      await database.embedded?.stop();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  startupLog(
    `serving on http://${config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST}:${config.PORT}`,
  );
  // Slow start-up work runs after listening (issue 13, fix 7); /readyz names it until done.
  const loading = app.readiness.loading();
  if (loading.length > 0) {
    startupLog(`still loading: ${loading.join(', ')} (/readyz answers 503 until done)`);
    void app.readiness.settled().then(() => startupLog('ready'));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[openbourse] failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
