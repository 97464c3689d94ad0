import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import { Decimal } from '@openbourse/money';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type preHandlerHookHandler,
} from 'fastify';
import { Redis } from 'ioredis';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppConfig } from './config.js';
import type { Db } from './database.js';
import { createAdminModule } from './modules/admin/index.js';
import { type AlertEngine, createAlertsModule } from './modules/alerts/index.js';
import { type ContentService, createContentModule } from './modules/content/index.js';
import {
  activeUsersWithAnyRole,
  createIdentityModule,
  findUserIdByName,
  type IdentityService,
  isUserOnline,
  supportUserFacts,
  userCounts,
  userExists,
  userLevel,
  userNamesByIds,
} from './modules/identity/index.js';
import { createKycModule, type KycService } from './modules/kyc/index.js';
import {
  createLedgerModule,
  getBalances,
  ledgerAssetDecimals,
  resetDemo,
  statementOf,
  systemBalances,
} from './modules/ledger/index.js';
import { createLendingModule, type LendingService, lendingQuote } from './modules/lending/index.js';
import {
  createFeeSchedule,
  createMarketHub,
  createMarketModule,
  type MarketHub,
  type MarketService,
} from './modules/market/index.js';
import { createNotifyModule } from './modules/notify/index.js';
import { createOnboardingModule } from './modules/onboarding/index.js';
import { createOptionsModule, type OptionsService } from './modules/options/index.js';
import { createPaymentsModule } from './modules/payments/index.js';
import { createPlansModule, type PlansService } from './modules/plans/index.js';
import { createReferralModule, type ReferralService } from './modules/referral/index.js';
import { createReviewModule } from './modules/review/index.js';
import { createSavingsModule, type SavingsService } from './modules/savings/index.js';
import { createSupportModule, type SupportService } from './modules/support/index.js';
import {
  createTradingModule,
  type TradingEngine,
  type TradingEvents,
  type TradingService,
} from './modules/trading/index.js';
import { createUploadsModule } from './modules/uploads/index.js';
import { createInProcessClusterBus, createRedisClusterBus } from './platform/bus/cluster-bus.js';
import { type ChainRuntime, chainConfigFrom, createChainRuntime } from './platform/chain/chain-runtime.js';
import { loadOrCreateSandboxKeys, sweepGasPrivateKey } from './platform/chain/hd-keys.js';
import { type Clock, createMovableClock, systemClock } from './platform/clock.js';
import { deriveFieldKey } from './platform/crypto/field-cipher.js';
import { createDatabaseReadiness, pingDatabase } from './platform/db/readiness.js';
import { AppError } from './platform/errors/app-error.js';
import { answerFrameworkError, installErrorHandling } from './platform/errors/error-handler.js';
import { createEventBus } from './platform/events/event-bus.js';
import { createEncryptedFileStore, loadFileStoreKey } from './platform/files/encrypted-file-store.js';
import { type Authenticator, type AuthLevel, isAuthLevel } from './platform/http/auth.js';
import { registerPlatformRoutes } from './platform/http/platform-routes.js';
import { resolveRequestContext } from './platform/http/request-context.js';
import type { RegisteredRoute } from './platform/http/route.js';
import { everyResponseHeaders } from './platform/http/security-headers.js';
import { registerTestClockRoute } from './platform/http/test-clock-route.js';
import { type Alerts, createAlerts } from './platform/jobs/alerts.js';
import { createJobs, type Jobs } from './platform/jobs/jobs.js';
import { createMailer, type Mailer } from './platform/mail/mailer.js';
import { startModules } from './platform/module.js';
import { createHttpMetrics } from './platform/observability/metrics.js';
import { createReadiness, type Readiness, type ReadinessCheck } from './platform/readiness/readiness.js';
import { createRealtime } from './platform/realtime/realtime.js';
import { registerWebApp } from './platform/web/web-app.js';

export const API_PREFIX = '/swx/customer';
/** Back-office API: operator roles only (SPEC §7). */
export const ADMIN_PREFIX = '/swx/admin';
export const APP_VERSION = '0.1.0';

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  /**
   * The database's connection string: singleton workers (chain watcher, sweeper, signer) hold
   * their advisory lock on a connection of their own. Without it this app runs no such worker.
   */
  connectionString?: string;
  clock?: Clock;
  /** The database part of readiness; defaults to "database answers and every migration is applied". */
  readiness?: ReadinessCheck;
  /** Where mail goes; defaults to SMTP_URL, else the development outbox. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
};

export type AppServices = {
  content: ContentService;
  identity: IdentityService;
  market: MarketService;
  marketHub: MarketHub;
  trading: TradingService;
  tradingEngine: TradingEngine;
  clock: Clock;
  jobs: Jobs;
  alerts: Alerts;
  chain: ChainRuntime;
  /** Price alerts' engine (issue 16); `alerts` above is the operators' alerts. */
  alertEngine: AlertEngine;
  /** Identity verification (issue 17): `isVerified` for lending, the retention purge. */
  kyc: KycService;
  /** Loans (issue 17): the upkeep job's work and the LTV engine. */
  lending: LendingService;
  /** Smart trading plans (issue 18): the runner tests drive, the sandbox's seed. */
  plans: PlansService;
  /** Fixed-term savings (issue 18): the accrual job's work. */
  savings: SavingsService;
  /** Options (issue 19): the upkeep's work (listing, settlement), the sandbox's seed. */
  options: OptionsService;
  /** The invite programme (issue 20): the payer tests drive. */
  referral: ReferralService;
  /** The support chat (issue 20): the dashboard's figures, the sandbox's canned replies. */
  support: SupportService;
};

/** Every route Fastify serves, as registered: the route-table test walks this. */
export type RouteTableEntry = { method: string | string[]; url: string; auth: AuthLevel };

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    routeTable: RouteTableEntry[];
    /**
     * What /readyz reports: the database check and the start-up work still loading. The work
     * begins when the server listens; an app only injected into begins it with `begin()`.
     */
    readiness: Readiness;
  }
}

/** Builds the whole platform as a Fastify instance; never listens (server.ts does). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const securityHeaders = everyResponseHeaders({ isProduction: config.NODE_ENV === 'production' });
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      // Never log secrets: tokens, cookies, passwords travel in these places.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.confirmPassword'],
        remove: true,
      },
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeaders);
      reply.header('x-request-id', request.id);
      answerFrameworkError(error, request, reply);
    },
  });

  app.decorate('routeRegistry', [] as RegisteredRoute[]);
  app.decorateRequest('language', config.DEFAULT_LANGUAGE);
  app.decorateRequest('book', 'live');
  app.removeContentTypeParser('text/plain');
  installErrorHandling(app);

  // One hook for what every request needs first: the duration measurement, the security
  // headers and the request id before anything can fail, so refused answers carry them too;
  // then the language and book.
  const metrics = createHttpMetrics();
  app.addHook('onRequest', (request, reply, done) => {
    metrics.track(request, reply);
    reply.headers(securityHeaders);
    reply.header('x-request-id', request.id);
    try {
      resolveRequestContext(request, config.DEFAULT_LANGUAGE);
    } catch (error) {
      done(error as FastifyError);
      return;
    }
    done();
  });

  const clock = options.clock ?? systemClock;
  const startedAt = clock.now();
  // What instances tell each other (ticks, user events, session revocations): Redis pub/sub
  // when there is a Redis, else this process is the whole deployment.
  const clusterBus = config.REDIS_URL
    ? createRedisClusterBus(config.REDIS_URL, app.log, config.REDIS_BUS_PREFIX)
    : createInProcessClusterBus();
  app.addHook('onClose', async () => {
    await clusterBus.close();
  });
  const mailer =
    options.mailer ??
    createMailer(db, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: (line) => app.log.info(line) });
  const nowMs = () => clock.now().getTime();
  const events = createEventBus<TradingEvents>({ log: app.log });
  // Slow start-up work (the sandbox's simulated past) runs after listening; /readyz names it
  // until it is done (issue 13, fix 7). The database check is asked on every /readyz.
  const readiness = createReadiness(app.log);
  readiness.addCheck('database', options.readiness ?? createDatabaseReadiness(db));
  app.decorate('readiness', readiness);
  app.addHook('onListen', async () => {
    readiness.begin();
  });
  // Durable background work (platform/jobs) and operator alerts (issue 15). Jobs run where the
  // role includes the worker; every role may enqueue.
  const jobs = createJobs({ db, log: app.log, clock, registry: metrics.registry });
  const alerts = createAlerts({ db, log: app.log, clock, registry: metrics.registry });
  app.addHook('onListen', async () => {
    if (config.SERVER_ROLE !== 'api') await jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  // The chains (issue 15): configured RPC networks, and in a sandbox the local node, which starts
  // after listening (readiness names it `chain` until it is up).
  const chain = createChainRuntime({ config: chainConfigFrom(config), log: app.log, startup: readiness });
  app.addHook('onClose', async () => {
    await chain.stop();
  });

  // The modules, in dependency order: each gets the others' public services it needs (deps)
  // and nothing else. The market hub comes first: trading arms its levels on the hub's prices,
  // and the market's stats read trading's volume.
  const marketHub = createMarketHub({
    db,
    config: {
      feeds: config.MARKET_FEED,
      replayDir: config.MARKET_REPLAY_DIR,
      replaySpeed: config.MARKET_REPLAY_SPEED,
      sandboxIntervalMs: config.MARKET_SANDBOX_INTERVAL_MS,
      sandboxBackfillMinutes: config.MARKET_SANDBOX_BACKFILL_MINUTES,
      binanceUrl: config.BINANCE_WS_URL,
      testCodes: config.MARKET_TEST_CODES,
      staleAfterMs: config.MARKET_STALE_AFTER_MS,
      candleFlushMs: config.MARKET_CANDLE_FLUSH_MS,
      ownershipRetryMs: 5000,
    },
    cluster: clusterBus,
    log: app.log,
    now: nowMs,
    startup: readiness,
  });
  // One fee schedule for what the ticket shows and what trading charges.
  const feeSchedule = createFeeSchedule(db, nowMs);
  // Onboarding (issue 16): the first choice and the appropriateness answers a live open needs.
  const onboarding = createOnboardingModule({ db, clock, apiPrefix: API_PREFIX });
  const trading = createTradingModule({
    db,
    hub: marketHub,
    feeSchedule,
    events,
    log: app.log,
    now: nowMs,
    registry: metrics.registry,
    apiPrefix: API_PREFIX,
    usdIsUsdt: config.TRADING_USD_IS_USDT,
    appropriateness: onboarding.service,
    // Filled late: the options module is made further down (it prices from the hub, as trading does).
    otherOrders: { latestOptions: (userId, book) => optionsModule.service.latestOrders(userId, book) },
  });
  // Review queues (#14): the kinds' modules queue items through it and plug their handlers in.
  const review = createReviewModule({
    db,
    clock,
    prices: marketHub,
    userNames: { namesOf: (userIds) => userNamesByIds(db, userIds) },
    adminPrefix: ADMIN_PREFIX,
  });
  const ledger = createLedgerModule({
    db,
    clock,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    users: { userExists },
    demoPositions: trading.service,
    reviews: review.service,
    adjustReviewThreshold: config.ADJUST_REVIEW_THRESHOLD,
  });
  review.service.registerHandler(ledger.service.adjustmentReview);
  // Uploaded images (payment proofs, later KYC and support chat), encrypted at rest; operators
  // read one only while a review item of a kind they may decide holds it.
  // One master key (FILE_STORE_KEY, or the sandbox's generated one) seals the files and, through a
  // key derived from it, kyc's personal fields.
  const filesDir = path.join(config.DATA_DIR, 'files');
  const fileStoreKey = await loadFileStoreKey({ dir: filesDir, key: config.FILE_STORE_KEY });
  const uploads = createUploadsModule({
    db,
    store: createEncryptedFileStore({ dir: filesDir, key: fileStoreKey }),
    clock,
    maxBytes: config.UPLOAD_MAX_BYTES,
    fileHolders: review.service,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
  });
  const identity = createIdentityModule({
    db,
    apiPrefix: API_PREFIX,
    options: {
      mailer,
      clock,
      walletOnly: config.WALLET_ONLY,
      demoEnabled: config.DEMO_ENABLED,
      accessGuard: config.ACCESS_GUARD,
      captchaEnabled: config.CAPTCHA_ENABLED,
      captchaDifficulty: config.CAPTCHA_DIFFICULTY,
      sessionIdleDays: config.SESSION_IDLE_DAYS,
      adminSessionIdleMinutes: config.ADMIN_SESSION_IDLE_MINUTES,
      googleEnabled: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) && !config.WALLET_ONLY,
      money: ledger.service,
      bus: clusterBus,
      // usdtAllowed / usdcAllowed: a wallet linked on a network carrying the token (payments,
      // created below; asked per request only).
      walletLinks: {
        walletAuthorizations: (userId: string) =>
          payments.service.deposits?.walletAuthorizations(userId) ??
          Promise.resolve({ usdtAllowed: false, usdcAllowed: false }),
      },
      // firstName / lastName: the user's verification (kyc, created below; asked per request only).
      realNames: { ownRealName: (userId: string) => kyc.service.ownRealName(userId) },
      // An invited user's registration is the invite programme's Register step (referral, created below).
      invitations: { invitedUserRegistered: (trx, userId) => referral.service.invitedUserRegistered(trx, userId) },
    },
    google: {
      issuer: config.GOOGLE_ISSUER,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      walletOnly: config.WALLET_ONLY,
    },
    wallet: { clock, publicOrigin: config.PUBLIC_ORIGIN, allowTestnets: config.WALLET_ALLOW_TESTNETS },
  });
  // The one socket and the one way to push to a user (platform/realtime): modules add channels.
  const realtime = createRealtime({
    cluster: clusterBus,
    log: app.log,
    sessions: identity.service,
  });
  // Notifications (issue 15): written in the money movement's transaction, pushed after commit.
  const notify = createNotifyModule({
    db,
    apiPrefix: API_PREFIX,
    clock,
    realtime,
    mailer,
    recipients: identity.service,
    defaultLanguage: config.DEFAULT_LANGUAGE,
    log: app.log,
  });
  // Identity verification (issue 17): sealed personal fields, the `kyc` queue kind, the user's
  // status through identity's face, the retention job on the platform's queue.
  const kyc = createKycModule({
    db,
    clock,
    masterKey: fileStoreKey,
    reviews: review.service,
    identity: identity.service,
    uploads: uploads.service,
    jobs,
    retentionDays: config.KYC_RETENTION_DAYS,
    apiPrefix: API_PREFIX,
    log: app.log,
  });
  review.service.registerHandler(kyc.service.reviewHandler);
  // Price alerts (issue 16): fired from the hub's ticks, told to the user through notify's table.
  const priceAlerts = createAlertsModule({
    db,
    hub: marketHub,
    cluster: clusterBus,
    realtime,
    clock,
    apiPrefix: API_PREFIX,
    log: app.log,
  });
  // Loans (issue 17): the settings, the loans (agreements sealed in the file store, the borrower's
  // name sealed with a key derived from its master key), the `loan` and `repayment` queue kinds,
  // the LTV engine on the hub's ticks, the upkeep job on the platform's queue.
  const lending = createLendingModule({
    db,
    assets: { assetDecimals: (code) => ledgerAssetDecimals(db, code) },
    clock,
    masterKey: fileStoreKey,
    files: createEncryptedFileStore({ dir: filesDir, key: fileStoreKey }),
    kyc: {
      isVerified: (userId) => kyc.service.isVerified(userId),
      verifiedName: async (userId) => {
        if (!(await kyc.service.isVerified(userId))) return null;
        const names = await kyc.service.ownRealName(userId);
        return names ? `${names.firstName} ${names.lastName}` : null;
      },
    },
    uploads: { ownFile: (fileId, userId) => uploads.service.ownFile(fileId, userId) },
    prices: { quote: (base, quoteAsset) => lendingQuote(marketHub, base, quoteAsset) },
    ticks: {
      onTicks: (listener) => marketHub.onTicks(listener),
      get ownsFeeds() {
        return marketHub.ownsFeeds;
      },
      pairOf: (code) => {
        const instrument = marketHub.instrument(code);
        return instrument ? { base: instrument.base_currency, quote: instrument.quote_currency } : undefined;
      },
      isStale: (code) => marketHub.isStale(code),
    },
    reviews: review.service,
    jobs,
    cluster: clusterBus,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    log: app.log,
  });
  for (const handler of lending.service.reviewHandlers) review.service.registerHandler(handler);
  // Fixed-term savings (issue 18): the products, subscriptions reserving the promised interest from
  // the treasury, the accrual job on the platform's queue. A test deployment (TEST_CLOCK) gives it
  // a clock the journeys move forward; sessions, two-factor codes and the jobs keep the real time.
  const savingsClock = config.TEST_CLOCK ? createMovableClock(clock) : null;
  const savings = createSavingsModule({
    db,
    assets: { assetDecimals: (code) => ledgerAssetDecimals(db, code) },
    clock: savingsClock ?? clock,
    jobsClock: clock,
    jobs,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    log: app.log,
  });
  const market = createMarketModule({
    db,
    hub: marketHub,
    feeSchedule,
    tradedVolume: trading.service,
    realtime,
    now: nowMs,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    cluster: clusterBus,
    log: app.log,
    usdSettledAsUsdt: config.TRADING_USD_IS_USDT,
    serveTestFeed: config.MARKET_FEED.includes('test'),
  });
  const content = createContentModule({
    db,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    bus: clusterBus,
    clock,
    deploymentMode: config.DEPLOYMENT_MODE,
    defaultLanguage: config.DEFAULT_LANGUAGE,
    aboutContentId: config.ABOUT_CONTENT_ID,
    supportChatUrl: config.SUPPORT_CHAT_URL,
    publicOrigin: config.PUBLIC_ORIGIN,
    supportEmail: config.SUPPORT_EMAIL,
  });
  // The invite programme (issue 20): steps, the inviter's page, rewards from a reserved budget.
  const referral = createReferralModule({
    db,
    clock,
    jobs,
    payEveryMs: config.INVITE_REWARDS_EVERY_MS,
    publicOrigin: config.PUBLIC_ORIGIN ?? null,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    log: app.log,
  });
  // The support chat (issue 20): conversations with the agents, realtime through the gateway and
  // a visitor channel of its own; the context panel from identity and kyc (SPEC §6).
  const support = createSupportModule({
    db,
    clock,
    identity: {
      namesOf: (userIds) => userNamesByIds(db, userIds),
      userFacts: (userId) => supportUserFacts(db, userId),
      agents: () => activeUsersWithAnyRole(db, ['support', 'admin'], clock.now()),
      isOnline: (userId) => isUserOnline(db, userId, clock.now()),
      verifyCaptcha: (captcha) => identity.service.verifyCaptcha(captcha),
    },
    kyc: {
      isVerified: (userId) => kyc.service.isVerified(userId),
      realName: (userId, viewer) => kyc.service.operatorRealName(userId, { ...viewer, via: 'support.context' }),
    },
    uploads: {
      belongsTo: (fileId, userId) => uploads.service.belongsTo(fileId, userId),
      fileBytes: (fileId) => uploads.service.fileBytes(fileId),
    },
    realtime,
    cluster: clusterBus,
    mailer,
    publicOrigin: config.PUBLIC_ORIGIN ?? null,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    log: app.log,
  });
  const admin = createAdminModule({
    db,
    adminPrefix: ADMIN_PREFIX,
    users: { findUserIdByName, userNamesByIds, userExists },
    userAdministration: identity.service,
    dashboard: {
      userCounts,
      systemBalances,
      trading: trading.service,
      reviews: review.service,
      market: market.service,
      marketHub,
      health: { startedAt, database: () => pingDatabase(db), redis: () => clusterBus.ping(), readiness },
      jobs,
      alerts,
      support: support.service,
      clock,
    },
    userLedger: { statementOf, getBalances, resetDemo },
    userTrading: trading.service,
    // The user page's real name: opened by kyc (created below), each opening audit-logged.
    realNames: { operatorRealName: (userId, viewer) => kyc.service.operatorRealName(userId, viewer) },
  });
  // Payments (issue 15): settings, deposits (addresses, watcher, claims, sweeps) and withdrawals.
  // The private keys are read only where the role includes the worker, which also needs its own
  // lock connection; a sandbox with its local chain generates the keys once (DATA_DIR/chain).
  const isWorker = config.SERVER_ROLE !== 'api' && options.connectionString !== undefined;
  const sandboxKeys = config.CHAIN_LOCAL_NODE && !config.DEPOSIT_XPUB ? loadOrCreateSandboxKeys(config.DATA_DIR) : null;
  const depositXpub = config.DEPOSIT_XPUB ?? sandboxKeys?.depositXpub ?? null;
  const depositXprv = isWorker ? (config.DEPOSIT_XPRV ?? sandboxKeys?.depositXprv ?? null) : null;
  const hotWalletKey = isWorker
    ? ((config.WITHDRAWAL_SIGNER_KEY as `0x${string}` | undefined) ?? sandboxKeys?.withdrawalSignerKey ?? null)
    : null;
  const hotWalletAddress = hotWalletKey ? privateKeyToAccount(hotWalletKey).address : null;
  const payments = createPaymentsModule({
    db,
    adminPrefix: ADMIN_PREFIX,
    deposits: {
      db,
      apiPrefix: API_PREFIX,
      clock,
      log: app.log,
      chains: chain,
      depositXpub,
      depositXprv,
      hotWalletAddress,
      btcAddress: config.DEPOSIT_ADDRESS_BTC ?? null,
      tron: chain.tron,
      tronUsdtContract: config.CHAIN_TOKEN_USDT_TRON,
      sandbox: config.DEPLOYMENT_MODE === 'sandbox',
      reviews: review.service,
      alerts,
      lockConnection: { connectionString: options.connectionString ?? '' },
      worker: isWorker,
    },
    withdrawals: {
      db,
      clock,
      apiPrefix: API_PREFIX,
      mailer,
      chain,
      reviews: review.service,
      totp: identity.service,
      log: app.log,
      alerts,
      worker: isWorker,
      config: {
        coolingHours: config.WITHDRAWAL_ADDRESS_COOLING_HOURS,
        minUsdt: config.WITHDRAWAL_MIN_USDT,
        dropAfterMs: config.WITHDRAWAL_DROP_AFTER_MS,
        pollMs: config.WITHDRAWAL_SIGNER_POLL_MS,
        lowGasWei: config.WITHDRAWAL_LOW_GAS_WEI,
        publicOrigin: config.PUBLIC_ORIGIN,
        signerKey: hotWalletKey,
        lockConnectionString: options.connectionString,
      },
    },
    sandboxGas:
      config.CHAIN_LOCAL_NODE && hotWalletAddress && depositXprv
        ? {
            chain,
            wallets: [hotWalletAddress, privateKeyToAccount(sweepGasPrivateKey(depositXprv)).address],
            log: app.log,
          }
        : undefined,
    faucet: {
      chain,
      apiPrefix: API_PREFIX,
      deploymentMode: config.DEPLOYMENT_MODE,
      localChain: config.CHAIN_LOCAL_NODE,
    },
  });
  if (payments.service.deposits) review.service.registerHandler(payments.service.deposits.depositReview);
  if (payments.service.withdrawals) review.service.registerHandler(payments.service.withdrawals.reviewHandler);
  // Smart trading plans (issue 18): products with their backtests, plans trading from their own
  // ledger subaccounts through the trading engine, decided on the instance running the feeds.
  const plans = createPlansModule({
    db,
    clock,
    market: {
      instrument: (code) => {
        const instrument = marketHub.instrument(code);
        if (!instrument?.enabled) return null;
        return {
          code: instrument.code,
          contractSize: instrument.contract_size,
          tickSize: instrument.tick_size,
          lotStep: instrument.lot_step,
          minLots: instrument.min_lots,
          maxLots: instrument.max_lots,
          leverageCap: instrument.leverage_cap,
          quoteCurrency: instrument.quote_currency,
          assetClass: instrument.asset_class,
          feed: instrument.feed,
        };
      },
      price: (code) => marketHub.state(code)?.price ?? null,
      isStale: (code) => marketHub.isStale(code),
      isTradableNow: (code) => {
        const instrument = marketHub.instrument(code);
        return instrument !== undefined && marketHub.isTradableAt(instrument, clock.now());
      },
      minuteCandles: (code, from, to) => market.service.minuteCandles(code, from, to),
      feeRate: (assetClass) => feeSchedule.rateOf(assetClass),
    },
    trading: {
      open: (userId, subaccount, request) =>
        trading.service.openForPlan(userId, subaccount, request).then((row) => ({ orderNo: row.order_no })),
      close: async (subaccount, orderNo) => {
        await trading.service.closeForPlan(subaccount, orderNo);
      },
      positions: async (userId, subaccount, which) =>
        (
          await trading.service.subaccountPositions(
            userId,
            subaccount,
            which === 'open' ? ['open'] : ['open', 'closed', 'cancelled'],
          )
        ).map((row) => trading.service.toWire(row)),
      funds: async (userId, subaccount) => {
        const summary = await trading.service.accountSummary(userId, 'live', subaccount);
        const minor = (value: string) => Decimal.parse(value).toMinorUnits(6, 'down');
        return {
          balance: minor(summary.balance) + minor(summary.usedMargin),
          equity: minor(summary.equity),
          free: minor(summary.freeMargin),
        };
      },
    },
    users: {
      level: (userId) => userLevel(db, userId),
      hasAnsweredAppropriateness: (userId) => onboarding.service.hasAnsweredAppropriateness(userId),
    },
    backtestData: {
      replayDir: config.MARKET_REPLAY_DIR ?? null,
      recordedDir: config.BACKTEST_DATA_DIR ?? null,
      storedDays: 30,
    },
    log: app.log,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    runEveryMs: config.PLANS_RUN_EVERY_MS,
    isLeader: () => marketHub.ownsFeeds,
  });
  const optionsModule = createOptionsModule({
    db,
    market: {
      instrument: (code) => {
        const instrument = marketHub.instrument(code);
        if (!instrument?.enabled) return null;
        // Premiums and payouts are paid in the quote currency (USD-quoted instruments settle in USDT where configured).
        const asset =
          config.TRADING_USD_IS_USDT && instrument.quote_currency === 'USD' ? 'USDT' : instrument.quote_currency;
        return { code: instrument.code, asset, tickSize: instrument.tick_size, feed: instrument.feed };
      },
      price: (code) => {
        const state = marketHub.state(code);
        return state?.price ? { price: state.price, source: state.source, receivedAt: state.receivedAt } : null;
      },
      isStale: (code) => marketHub.isStale(code),
      isTradableNow: (code) => {
        const instrument = marketHub.instrument(code);
        return instrument !== undefined && marketHub.isTradableAt(instrument, clock.now());
      },
      minuteCandles: (code, from, to) => market.service.minuteCandles(code, from, to),
    },
    users: { hasAnsweredAppropriateness: (userId) => onboarding.service.hasAnsweredAppropriateness(userId) },
    assets: { assetDecimals: (code) => ledgerAssetDecimals(db, code) },
    clock,
    quoteKey: deriveFieldKey(fileStoreKey, 'options-quotes'),
    jobs,
    upkeepEveryMs: config.OPTIONS_UPKEEP_EVERY_MS,
    apiPrefix: API_PREFIX,
    adminPrefix: ADMIN_PREFIX,
    log: app.log,
  });
  const modules = [
    content,
    identity,
    ledger,
    referral,
    market,
    trading,
    admin,
    review,
    uploads,
    notify,
    kyc,
    payments,
    priceAlerts,
    onboarding,
    lending,
    plans,
    savings,
    optionsModule,
    support,
  ];

  app.decorateRequest('auth', null);
  const authenticate: Authenticator = (request, level) => identity.service.authenticate(request, level);
  const guard = async (request: FastifyRequest, level: Exclude<AuthLevel, 'public'>): Promise<void> => {
    await authenticate(request, level);
    // A user's first demo request funds their demo book (once; SPEC §4, issue 4).
    if (request.auth && request.book === 'demo') await ledger.service.ensureDemoFunded(request.auth.id);
  };

  // Every route must say who may call it (DESIGN.md); refuse to start otherwise. A protected
  // route gets the guard as its first preHandler; a public one carries no auth hook at all.
  app.decorate('routeTable', [] as RouteTableEntry[]);
  app.addHook('onRoute', (route) => {
    const auth = (route.config as { auth?: unknown } | undefined)?.auth;
    if (!isAuthLevel(auth)) {
      throw new Error(`Route ${route.method} ${route.url} declares no auth level`);
    }
    app.routeTable.push({ method: route.method, url: route.url, auth });
    if (auth === 'public') return;
    const guardHook: preHandlerHookHandler = (request, _reply, done) => {
      guard(request, auth).then(
        () => done(),
        (error: unknown) => done(error as FastifyError),
      );
    };
    const own = route.preHandler;
    route.preHandler = [guardHook, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });

  if (config.RATE_LIMIT_ENABLED) {
    // With Redis the counters are shared, so N instances do not grant N times the limit (a
    // password guesser spread over them). Settings as the plugin recommends: fail fast, and if
    // Redis is down, serve without limits rather than refuse everyone.
    const counters = config.REDIS_URL
      ? new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 })
      : null;
    if (counters) {
      counters.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit Redis unavailable'));
      app.addHook('onClose', async () => {
        await counters.quit().catch(() => counters.disconnect());
      });
    }
    await app.register(fastifyRateLimit, {
      ...(counters ? { redis: counters, nameSpace: config.RATE_LIMIT_REDIS_PREFIX, skipOnError: true } : {}),
      global: true,
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      allowList: (request) => !request.url.startsWith('/swx/'),
      errorResponseBuilder: () => new AppError('RATE_LIMITED'),
      // Limit headers only when a client is refused (with Retry-After); not on every answer.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    });
  }

  // The market starts before trading (its engine arms levels on the hub's prices); they stop
  // in reverse order when the app closes.
  await startModules(app, modules);
  events.subscribe('position.changed', ({ position }) => {
    // The owner's sockets hear about it, on whichever instance they are connected.
    realtime.pushToUser(position.user_id, { op: 'position', data: trading.service.toWire(position) });
  });
  app.decorate('services', {
    content: content.service,
    identity: identity.service,
    market: market.service,
    marketHub,
    trading: trading.service,
    tradingEngine: trading.engine,
    clock,
    jobs,
    alerts,
    chain,
    alertEngine: priceAlerts.engine,
    kyc: kyc.service,
    lending: lending.service,
    plans: plans.service,
    savings: savings.service,
    options: optionsModule.service,
    referral: referral.service,
    support: support.service,
  });

  registerPlatformRoutes(app, { readiness, metrics: metrics.registry, version: APP_VERSION });
  for (const module of modules) await module.register(app);
  await app.register(async (scope) => realtime.register(scope), { prefix: API_PREFIX });
  if (savingsClock) registerTestClockRoute(app, savingsClock, () => savings.service.runAccrual());
  await registerWebApp(app, {
    distDir: config.WEB_DIST_DIR,
    defaultLanguage: config.DEFAULT_LANGUAGE,
    deploymentMode: config.DEPLOYMENT_MODE,
  });

  return app;
}
