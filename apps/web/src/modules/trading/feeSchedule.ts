import type { MarketType } from '@openbourse/contracts';

/**
 * The trading fee rates the order ticket uses for its *estimated* fee (a ratio of notional:
 * 0.001 = 0.1%). They mirror the server's `market_fee_schedule` seed (migration
 * 0006_market.sql); the server charges from its own table, which an operator may change, so
 * the ticket always labels this figure "estimated". Keep the two in step when the seed moves.
 *
 * The seed is per asset class; the ticket only knows the market type (and, for forex, the two
 * currencies), so futures use one rate for the whole type (the seed's major-index rate).
 */
export const FEE_RATES = {
  forexMajor: '0.0001',
  forexMinor: '0.0002',
  crypto: '0.001',
  stock: '0.0005',
  etf: '0.0005',
  futures: '0.0002',
} as const;

/** ESMA's major currencies: a pair of two of them is a major (the server's `esmaForexClass`). */
const MAJOR_CURRENCIES = new Set(['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF']);

export function isForexMajor(baseCurrency: string, quoteCurrency: string): boolean {
  return MAJOR_CURRENCIES.has(baseCurrency.toUpperCase()) && MAJOR_CURRENCIES.has(quoteCurrency.toUpperCase());
}

/** The estimated fee rate of an instrument, by market type (1 forex … 5 futures). */
export function feeRateFor(instrument: { type: MarketType; baseCurrency: string; quoteCurrency: string }): string {
  switch (instrument.type) {
    case 1:
      return isForexMajor(instrument.baseCurrency, instrument.quoteCurrency)
        ? FEE_RATES.forexMajor
        : FEE_RATES.forexMinor;
    case 2:
      return FEE_RATES.crypto;
    case 3:
      return FEE_RATES.stock;
    case 4:
      return FEE_RATES.etf;
    case 5:
      return FEE_RATES.futures;
    default:
      return FEE_RATES.crypto;
  }
}
