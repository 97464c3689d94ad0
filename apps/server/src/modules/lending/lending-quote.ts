import { Decimal } from '@openbourse/money';
import type { MarketHub } from '../market/index.js';
import type { PriceQuote } from './domain/index.js';

/**
 * The collateral's price in the loan's asset as the market hub has it (issue 17; SPEC §0: every
 * price with its source): the instrument `<base><quote>` (BTCUSDT), its last price, the feed's time
 * of it and whether the market calls it stale. Null when there is no such instrument or price yet.
 */
export function lendingQuote(
  hub: Pick<MarketHub, 'instrument' | 'state' | 'isStale'>,
  base: string,
  quoteAsset: string,
): PriceQuote | null {
  const code = `${base}${quoteAsset}`;
  const instrument = hub.instrument(code);
  if (!instrument || instrument.base_currency !== base || instrument.quote_currency !== quoteAsset) return null;
  const state = hub.state(code);
  if (!state || state.price === null || state.time === null) return null;
  return {
    base,
    quote: quoteAsset,
    price: Decimal.parse(state.price),
    source: state.source,
    time: state.time,
    isStale: hub.isStale(code),
  };
}
