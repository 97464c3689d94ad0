import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import type { Clock } from '../clock.js';
import { migrate } from '../db/migrate.js';
import { createAlerts, listOpenAlerts, raiseAlert, resolveAlert } from './alerts.js';

/**
 * Operator alerts (issue 15): an error-level log line, the counter by kind and an open row the
 * dashboard lists; one open alert per kind and dedupe key; resolved ones leave the list.
 */

function recordingLog() {
  const lines: Array<{ level: 'error' | 'info'; obj: Record<string, unknown>; msg?: string }> = [];
  return {
    lines,
    error: (obj: object, msg?: string) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
    info: (obj: object, msg?: string) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  };
}

function movableClock(start = Date.UTC(2026, 10, 25, 6, 0, 0)): Clock & { advance(ms: number): void } {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url);
});
afterAll(() => database.drop());
beforeEach(async () => {
  await sql`TRUNCATE platform_alerts`.execute(database.db);
});

describe('operator alerts', () => {
  it('raises an alert: an error-level log line, the counter by kind, an open row', async () => {
    const log = recordingLog();
    const registry = new Registry();
    const clock = movableClock();
    const alerts = createAlerts({ db: database.db, log, clock, registry });
    const raised = await alerts.raise({
      kind: 'deep_reorg',
      message: 'Sepolia reorganised 14 blocks, deeper than the 12 confirmations',
      details: { network: 'sepolia', depth: 14 },
      dedupeKey: 'sepolia:5000123',
    });
    expect(raised.isNew).toBe(true);
    expect(log.lines).toEqual([
      {
        level: 'error',
        obj: {
          alert: 'deep_reorg',
          alertId: raised.id,
          dedupeKey: 'sepolia:5000123',
          details: { network: 'sepolia', depth: 14 },
        },
        msg: 'operator alert: Sepolia reorganised 14 blocks, deeper than the 12 confirmations',
      },
    ]);
    expect(await registry.getSingleMetricAsString('openbourse_operator_alerts_total')).toContain(
      'openbourse_operator_alerts_total{kind="deep_reorg"} 1',
    );
    expect(await registry.getSingleMetricAsString('openbourse_operator_alerts_open')).toContain(
      'openbourse_operator_alerts_open 1',
    );
    expect(await alerts.open()).toEqual([
      {
        id: raised.id,
        kind: 'deep_reorg',
        message: 'Sepolia reorganised 14 blocks, deeper than the 12 confirmations',
        details: { network: 'sepolia', depth: 14 },
        dedupeKey: 'sepolia:5000123',
        occurrences: 1,
        createdAt: clock.now(),
        lastSeenAt: clock.now(),
      },
    ]);
  });

  it('does not repeat an open alert of the same kind and key; counts the repeat on it', async () => {
    const log = recordingLog();
    const registry = new Registry();
    const clock = movableClock();
    const alerts = createAlerts({ db: database.db, log, clock, registry });
    const input = { kind: 'hot_wallet_low_gas', message: 'The hot wallet holds 0.01 ETH', dedupeKey: 'ethereum' };
    const first = await alerts.raise({ ...input, details: { balance: '0.01' } });
    clock.advance(60_000);
    const again = await alerts.raise({ ...input, details: { balance: '0.009' } });
    expect(again).toEqual({ id: first.id, isNew: false });
    expect(log.lines.filter((line) => line.level === 'error')).toHaveLength(1);
    expect(await registry.getSingleMetricAsString('openbourse_operator_alerts_total')).toContain(
      'openbourse_operator_alerts_total{kind="hot_wallet_low_gas"} 1',
    );
    const [open] = await alerts.open();
    expect(open).toMatchObject({
      id: first.id,
      occurrences: 2,
      details: { balance: '0.009' },
      createdAt: new Date(clock.now().getTime() - 60_000),
      lastSeenAt: clock.now(),
    });
    // Another key, or the same key of another kind, is another alert.
    expect((await alerts.raise({ ...input, dedupeKey: 'sepolia' })).isNew).toBe(true);
    expect((await alerts.raise({ ...input, kind: 'withdrawal_stuck' })).isNew).toBe(true);
    // Without a key, every raise is its own alert.
    expect((await alerts.raise({ kind: 'other', message: 'm' })).isNew).toBe(true);
    expect((await alerts.raise({ kind: 'other', message: 'm' })).isNew).toBe(true);
    expect(await alerts.open()).toHaveLength(5);
  });

  it('resolves by id or by kind and key; a resolved alert can be raised anew', async () => {
    const log = recordingLog();
    const clock = movableClock();
    const reporter = { log, clock };
    const stuck = await raiseAlert(
      database.db,
      { kind: 'withdrawal_stuck', message: 'Withdrawal 42 is not mined after 30 minutes', dedupeKey: '42' },
      reporter,
    );
    const other = await raiseAlert(database.db, { kind: 'deep_reorg', message: 'x', dedupeKey: 'local' }, reporter);
    expect(await resolveAlert(database.db, { kind: 'withdrawal_stuck', dedupeKey: '42' }, clock.now())).toBe(true);
    expect(await resolveAlert(database.db, { kind: 'withdrawal_stuck', dedupeKey: '42' }, clock.now())).toBe(false);
    expect((await listOpenAlerts(database.db)).map((alert) => alert.id)).toEqual([other.id]);
    const anew = await raiseAlert(
      database.db,
      { kind: 'withdrawal_stuck', message: 'Withdrawal 42 is stuck again', dedupeKey: '42' },
      reporter,
    );
    expect(anew.isNew).toBe(true);
    expect(anew.id).not.toBe(stuck.id);
    expect(await resolveAlert(database.db, { id: other.id }, clock.now())).toBe(true);
    expect((await listOpenAlerts(database.db)).map((alert) => alert.id)).toEqual([anew.id]);
    const resolved = await database.db
      .selectFrom('platform_alerts')
      .select(['id', 'resolved_at'])
      .where('resolved_at', 'is not', null)
      .orderBy('id')
      .execute();
    expect(resolved).toEqual([
      { id: stuck.id, resolved_at: clock.now() },
      { id: other.id, resolved_at: clock.now() },
    ]);
  });

  it('lists the open alerts newest first, within the limit', async () => {
    const clock = movableClock();
    const alerts = createAlerts({ db: database.db, log: recordingLog(), clock });
    for (const kind of ['a', 'b', 'c']) {
      await alerts.raise({ kind, message: `alert ${kind}` });
      clock.advance(1000);
    }
    expect((await alerts.open()).map((alert) => alert.kind)).toEqual(['c', 'b', 'a']);
    expect((await alerts.open(2)).map((alert) => alert.kind)).toEqual(['c', 'b']);
  });
});
