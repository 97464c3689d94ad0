import { describe, expect, it } from 'vitest';
import { series } from './options.testkit';
import { initialQuoteState, quoteReducer, requoteOf } from './quote-state';

const ask = quoteReducer('ask');
const bid = quoteReducer('bid');
const before = Date.parse('2026-11-27T10:00:10Z');
const after = Date.parse('2026-11-27T10:00:20Z');
const held = series({ quoteId: 'q-1', ask: '12.34', bid: '11.9', quoteValidUntil: '2026-11-27T10:00:15.000Z' });
const next = (overrides: Parameters<typeof series>[0]) =>
  series({ quoteId: 'q-2', quoteValidUntil: '2026-11-27T10:00:30.000Z', ...overrides });

describe('a new quote from the server (10224, 10225)', () => {
  it('replaces the quote and says the new price, to be confirmed again', () => {
    const state = ask(initialQuoteState(held), { type: 'requoted', quote: next({ ask: '12.80' }) });
    expect(state.quote.quoteId).toBe('q-2');
    expect(state.notice).toEqual({ kind: 'priceChanged', previous: '12.34', price: '12.80' });
  });

  it('tells a sale its new bid', () => {
    const state = bid(initialQuoteState(held), { type: 'requoted', quote: next({ bid: '11.5' }) });
    expect(state.notice).toEqual({ kind: 'priceChanged', previous: '11.9', price: '11.5' });
  });

  it('ignores a quote of another series', () => {
    const start = initialQuoteState(held);
    expect(ask(start, { type: 'requoted', quote: next({ seriesId: '9' }) })).toBe(start);
  });

  it('forgets the notice once the user confirms again', () => {
    const requoted = ask(initialQuoteState(held), { type: 'requoted', quote: next({ ask: '12.80' }) });
    expect(ask(requoted, { type: 'sent' }).notice).toBeNull();
  });
});

describe('the chain read again while the ticket is open', () => {
  it('keeps a quote that still holds', () => {
    const start = initialQuoteState(held);
    expect(ask(start, { type: 'refreshed', quote: next({ ask: '13' }), now: before })).toBe(start);
  });

  it('swaps an expired quote for the fresh one silently when the price is the same', () => {
    const state = ask(initialQuoteState(held), { type: 'refreshed', quote: next({ ask: '12.34' }), now: after });
    expect(state.quote.quoteId).toBe('q-2');
    expect(state.notice).toBeNull();
  });

  it('says so when the fresh quote has another price', () => {
    const state = ask(initialQuoteState(held), { type: 'refreshed', quote: next({ ask: '12.5' }), now: after });
    expect(state.notice).toEqual({ kind: 'priceChanged', previous: '12.34', price: '12.5' });
  });

  it('keeps the quote when the series is gone or the fresh one has expired too', () => {
    const start = initialQuoteState(held);
    expect(ask(start, { type: 'refreshed', quote: null, now: after })).toBe(start);
    expect(
      ask(start, { type: 'refreshed', quote: next({ quoteValidUntil: '2026-11-27T10:00:18.000Z' }), now: after }),
    ).toBe(start);
  });
});

describe('reading a refusal', () => {
  it('finds the new quote of 10224 and 10225, and nothing in other answers', () => {
    const quote = next({ ask: '12.8' });
    expect(requoteOf(10225, { quote })).toEqual(quote);
    expect(requoteOf(10224, { quote })).toEqual(quote);
    expect(requoteOf(10011, { quote })).toBeNull();
    expect(requoteOf(10225, null)).toBeNull();
    expect(requoteOf(10225, { quote: { seriesId: 'x' } })).toBeNull();
  });
});
