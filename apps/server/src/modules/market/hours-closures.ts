import type { TFieldIssue, THoursClosure } from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type IdentityTables, userNamesByIds } from '../identity/index.js';
import type { OperatorAction } from './instrument-settings.js';
import {
  type HoursClosureRow,
  insertClosure,
  listClosures,
  listStandingClosures,
  lockClosure,
  markClosureLifted,
} from './market.repository.js';
import type { MarketTables } from './market.tables.js';
import type { Instrument, MarketHub } from './market-hub.js';

/**
 * Trading-hours overrides (issue 14): an operator closes one instrument for a window its schedule
 * has open. The window lives in `market_hours_closures`; every instance keeps the standing ones
 * in its hub (loaded at start, reloaded for an instrument when any instance changes it, through
 * the cluster bus), and `hub.isTradableAt` — what an order and the price wire ask — honours them.
 * Positions stay open through a closure; only new trading stops, as on a scheduled close.
 */

type ClosuresDb = Kysely<MarketTables & IdentityTables & PlatformTables>;

/** A closure may last at most this long: a longer stop is the instrument's switch (disable), not an override. */
const MAX_SPAN_MS = 31 * 86_400_000;
/** How far ahead a closure may be planned. */
const MAX_LEAD_MS = 366 * 86_400_000;
/** The cluster-bus topic: the instrument whose closures changed. */
const CLOSURES_TOPIC = 'market:closures';
/** Ended and lifted closures listed besides the standing ones. */
const HISTORY_ROWS = 50;

export type HoursClosures = {
  list(code: string): Promise<THoursClosure[]>;
  create(
    action: OperatorAction,
    code: string,
    input: { startsAt: string; endsAt: string; reason: string },
  ): Promise<THoursClosure>;
  cancel(action: OperatorAction, code: string, id: string, reason: string): Promise<THoursClosure>;
  /** Loads every instrument's standing closures, and hears other instances' changes. */
  start(): Promise<void>;
};

function stateOf(
  row: Pick<HoursClosureRow, 'starts_at' | 'ends_at' | 'cancelled_at'>,
  now: number,
): THoursClosure['state'] {
  if (row.cancelled_at) return 'cancelled';
  if (row.ends_at.getTime() <= now) return 'ended';
  return row.starts_at.getTime() <= now ? 'active' : 'upcoming';
}

function invalid(issues: TFieldIssue[]): never {
  throw new AppError('INVALID_INPUT', { data: { issues } });
}

/** The window as asked, or the reasons it may not be: ends after it starts, in the future, within the limits. */
export function checkWindow(startsAt: string, endsAt: string, now: number): { from: Date; until: Date } {
  const from = new Date(startsAt);
  const until = new Date(endsAt);
  const issues: TFieldIssue[] = [];
  if (until.getTime() <= from.getTime()) issues.push({ path: 'body.endsAt', message: 'must be after startsAt' });
  else if (until.getTime() <= now) issues.push({ path: 'body.endsAt', message: 'must be in the future' });
  else if (until.getTime() - from.getTime() > MAX_SPAN_MS) {
    issues.push({ path: 'body.endsAt', message: 'at most 31 days after startsAt' });
  }
  if (from.getTime() - now > MAX_LEAD_MS) issues.push({ path: 'body.startsAt', message: 'at most a year ahead' });
  if (issues.length > 0) invalid(issues);
  return { from, until };
}

export function createHoursClosures(deps: {
  db: ClosuresDb;
  hub: MarketHub;
  cluster: ClusterBus;
  now: () => number;
  log: { warn(obj: object, msg?: string): void };
}): HoursClosures {
  const { db, hub, cluster, now, log } = deps;

  const requireInstrument = (code: string): Instrument => {
    const instrument = hub.instrument(code);
    if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
    return instrument;
  };

  const toWire = (row: HoursClosureRow, code: string, names: Map<string, string>): THoursClosure => ({
    id: String(row.id),
    code,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    reason: row.reason,
    createdBy: row.created_by === null ? null : (names.get(String(row.created_by)) ?? null),
    createdAt: row.created_at.toISOString(),
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    state: stateOf(row, now()),
  });

  const wire = async (rows: HoursClosureRow[], code: string) => {
    const operators = [...new Set(rows.flatMap((row) => (row.created_by === null ? [] : [String(row.created_by)])))];
    const names = await userNamesByIds(db, operators);
    return rows.map((row) => toWire(row, code, names));
  };

  /** The instrument's standing closures into this instance's hub. */
  const reload = async (instrument: Pick<Instrument, 'id' | 'code'>) => {
    const rows = await listStandingClosures(db, new Date(now()), instrument.id);
    hub.setClosures(
      instrument.code,
      rows.map((row) => [row.starts_at.getTime(), row.ends_at.getTime()] as const),
    );
  };

  const changed = async (instrument: Instrument) => {
    // This instance at once (the next order here sees it); the others on hearing the bus.
    await reload(instrument);
    cluster.publish(CLOSURES_TOPIC, { code: instrument.code });
  };

  return {
    async list(code) {
      const instrument = requireInstrument(code);
      const rows = await listClosures(db, instrument.id, new Date(now()), HISTORY_ROWS);
      return wire(rows, instrument.code);
    },

    async create(action, code, input) {
      const instrument = requireInstrument(code);
      const { from, until } = checkWindow(input.startsAt, input.endsAt, now());
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertClosure(trx, {
          instrumentId: instrument.id,
          startsAt: from,
          endsAt: until,
          reason: input.reason,
          createdBy: action.operatorId,
        });
        await recordAudit(trx, {
          actorUserId: action.operatorId,
          action: 'market.hours.close',
          targetType: 'instrument',
          targetId: instrument.code,
          before: null,
          after: { closureId: String(inserted.id), startsAt: from.toISOString(), endsAt: until.toISOString() },
          reason: input.reason,
          requestId: action.requestId,
          ip: action.ip,
        });
        return inserted;
      });
      await changed(instrument);
      const [answer] = await wire([row], instrument.code);
      return answer as THoursClosure;
    },

    async cancel(action, code, id, reason) {
      const instrument = requireInstrument(code);
      const row = await db.transaction().execute(async (trx) => {
        const found = await lockClosure(trx, instrument.id, id);
        if (!found) throw new AppError('HOURS_CLOSURE_NOT_FOUND');
        const state = stateOf(found, now());
        if (state === 'ended' || state === 'cancelled') throw new AppError('HOURS_CLOSURE_ENDED');
        const updated = await markClosureLifted(trx, id, action.operatorId);
        await recordAudit(trx, {
          actorUserId: action.operatorId,
          action: 'market.hours.reopen',
          targetType: 'instrument',
          targetId: instrument.code,
          before: { closureId: id, state },
          after: { closureId: id, state: 'cancelled' },
          reason,
          requestId: action.requestId,
          ip: action.ip,
        });
        return updated;
      });
      await changed(instrument);
      const [answer] = await wire([row], instrument.code);
      return answer as THoursClosure;
    },

    async start() {
      cluster.subscribe(CLOSURES_TOPIC, (payload) => {
        const code = (payload as { code?: unknown } | null)?.code;
        const instrument = typeof code === 'string' ? hub.instrument(code) : undefined;
        if (!instrument) {
          log.warn({ topic: CLOSURES_TOPIC }, 'ignored a closures message naming no instrument');
          return;
        }
        reload(instrument).catch((error: unknown) => {
          log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not reload closures');
        });
      });
      const rows = await listStandingClosures(db, new Date(now()));
      const byInstrument = new Map<number, Array<readonly [number, number]>>();
      for (const row of rows) {
        const windows = byInstrument.get(row.instrument_id) ?? [];
        windows.push([row.starts_at.getTime(), row.ends_at.getTime()]);
        byInstrument.set(row.instrument_id, windows);
      }
      for (const [instrumentId, windows] of byInstrument) {
        const instrument = hub.instrumentById(instrumentId);
        if (instrument) hub.setClosures(instrument.code, windows);
      }
    },
  };
}
