import { CATALOGUE, type TOptionSeriesQuote, ZOptionSeriesQuote } from '@openbourse/contracts';
import { isQuoteLive } from './options-math';

/**
 * The quote a ticket (buying, at the ask) or a sale (selling back, at the bid) stands on (issue
 * 19). The user confirms a price; the server fills at it or better, or answers with a new quote
 * (10224 expired, 10225 moved). A new quote replaces the old one and the user is told the new
 * price and asked to confirm again: nothing is ever sent again on the user's behalf. While the
 * user reads, an expired quote is swapped for the chain's fresh one; if its price differs, that
 * is said the same way.
 */

export type QuoteSide = 'ask' | 'bid';

export type QuoteNotice = { kind: 'priceChanged'; previous: string | null; price: string | null };

export type QuoteState = { quote: TOptionSeriesQuote; notice: QuoteNotice | null };

export type QuoteEvent =
  /** The server refused the quote and sent this one (10224, 10225). */
  | { type: 'requoted'; quote: TOptionSeriesQuote }
  /** The chain was read again; `now` decides whether the quote held has expired. */
  | { type: 'refreshed'; quote: TOptionSeriesQuote | null; now: number }
  /** The user confirmed: the notice has been read. */
  | { type: 'sent' };

export function initialQuoteState(quote: TOptionSeriesQuote): QuoteState {
  return { quote, notice: null };
}

export function quoteReducer(side: QuoteSide) {
  return (state: QuoteState, event: QuoteEvent): QuoteState => {
    switch (event.type) {
      case 'sent':
        return state.notice === null ? state : { ...state, notice: null };
      case 'requoted':
        if (event.quote.seriesId !== state.quote.seriesId) return state;
        return {
          quote: event.quote,
          notice: { kind: 'priceChanged', previous: state.quote[side], price: event.quote[side] },
        };
      case 'refreshed': {
        const fresh = event.quote;
        if (!fresh || fresh.seriesId !== state.quote.seriesId || fresh.quoteId === state.quote.quoteId) return state;
        if (isQuoteLive(state.quote, event.now) || !isQuoteLive(fresh, event.now)) return state;
        if (fresh[side] === state.quote[side]) return { ...state, quote: fresh };
        return { quote: fresh, notice: { kind: 'priceChanged', previous: state.quote[side], price: fresh[side] } };
      }
    }
  };
}

/** The new quote a refusal carries (10224 quote expired, 10225 price moved), or null for any other answer. */
export function requoteOf(code: number, data: unknown): TOptionSeriesQuote | null {
  if (code !== CATALOGUE.OPTIONS_QUOTE_EXPIRED.code && code !== CATALOGUE.OPTIONS_PRICE_MOVED.code) return null;
  if (typeof data !== 'object' || data === null || !('quote' in data)) return null;
  const parsed = ZOptionSeriesQuote.safeParse(data.quote);
  return parsed.success ? parsed.data : null;
}
