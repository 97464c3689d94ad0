import { Decimal, MoneyFormatError } from '@openbourse/money';
import { CONVERSION_SCALE, type DecimalInput, positiveRate } from './instrument.js';
import { TradingMathError } from './problems.js';

/** The current price of an instrument code ('USDJPY', 'GBPUSD'), or null when there is none. */
export type RateSource = (code: string) => string | null;

const CURRENCY_CODE = /^[A-Z0-9]{2,10}$/;

/**
 * USDT per one unit of `quoteCurrency`:
 * - USDT → 1;
 * - USD → 1 when the deployment treats USD as USDT (`usdIsUsdt`), else NOT_TRADABLE_NOW;
 * - another currency XXX → 1 ÷ price(USDXXX) when that instrument has a price, else
 *   price(XXXUSD) (both routes only when `usdIsUsdt`: they give USD, not USDT), else
 *   price(XXXUSDT), else 1 ÷ price(USDTXXX), else NOT_TRADABLE_NOW.
 *
 * A division is exact to CONVERSION_SCALE (30) places, rounded half-even; the money figures
 * computed with the rate are rounded once more, to the USDT minor unit, in their own direction.
 * The rate's own rounding moves a converted figure by at most amount × 0.5e-18.
 */
export function quoteToUsdtRate(quoteCurrency: string, rates: RateSource, usdIsUsdt: boolean): Decimal {
  const currency = quoteCurrency.trim().toUpperCase();
  if (!CURRENCY_CODE.test(currency)) {
    throw new TradingMathError('NOT_TRADABLE_NOW', `"${quoteCurrency}" is not a currency code`);
  }
  if (currency === 'USDT') return Decimal.ONE;
  if (currency === 'USD') {
    if (usdIsUsdt) return Decimal.ONE;
    throw new TradingMathError('NOT_TRADABLE_NOW', 'USD is not treated as USDT in this deployment');
  }
  if (usdIsUsdt) {
    const perUsd = priceOf(rates, `USD${currency}`);
    if (perUsd) return Decimal.ONE.div(perUsd, CONVERSION_SCALE, 'half-even');
    const inUsd = priceOf(rates, `${currency}USD`);
    if (inUsd) return inUsd;
  }
  const inUsdt = priceOf(rates, `${currency}USDT`);
  if (inUsdt) return inUsdt;
  const perUsdt = priceOf(rates, `USDT${currency}`);
  if (perUsdt) return Decimal.ONE.div(perUsdt, CONVERSION_SCALE, 'half-even');
  throw new TradingMathError('NOT_TRADABLE_NOW', `no price converts ${currency} to USDT`);
}

/** `quoteToUsdtRate`, or null where it would refuse (a preview shows no USDT figure then). */
export function findQuoteToUsdtRate(quoteCurrency: string, rates: RateSource, usdIsUsdt: boolean): Decimal | null {
  try {
    return quoteToUsdtRate(quoteCurrency, rates, usdIsUsdt);
  } catch (error) {
    if (error instanceof TradingMathError) return null;
    throw error;
  }
}

/** Whether a figure in this quote currency is USDT without a market rate (USD settled 1:1). */
export function isUsdQuoted(quoteCurrency: string): boolean {
  const currency = quoteCurrency.trim().toUpperCase();
  return currency === 'USD' || currency === 'USDT';
}

/** The price of `code`, null when the source has none; a price that is not positive is refused. */
function priceOf(rates: RateSource, code: string): Decimal | null {
  const raw = rates(code);
  if (raw === null) return null;
  let price: Decimal;
  try {
    price = Decimal.parse(raw);
  } catch (error) {
    if (error instanceof MoneyFormatError) {
      throw new TradingMathError('NOT_TRADABLE_NOW', `the price of ${code} ("${raw}") is not a decimal`);
    }
    throw error;
  }
  if (!price.isPositive()) throw new TradingMathError('NOT_TRADABLE_NOW', `the price of ${code} is ${raw}`);
  return price;
}

/** Places kept after converting with a rounded rate: far below a USDT minor unit (6). */
const CONVERSION_RESULT_SCALE = 12;

/** `quoteAmount × rateToUsdt`, exact (not rounded). */
export function convertToUsdt(quoteAmount: DecimalInput, rateToUsdt: DecimalInput): Decimal {
  // A rate such as 1 ÷ 150 is carried to 30 places; the product is then rounded to 12 so the
  // rate's last-place rounding never pushes a later round-up past a whole minor unit
  // (7,500,000 JPY × (1 ÷ 150) is 50,000 USDT, not 50,000.000000000000000001).
  return Decimal.from(quoteAmount).mul(positiveRate(rateToUsdt)).round(CONVERSION_RESULT_SCALE, 'half-even');
}
