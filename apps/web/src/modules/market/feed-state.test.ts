import { describe, expect, it } from 'vitest';
import { summariseFeed } from './feed-state';

describe("a panel's feed summary", () => {
  it('names each provider once and takes the newest tick', () => {
    const summary = summariseFeed([
      { source: 'sandbox', stale: false, time: 1000 },
      { source: 'sandbox', stale: false, time: 3000 },
      { source: 'binance', stale: false, time: 2000 },
    ]);
    expect(summary.providers).toEqual([
      { source: 'sandbox', kind: 'sandbox' },
      { source: 'binance', kind: 'exchange' },
    ]);
    expect(summary).toMatchObject({ state: 'live', lastTick: 3000 });
  });

  it('is stale when every price is, counts the stale ones otherwise, delayed for a replay, and says when there is no feed', () => {
    expect(
      summariseFeed([
        { source: 'binance', stale: false },
        { source: 'binance', stale: true },
      ]),
    ).toMatchObject({
      state: 'live',
      staleCount: 1,
      fedCount: 2,
    });
    expect(
      summariseFeed([
        { source: 'binance', stale: true },
        { source: 'binance', stale: true },
      ]).state,
    ).toBe('stale');
    expect(summariseFeed([{ source: 'replay', stale: false, time: 5 }]).state).toBe('delayed');
    expect(summariseFeed([{ source: 'none', stale: true, time: null }])).toEqual({
      providers: [],
      state: 'none',
      staleCount: 0,
      fedCount: 0,
      lastTick: null,
    });
    expect(summariseFeed([]).state).toBe('none');
  });
});
