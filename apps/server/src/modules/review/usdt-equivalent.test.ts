import { describe, expect, it } from 'vitest';
import type { UsdtPriceSource } from './review.types.js';
import { isAboveUsdt } from './usdt-equivalent.js';

function prices(table: Record<string, { price: string; stale: boolean }>): UsdtPriceSource {
  return {
    state: (code) => (table[code] ? { price: table[code].price } : undefined),
    isStale: (code) => table[code]?.stale ?? true,
  };
}

describe('the USDT equivalent the four-eyes rule compares (SPEC §7)', () => {
  const hub = prices({ BTCUSDT: { price: '50000', stale: false }, ETHUSDT: { price: '3000', stale: true } });

  it('counts USDT and USDC 1:1, either sign, the threshold itself not above', () => {
    expect(isAboveUsdt(hub, 'USDT', '1000', '1000')).toBe(false);
    expect(isAboveUsdt(hub, 'USDT', '1000.000001', '1000')).toBe(true);
    expect(isAboveUsdt(hub, 'USDC', '-1000.5', '1000')).toBe(true);
    expect(isAboveUsdt(hub, 'USDC', '-999', '1000')).toBe(false);
  });

  it('converts another asset at a fresh price', () => {
    expect(isAboveUsdt(hub, 'BTC', '0.02', '1000')).toBe(false);
    expect(isAboveUsdt(hub, 'BTC', '0.020001', '1000')).toBe(true);
  });

  it('counts a stale price, a missing price and an unreadable amount as above', () => {
    expect(isAboveUsdt(hub, 'ETH', '0.0001', '1000')).toBe(true);
    expect(isAboveUsdt(hub, 'DOGE', '1', '1000')).toBe(true);
    expect(isAboveUsdt(hub, 'USDT', 'lots', '1000')).toBe(true);
  });
});
