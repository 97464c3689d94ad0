import { liveNotionalSince } from './trading.repository.js';
import { type TradingContext, type TradingTrx, usdt } from './trading-context.js';

const DAY_MS = 86_400_000;

/** Sum of USDT notional opened on the live book in the last 24 hours (the measured home figure). */
export async function tradedVolume24h(db: TradingTrx, ctx: TradingContext): Promise<string> {
  return usdt(await liveNotionalSince(db, new Date(ctx.now() - DAY_MS)));
}
