import type { DbView } from '../../platform/db/database.js';
import { listFeeRates } from './market.repository.js';
import type { MarketTables } from './market.tables.js';

/** How long a read of `market_fee_schedule` is used before it is read again. */
export const FEE_SCHEDULE_TTL_MS = 10_000;

/**
 * The trading fee schedule (`market_fee_schedule`: a rate of notional per asset class), read
 * from the database at most every FEE_SCHEDULE_TTL_MS. One instance serves both the rate the
 * order ticket shows (`getMarketInfo`) and the rate trading charges, so they never disagree. An
 * operator's change through the back office (issue 14) invalidates it on every instance at once;
 * a change written straight into the table reaches both within that time.
 */
export type FeeSchedule = {
  rateOf(assetClass: string): Promise<string>;
  /** Drops the cached read: the next rate is read afresh (an operator changed the schedule). */
  invalidate(): void;
};

export function createFeeSchedule(db: DbView<MarketTables>, now: () => number): FeeSchedule {
  let cached: { at: number; rates: Promise<Map<string, string>> } | null = null;
  return {
    async rateOf(assetClass) {
      const at = now();
      if (!cached || at - cached.at >= FEE_SCHEDULE_TTL_MS) {
        const rates = listFeeRates(db);
        cached = { at, rates };
        // A failed read is not kept: the next call reads again.
        rates.catch(() => {
          if (cached?.rates === rates) cached = null;
        });
      }
      return (await cached.rates).get(assetClass) ?? '0';
    },
    invalidate() {
      cached = null;
    },
  };
}
