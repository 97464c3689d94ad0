import { describe, expect, it } from 'vitest';
import { messageToShow } from './errors';

describe('the message shown for a refusal', () => {
  it('is the client’s own catalogue text in the reader’s language', () => {
    expect(messageToShow('Enter the loan amount.', 'Enter the loan amount.')).toBe('Enter the loan amount.');
  });

  it('is the server’s message when the catalogue text has blanks only the server can fill', () => {
    expect(
      messageToShow(
        'You owe {outstanding}; you cannot repay more than that.',
        'You owe 1013.5 USDT; you cannot repay more than that.',
      ),
    ).toBe('You owe 1013.5 USDT; you cannot repay more than that.');
  });

  it('keeps the catalogue text, blanks and all, when the server sent no message', () => {
    expect(messageToShow('{asset} is not accepted as collateral for this loan.', '')).toBe(
      '{asset} is not accepted as collateral for this loan.',
    );
  });

  it('falls back to the server’s message for a code the client does not know', () => {
    expect(messageToShow('', 'Something new went wrong.')).toBe('Something new went wrong.');
  });
});
