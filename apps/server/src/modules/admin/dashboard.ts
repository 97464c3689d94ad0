import type {
  TAdminDashboard,
  TAdminDashboardAlert,
  TAdminDashboardFeed,
  TAdminDashboardHealth,
  TAdminDashboardJobs,
} from '@openbourse/contracts';
import type { AdminDashboardSources, AdminDb } from './admin.types.js';

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** 00:00 UTC of the day `at` falls in. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** Every instrument's feed: its source, last price, when it last arrived, stale or not (the market's own rule). */
function feedStatus(sources: AdminDashboardSources): TAdminDashboardFeed[] {
  const instruments = sources.marketHub.allInstruments();
  const prices = new Map(
    sources.market.realtimePrices(instruments.map((instrument) => instrument.code)).map((price) => [price.code, price]),
  );
  return instruments.flatMap((instrument) => {
    const price = prices.get(instrument.code);
    if (!price) return [];
    return [
      {
        code: instrument.code,
        enabled: instrument.enabled,
        source: price.source,
        price: price.price,
        priceTime: iso(price.time),
        updatedAt: iso(sources.marketHub.state(instrument.code)?.receivedAt),
        tradable: price.tradable,
        isStale: price.stale,
      },
    ];
  });
}

async function health(sources: AdminDashboardSources, at: Date): Promise<TAdminDashboardHealth> {
  const probe = sources.health;
  const [database, redis, report] = await Promise.all([
    probe.database().then(
      (isUp) => (isUp ? ('ok' as const) : ('down' as const)),
      () => 'down' as const,
    ),
    probe.redis().catch(() => 'down' as const),
    probe.readiness.report(),
  ]);
  return {
    startedAt: probe.startedAt.toISOString(),
    uptimeSeconds: Math.max(0, Math.floor((at.getTime() - probe.startedAt.getTime()) / 1000)),
    database,
    redis,
    ready: report.isReady,
    loading: report.isReady ? [] : report.loading,
  };
}

/** How many of the last failed jobs the dashboard lists. */
export const DASHBOARD_FAILED_JOBS = 10;
/** How many open alerts the dashboard lists (newest first). */
export const DASHBOARD_OPEN_ALERTS = 50;

async function backgroundWork(sources: AdminDashboardSources): Promise<TAdminDashboardJobs> {
  const [counts, failures] = await Promise.all([
    sources.jobs.counts(),
    sources.jobs.recentFailures(DASHBOARD_FAILED_JOBS),
  ]);
  return {
    queued: counts.queued,
    due: counts.due,
    running: counts.running,
    failedLastDay: counts.failedLastDay,
    oldestDueAt: counts.oldestDueAt?.toISOString() ?? null,
    recentFailures: failures.map((job) => ({
      id: job.id,
      name: job.name,
      attempts: job.attempts,
      maxAttempts: job.maxAttempts,
      lastError: job.lastError,
      failedAt: job.failedAt.toISOString(),
    })),
  };
}

async function openAlerts(sources: AdminDashboardSources): Promise<TAdminDashboardAlert[]> {
  const alerts = await sources.alerts.open(DASHBOARD_OPEN_ALERTS);
  return alerts.map((alert) => ({
    id: alert.id,
    kind: alert.kind,
    message: alert.message,
    details: alert.details,
    occurrences: alert.occurrences,
    createdAt: alert.createdAt.toISOString(),
    lastSeenAt: alert.lastSeenAt.toISOString(),
  }));
}

/**
 * The back office's dashboard (#14): each module asked through its port, all at once, every
 * figure measured now; nothing is kept between requests.
 */
export async function adminDashboard(db: AdminDb, sources: AdminDashboardSources): Promise<TAdminDashboard> {
  const at = sources.clock.now();
  const [users, trading, accounts, queues, serverHealth, jobs, alerts, support] = await Promise.all([
    sources.userCounts(db, startOfUtcDay(at), at),
    sources.trading.bookActivity(),
    sources.systemBalances(db),
    sources.reviews.queues(),
    health(sources, at),
    backgroundWork(sources),
    openAlerts(sources),
    sources.support.dashboardFigures(),
  ]);
  return {
    measuredAt: at.toISOString(),
    users,
    trading,
    accounts,
    queues,
    feeds: feedStatus(sources),
    health: serverHealth,
    jobs,
    alerts,
    support,
  };
}
