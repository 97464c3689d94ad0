import type { TMarketItem } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { keepUnchanged, type LivePush, mergeLivePrices, withPushes } from './live';

const item: TMarketItem = {
  id: 1,
  code: 'BTCUSDT',
  type: 2,
  appName: 'Bitcoin',
  logo: '/market-logos/BTCUSDT.svg',
  price: '90000.00',
  nowPrice: '90000.00',
  zdf: '0.01',
  hundred: ['89000.00', '90000.00'],
  source: 'binance',
  stale: true,
  tradable: true,
  precision: 2,
  high24h: '91000.00',
  low24h: '88000.00',
  volume24h: '12.5',
  time: 1000,
};

const push = (price: string, receivedAt: number, time = receivedAt): LivePush => ({
  code: 'BTCUSDT',
  price,
  zdf: '0.02',
  time,
  source: 'binance',
  receivedAt,
});

describe('live prices', () => {
  it('lays a newer push over the fetched item', () => {
    const [merged] = mergeLivePrices([item], new Map([['BTCUSDT', push('91000.50', 2000)]]), 1000);
    expect(merged).toMatchObject({ price: '91000.50', nowPrice: '91000.50', zdf: '0.02', stale: false });
    expect(merged?.hundred).toBe(item.hundred);
  });

  it("carries the push's time and widens the day's range when a push goes beyond it", () => {
    const [above] = mergeLivePrices([item], new Map([['BTCUSDT', push('91000.50', 2000)]]), 1000);
    expect(above).toMatchObject({ time: 2000, high24h: '91000.50', low24h: '88000.00' });
    const [below] = mergeLivePrices([item], new Map([['BTCUSDT', push('87999.99', 3000)]]), 1000);
    expect(below).toMatchObject({ time: 3000, high24h: '91000.00', low24h: '87999.99' });
    const [inside] = mergeLivePrices([item], new Map([['BTCUSDT', push('90500.00', 3000)]]), 1000);
    expect(inside).toMatchObject({ high24h: '91000.00', low24h: '88000.00' });
  });

  it('keeps the fetched item when the push is older than the fetch', () => {
    const items = [item];
    expect(mergeLivePrices(items, new Map([['BTCUSDT', push('91000.50', 500)]]), 1000)[0]).toBe(item);
  });

  it('keeps the known change when a push has none, and returns the same array without pushes', () => {
    const items = [item];
    expect(mergeLivePrices(items, new Map())).toBe(items);
    const noChange = { ...push('1.00', 2), zdf: null };
    expect(mergeLivePrices(items, new Map([['BTCUSDT', noChange]]))[0]?.zdf).toBe('0.01');
  });

  it('never moves a price back in time', () => {
    const first = withPushes(new Map(), [push('2.00', 0, 2000)], 10);
    const second = withPushes(first, [push('1.00', 0, 1000)], 20);
    expect(second.get('BTCUSDT')?.price).toBe('2.00');
    const third = withPushes(second, [push('3.00', 0, 3000)], 30);
    expect(third.get('BTCUSDT')).toMatchObject({ price: '3.00', receivedAt: 30 });
    expect(first.get('BTCUSDT')?.price).toBe('2.00');
  });
});

describe('keepUnchanged', () => {
  const btc = { code: 'BTCUSDT', price: '90000.00', hundred: ['1', '2'] };
  const eth = { code: 'ETHUSDT', price: '3000.00', hundred: ['3'] };

  it('keeps the previous object of an instrument whose fields did not change', () => {
    const next = [{ ...btc }, { ...eth, price: '3001.00' }];
    const kept = keepUnchanged([btc, eth], next);
    expect(kept[0]).toBe(btc);
    expect(kept[1]).toBe(next[1]);
    expect(kept[1]?.price).toBe('3001.00');
  });

  it('answers the previous array itself when nothing changed, a new one when the order did', () => {
    const previous = [btc, eth];
    expect(keepUnchanged(previous, [{ ...btc }, { ...eth }])).toBe(previous);
    const reordered = keepUnchanged(previous, [{ ...eth }, { ...btc }]);
    expect(reordered).not.toBe(previous);
    expect(reordered).toEqual([eth, btc]);
    expect(reordered[0]).toBe(eth);
  });

  it('compares points arrays element by element, and takes a list without a previous one as new', () => {
    const sameMoves = [{ ...btc, hundred: ['1', '2'] }];
    expect(keepUnchanged([btc], sameMoves)[0]).toBe(btc);
    const newPoint = [{ ...btc, hundred: ['1', '2', '3'] }];
    expect(keepUnchanged([btc], newPoint)[0]).toBe(newPoint[0]);
    expect(keepUnchanged(undefined, sameMoves)).toBe(sameMoves);
  });
});
