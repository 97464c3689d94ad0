import type { TOptionSeriesQuote } from '@openbourse/contracts';

/** A series of a chain with its quote, as the API sends it: a capped call at 60000 unless told otherwise. */
export function series(overrides: Partial<TOptionSeriesQuote> = {}): TOptionSeriesQuote {
  return {
    seriesId: '1',
    type: 'call',
    strike: '60000',
    expiry: '2026-12-01T08:00:00.000Z',
    cap: '12000',
    maxPayout: '120',
    bid: '11.9',
    ask: '12.34',
    mid: '12.1',
    impliedVolatility: '0.45',
    delta: 0.52,
    gamma: 0.00001,
    vega: 21.3,
    theta: -35.2,
    quoteId: 'q-1',
    quoteValidUntil: '2026-11-27T10:00:15.000Z',
    remainingContracts: 500,
    ...overrides,
  };
}
