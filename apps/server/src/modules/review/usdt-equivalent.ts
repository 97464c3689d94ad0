import { parseAmount } from '@openbourse/money';
import type { UsdtPriceSource } from './review.types.js';

/** Assets counted 1:1 with USDT. */
const DOLLAR_STABLECOINS = new Set(['USDT', 'USDC']);
/** Enough places for any asset's amount and any price. */
const SCALE = 18;

function toScaled(value: string): bigint | null {
  try {
    const scaled = parseAmount(value.startsWith('-') ? value.slice(1) : value, SCALE);
    return scaled < 0n ? -scaled : scaled;
  } catch {
    return null;
  }
}

/**
 * Whether |amount| of `asset` is worth more than `thresholdUsdt` USDT (SPEC §7: "converted at a
 * fresh price; a stale price counts as above"). USDT and USDC count 1:1; another asset at its
 * `<ASSET>USDT` price when the hub holds a fresh one; no price, a stale one, or an amount that
 * cannot be read counts as above.
 */
export function isAboveUsdt(prices: UsdtPriceSource, asset: string, amount: string, thresholdUsdt: string): boolean {
  const quantity = toScaled(amount);
  const threshold = toScaled(thresholdUsdt);
  if (quantity === null || threshold === null) return true;
  if (DOLLAR_STABLECOINS.has(asset)) return quantity > threshold;
  const code = `${asset}USDT`;
  const price = prices.state(code)?.price ?? null;
  if (price === null || prices.isStale(code)) return true;
  const scaledPrice = toScaled(price);
  if (scaledPrice === null) return true;
  // quantity × price at 2·SCALE places against the threshold at the same scale.
  return quantity * scaledPrice > threshold * 10n ** BigInt(SCALE);
}
