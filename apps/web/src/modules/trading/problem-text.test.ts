import { describe, expect, it } from 'vitest';
import { sizeProblemText } from './problem-text';

/** The translation keys themselves, so the test reads which texts were chosen. */
const t = (key: string) => `<${key}>`;
const BTCUSDT = { minLots: '0.0001', maxLots: '100', lotStep: '0.00001' };

describe('the size refusal’s words', () => {
  it('says an amount buys too little only when its lots are below the minimum, too much only above the maximum', () => {
    const text = (reason: 'below_min' | 'not_positive' | 'above_max' | 'off_step', amountMode = true) =>
      sizeProblemText({ kind: 'lots', reason }, BTCUSDT, amountMode, 'en', t);
    for (const reason of ['below_min', 'not_positive'] as const) {
      expect(text(reason)).toContain('<trading.ticket.amountTooSmall>');
      expect(text(reason)).not.toContain('<trading.ticket.amountTooLarge>');
    }
    expect(text('above_max')).toContain('<trading.ticket.amountTooLarge>');
    expect(text('above_max')).not.toContain('<trading.ticket.amountTooSmall>');
    expect(text('off_step')).not.toMatch(/amountToo/);
    // Each names the lots rule; typed in lots, no amount is mentioned.
    expect(text('above_max')).toContain('<trading.ticket.lotsRule>');
    expect(text('below_min', false)).not.toMatch(/amountToo/);
  });

  it('asks for an amount in amount mode and for lots in lots mode', () => {
    expect(sizeProblemText({ kind: 'amountRequired' }, BTCUSDT, true, 'en', t)).toBe('<trading.ticket.amountRequired>');
    expect(sizeProblemText({ kind: 'required' }, BTCUSDT, false, 'en', t)).toBe('<trading.ticket.lotsRequired>');
    expect(sizeProblemText({ kind: 'amountInvalid' }, BTCUSDT, true, 'en', t)).toBe('<trading.ticket.amountInvalid>');
  });
});
