import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../platform/events/event-bus.js';
import type { MarketHub } from '../market/index.js';
import type { TradingEvents } from './trading.events.js';
import type { TradingDb } from './trading-context.js';
import { TradingEngine } from './trading-engine.js';
import { TriggerEngine } from './trigger-engine.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A database whose reads of changed positions answer nothing, until it is told to fail. */
function flakyDatabase() {
  const state = { isDown: false };
  const query = {
    selectAll: () => query,
    where: () => query,
    execute: async () => {
      if (state.isDown) throw new Error('connection lost');
      return [];
    },
  };
  return { state, db: { selectFrom: () => query } as unknown as TradingDb };
}

describe('the trading engine’s cross-instance sync', () => {
  it('logs and counts a failed sync instead of swallowing it, and keeps syncing', async () => {
    vi.useFakeTimers();
    const { state, db } = flakyDatabase();
    const registry = new Registry();
    const errors: Array<{ obj: object; msg?: string }> = [];
    const log = { info: () => {}, warn: () => {}, error: (obj: object, msg?: string) => errors.push({ obj, msg }) };
    const engine = new TradingEngine({
      db,
      hub: { onTicks: () => {} } as unknown as MarketHub,
      trading: { fire: async () => null, stopOut: async () => null, unrealisedOf: () => null },
      triggers: new TriggerEngine(),
      events: createEventBus<TradingEvents>({ log }),
      log,
      now: () => 0,
      registry,
    });
    await engine.start();
    const failures = async () =>
      (await registry.getSingleMetric('openbourse_trading_sync_failures_total')?.get())?.values[0]?.value;
    expect(await failures()).toBe(0);

    state.isDown = true;
    await vi.advanceTimersByTimeAsync(4000);
    expect(await failures()).toBe(2);
    expect(errors).toEqual([
      { obj: { err: 'connection lost' }, msg: 'trading engine sync failed' },
      { obj: { err: 'connection lost' }, msg: 'trading engine sync failed' },
    ]);

    state.isDown = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(await failures()).toBe(2);
    await engine.stop();
  });
});
