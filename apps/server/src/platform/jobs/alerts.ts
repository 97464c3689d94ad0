import { sql } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { DbView } from '../db/database.js';
import type { PlatformTables } from '../db/platform.tables.js';

/**
 * Operator alerts (issue 15): something an operator must look at — a reorg deeper than the
 * confirmations, a stuck withdrawal, a hot wallet low on gas. A raised alert is three things:
 * an error-level log line, the counter `openbourse_operator_alerts_total{kind}` and an open row in
 * `platform_alerts`, which the back-office dashboard lists until it is resolved. An alert with a
 * `dedupeKey` is raised once while open: raising it again counts a repeat on the open row (no
 * new row, no new log line at error level, the counter unchanged).
 */

export type AlertLog = {
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
};

export type AlertInput = {
  /** What kind of problem, snake_case (`deep_reorg`, `withdrawal_stuck`, `hot_wallet_low_gas`): the metric's label. */
  kind: string;
  /** For the operator, in English: what happened and what to look at. */
  message: string;
  details?: Record<string, unknown>;
  /** The open alert of this kind and key is not raised twice (e.g. the network, the withdrawal id). */
  dedupeKey?: string;
};

export type RaisedAlert = { id: string; isNew: boolean };

export type OpenAlert = {
  id: string;
  kind: string;
  message: string;
  details: Record<string, unknown>;
  dedupeKey: string | null;
  occurrences: number;
  createdAt: Date;
  lastSeenAt: Date;
};

/** Where a raised alert is told besides its row: the log, the clock, the counter (when metrics are on). */
export type AlertReporter = {
  log: AlertLog;
  clock: Clock;
  counter?: Counter<'kind'>;
};

const MESSAGE_MAX = 2000;

/**
 * Raises an alert (see above): a new row, a log line at error level and the counter, or, when an
 * open alert of that kind holds the dedupe key, one more occurrence on it. `db` may be a
 * transaction; the log line and the counter do not wait for its commit.
 */
export async function raiseAlert(
  db: DbView<PlatformTables>,
  input: AlertInput,
  reporter: AlertReporter,
): Promise<RaisedAlert> {
  const at = reporter.clock.now();
  const message = input.message.length > MESSAGE_MAX ? `${input.message.slice(0, MESSAGE_MAX - 1)}…` : input.message;
  const details = input.details ?? {};
  const dedupeKey = input.dedupeKey ?? null;
  const inserted = await db
    .insertInto('platform_alerts')
    .values({
      kind: input.kind,
      message,
      details: JSON.stringify(details),
      dedupe_key: dedupeKey,
      created_at: at,
      last_seen_at: at,
    })
    // The partial unique index: one open alert per kind and key (literal predicate, see jobs).
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'dedupe_key'])
        .where(sql<boolean>`resolved_at IS NULL AND dedupe_key IS NOT NULL`)
        .doUpdateSet((eb) => ({
          occurrences: eb('platform_alerts.occurrences', '+', 1),
          last_seen_at: at,
          details: eb.ref('excluded.details'),
        })),
    )
    // xmax = 0: the row was inserted, not updated by the conflict.
    .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
    .executeTakeFirstOrThrow();
  if (inserted.inserted) {
    reporter.counter?.inc({ kind: input.kind });
    reporter.log.error({ alert: input.kind, alertId: inserted.id, dedupeKey, details }, `operator alert: ${message}`);
  } else {
    reporter.log.info({ alert: input.kind, alertId: inserted.id, dedupeKey }, 'operator alert still open (repeated)');
  }
  return { id: inserted.id, isNew: inserted.inserted };
}

/**
 * Resolves an open alert, by id or by kind and dedupe key (the condition has cleared, or an
 * operator dealt with it); false when there was none open.
 */
export async function resolveAlert(
  db: DbView<PlatformTables>,
  which: { id: string } | { kind: string; dedupeKey: string },
  at: Date,
): Promise<boolean> {
  let query = db.updateTable('platform_alerts').set({ resolved_at: at }).where('resolved_at', 'is', null);
  query =
    'id' in which
      ? query.where('id', '=', which.id)
      : query.where('kind', '=', which.kind).where('dedupe_key', '=', which.dedupeKey);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The open alerts, newest first. */
export async function listOpenAlerts(db: DbView<PlatformTables>, limit = 50): Promise<OpenAlert[]> {
  const rows = await db
    .selectFrom('platform_alerts')
    .select(['id', 'kind', 'message', 'details', 'dedupe_key', 'occurrences', 'created_at', 'last_seen_at'])
    .where('resolved_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    message: row.message,
    details: isRecord(row.details) ? row.details : {},
    dedupeKey: row.dedupe_key,
    occurrences: row.occurrences,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The alerts as the app hands them out: bound to its database, log, clock and metrics. */
export type Alerts = {
  raise(input: AlertInput): Promise<RaisedAlert>;
  resolve(which: { id: string } | { kind: string; dedupeKey: string }): Promise<boolean>;
  open(limit?: number): Promise<OpenAlert[]>;
};

export function createAlerts(options: {
  db: DbView<PlatformTables>;
  log: AlertLog;
  clock: Clock;
  registry?: Registry;
}): Alerts {
  const { db, log, clock, registry } = options;
  let counter: Counter<'kind'> | undefined;
  if (registry) {
    counter = new Counter({
      name: 'openbourse_operator_alerts_total',
      help: 'Operator alerts raised, by kind (a repeat of an open alert is not counted)',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'openbourse_operator_alerts_open',
      help: 'Operator alerts open now in the whole deployment, asked at each scrape',
      registers: [registry],
      async collect() {
        try {
          const row = await db
            .selectFrom('platform_alerts')
            .select((eb) => eb.fn.countAll<string>().as('open'))
            .where('resolved_at', 'is', null)
            .executeTakeFirst();
          this.set(Number(row?.open ?? 0));
        } catch {
          // The database is away: the scrape keeps the last value.
        }
      },
    });
  }
  const reporter: AlertReporter = { log, clock, counter };
  return {
    raise: (input) => raiseAlert(db, input, reporter),
    resolve: (which) => resolveAlert(db, which, clock.now()),
    open: (limit) => listOpenAlerts(db, limit),
  };
}
