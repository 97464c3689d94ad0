import type {
  TAdminFeeScheduleItem,
  TAdminFeeScheduleUpdateRequest,
  TAdminInstrumentSettings,
  TAdminInstrumentUpdateRequest,
  TFieldIssue,
} from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../platform/audit/audit-log.js';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import { AppError } from '../../platform/errors/app-error.js';
import { DEFAULT_LEVERAGE_CAPS } from './catalogue/instruments.js';
import type { FeeSchedule } from './fee-schedule.js';
import {
  findInstrument,
  type InstrumentRow,
  type InstrumentSettingsWrite,
  listFeeRates,
  lockFeeRate,
  lockInstrument,
  updateInstrumentSettings,
  writeFeeRate,
} from './market.repository.js';
import type { MarketTables } from './market.tables.js';
import type { AssetClass } from './market.types.js';
import type { Instrument, MarketHub } from './market-hub.js';

/**
 * The market's product settings in the back office (issue 14): an instrument's switch, leverage
 * cap (never above its class's ESMA cap, SPEC §0.7) and lot limits, and the fee rate of each
 * asset class. Each change is one transaction with its one audit row; after the commit this
 * instance applies it to the hub (or drops the cached fee schedule) and tells the others through
 * the cluster bus, so the next order on any instance is checked against the new settings. Open
 * positions and pending orders are not touched.
 */

export type MarketSettingsDb = Kysely<MarketTables & PlatformTables>;

/** Who acts and from where: what the audit row records besides the change. */
export type OperatorAction = { operatorId: string; requestId: string; ip: string | null };

/** The cluster-bus topic every instance hears settings changes on. */
const SETTINGS_TOPIC = 'market:settings';
type SettingsMessage = { kind: 'instrument'; code: string } | { kind: 'fees' };

export type MarketSettings = {
  instruments(): Promise<TAdminInstrumentSettings[]>;
  updateInstrument(
    action: OperatorAction,
    code: string,
    change: TAdminInstrumentUpdateRequest,
  ): Promise<TAdminInstrumentSettings>;
  feeSchedule(): Promise<TAdminFeeScheduleItem[]>;
  updateFeeRate(
    action: OperatorAction,
    assetClass: string,
    change: TAdminFeeScheduleUpdateRequest,
  ): Promise<TAdminFeeScheduleItem>;
  /** Hears the other instances' changes (and this one's own, applied again: harmless). */
  listen(): void;
};

const isAssetClass = (value: string): value is AssetClass => Object.hasOwn(DEFAULT_LEVERAGE_CAPS, value);

const canonical = (value: string) => Decimal.parse(String(value)).toString();

function settingsOf(row: Pick<InstrumentRow, 'enabled' | 'leverage_cap' | 'min_lots' | 'max_lots'>) {
  return {
    enabled: row.enabled,
    leverageCap: row.leverage_cap,
    minLots: canonical(row.min_lots),
    maxLots: canonical(row.max_lots),
  };
}

function invalid(issues: TFieldIssue[]): never {
  throw new AppError('INVALID_INPUT', { data: { issues } });
}

/** The instrument's settings as they would be after `change`, or the first reason they may not. */
function nextSettings(row: InstrumentRow, change: TAdminInstrumentUpdateRequest): InstrumentSettingsWrite {
  const classCap = DEFAULT_LEVERAGE_CAPS[row.asset_class];
  const leverageCap = change.leverageCap ?? row.leverage_cap;
  if (change.leverageCap !== undefined && (classCap === undefined || change.leverageCap > classCap)) {
    throw new AppError('LEVERAGE_INVALID', {
      data: {
        issues: [{ path: 'body.leverageCap', message: `at most ${classCap ?? 1}, the cap of ${row.asset_class}` }],
        classLeverageCap: classCap ?? 1,
      },
    });
  }
  const step = Decimal.parse(String(row.lot_step));
  const minLots = Decimal.parse(change.minLots ?? String(row.min_lots));
  const maxLots = Decimal.parse(change.maxLots ?? String(row.max_lots));
  const issues: TFieldIssue[] = [];
  for (const [field, value] of [
    ['minLots', minLots],
    ['maxLots', maxLots],
  ] as const) {
    if (change[field] === undefined) continue;
    if (!value.isPositive()) issues.push({ path: `body.${field}`, message: 'must be above 0' });
    else if (!value.isMultipleOf(step))
      issues.push({ path: `body.${field}`, message: `must be a multiple of ${step}` });
  }
  if (issues.length === 0 && minLots.gt(maxLots)) {
    issues.push({
      path: change.minLots !== undefined ? 'body.minLots' : 'body.maxLots',
      message: 'minLots above maxLots',
    });
  }
  if (issues.length > 0) invalid(issues);
  return {
    enabled: change.enabled ?? row.enabled,
    leverage_cap: leverageCap,
    min_lots: minLots.toString(),
    max_lots: maxLots.toString(),
  };
}

export function createMarketSettings(deps: {
  db: MarketSettingsDb;
  hub: MarketHub;
  feeSchedule: FeeSchedule;
  cluster: ClusterBus;
  log: { warn(obj: object, msg?: string): void };
}): MarketSettings {
  const { db, hub, feeSchedule, cluster, log } = deps;

  const view = async (instrument: Instrument): Promise<TAdminInstrumentSettings> => ({
    code: instrument.code,
    name: instrument.name,
    type: instrument.type,
    assetClass: instrument.asset_class,
    ...settingsOf(instrument),
    classLeverageCap: DEFAULT_LEVERAGE_CAPS[instrument.asset_class] ?? 1,
    lotStep: canonical(instrument.lot_step),
    feeRate: await feeSchedule.rateOf(instrument.asset_class),
    hours: instrument.hours,
  });

  const reloadInstrument = async (code: string) => {
    const row = await findInstrument(db, code);
    if (row) hub.applySettings(row);
  };

  return {
    async instruments() {
      return Promise.all(hub.allInstruments().map(view));
    },

    async updateInstrument(action, code, change) {
      const instrument = hub.instrument(code);
      if (!instrument) throw new AppError('UNKNOWN_INSTRUMENT');
      const written = await db.transaction().execute(async (trx) => {
        const row = await lockInstrument(trx, code);
        if (!row) throw new AppError('UNKNOWN_INSTRUMENT');
        const next = nextSettings(row, change);
        const before = settingsOf(row);
        const after = settingsOf(next);
        if (JSON.stringify(before) === JSON.stringify(after)) return null;
        await updateInstrumentSettings(trx, row.id, next);
        await recordAudit(trx, {
          actorUserId: action.operatorId,
          action: 'market.instrument.update',
          targetType: 'instrument',
          targetId: row.code,
          before,
          after,
          reason: change.reason,
          requestId: action.requestId,
          ip: action.ip,
        });
        return next;
      });
      if (written) {
        // This instance at once (the answer shows it); every other one on hearing the bus.
        hub.applySettings({ code, ...written });
        cluster.publish(SETTINGS_TOPIC, { kind: 'instrument', code } satisfies SettingsMessage);
      }
      return view(instrument);
    },

    async feeSchedule() {
      const rates = await listFeeRates(db);
      return (Object.keys(DEFAULT_LEVERAGE_CAPS) as AssetClass[]).map((assetClass) => ({
        assetClass,
        rate: rates.get(assetClass) ?? '0',
        classLeverageCap: DEFAULT_LEVERAGE_CAPS[assetClass],
      }));
    },

    async updateFeeRate(action, assetClass, change) {
      if (!isAssetClass(assetClass)) invalid([{ path: 'params.assetClass', message: 'no such asset class' }]);
      const rate = canonical(change.rate);
      const changed = await db.transaction().execute(async (trx) => {
        const before = (await lockFeeRate(trx, assetClass)) ?? '0';
        if (before === rate) return false;
        await writeFeeRate(trx, assetClass, rate);
        await recordAudit(trx, {
          actorUserId: action.operatorId,
          action: 'market.fee.update',
          targetType: 'fee_schedule',
          targetId: assetClass,
          before: { rate: before },
          after: { rate },
          reason: change.reason,
          requestId: action.requestId,
          ip: action.ip,
        });
        return true;
      });
      if (changed) {
        feeSchedule.invalidate();
        cluster.publish(SETTINGS_TOPIC, { kind: 'fees' } satisfies SettingsMessage);
      }
      return { assetClass, rate, classLeverageCap: DEFAULT_LEVERAGE_CAPS[assetClass] };
    },

    listen() {
      cluster.subscribe(SETTINGS_TOPIC, (payload) => {
        const message = payload as Partial<SettingsMessage> | null;
        if (message?.kind === 'fees') {
          feeSchedule.invalidate();
        } else if (message?.kind === 'instrument' && typeof message.code === 'string') {
          reloadInstrument(message.code).catch((error: unknown) => {
            log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not reload an instrument');
          });
        } else {
          log.warn({ topic: SETTINGS_TOPIC }, 'ignored a malformed settings message');
        }
      });
    },
  };
}
