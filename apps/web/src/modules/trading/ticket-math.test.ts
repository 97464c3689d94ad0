import { Decimal } from '@openbourse/money';
import { describe, expect, it } from 'vitest';
import {
  affordabilityProblem,
  amountForInput,
  amountSize,
  closeLotsProblem,
  computePreview,
  entryProblem,
  freeForOrder,
  fundsOf,
  leverageMarks,
  leverageProblem,
  leverageWithinCap,
  lotsForUsdtAmount,
  lotsProblem,
  lotsSize,
  marginBand,
  parseAmountInput,
  parseInput,
  pnlUsdt,
  quoteToUsdtRate,
  riskAtStopLoss,
  sizeRefusal,
  stepLots,
  stopProblems,
  type TicketInstrument,
  trailingProblem,
  withLivePnl,
} from './ticket-math';

const d = (value: string) => Decimal.parse(value);

const BTC: TicketInstrument = {
  tickSize: '0.01',
  contractSize: '1',
  minLots: '0.0001',
  maxLots: '100',
  lotStep: '0.0001',
  leverageCap: 2,
  quoteCurrency: 'USDT',
};
const EURUSD: TicketInstrument = {
  tickSize: '0.00001',
  contractSize: '100000',
  minLots: '0.01',
  maxLots: '50',
  lotStep: '0.01',
  leverageCap: 30,
  quoteCurrency: 'USD',
};
const USDJPY: TicketInstrument = { ...EURUSD, tickSize: '0.001', quoteCurrency: 'JPY' };

describe('parseInput', () => {
  it('reads plain decimals, a decimal comma and a leading point', () => {
    expect(parseInput('0.5')?.toString()).toBe('0.5');
    expect(parseInput(' 0,5 ')?.toString()).toBe('0.5');
    expect(parseInput('.25')?.toString()).toBe('0.25');
    expect(parseInput('1 000')?.toString()).toBe('1000');
  });

  it('refuses what the API would refuse', () => {
    for (const text of ['', 'abc', '-1', '1e3', '1.', '1,000.5,1', '0.1234567890123']) {
      expect(parseInput(text), text).toBeNull();
    }
  });
});

describe('lots', () => {
  it("asks for a value, and refuses with the rules' name (the 10016 message) what they refuse", () => {
    expect(lotsProblem('', EURUSD)).toBe('required');
    for (const text of ['x', '0', '0.001', '51', '0.015']) {
      expect(lotsProblem(text, EURUSD), text).toBe('PURCHASE_AMOUNT_WRONG');
    }
    expect(lotsProblem('0.02', EURUSD)).toBeNull();
    expect(lotsProblem('1,5', EURUSD)).toBeNull();
  });

  it('steps up and down on the lot grid, within min and max', () => {
    expect(stepLots('0.01', 1, EURUSD)).toBe('0.02');
    expect(stepLots('0.02', -1, EURUSD)).toBe('0.01');
    expect(stepLots('0.01', -1, EURUSD)).toBe('0.01');
    expect(stepLots('0.015', 1, EURUSD)).toBe('0.02');
    expect(stepLots('0.015', -1, EURUSD)).toBe('0.01');
    expect(stepLots('', 1, EURUSD)).toBe('0.01');
    expect(stepLots('50', 1, EURUSD)).toBe('50');
  });

  it('checks the lots to close against the position', () => {
    expect(closeLotsProblem('', '1', '0.01')).toBe('required');
    expect(closeLotsProblem('0', '1', '0.01')).toBe('PURCHASE_AMOUNT_WRONG');
    expect(closeLotsProblem('1.01', '1', '0.01')).toBe('PURCHASE_AMOUNT_WRONG');
    expect(closeLotsProblem('0.505', '1', '0.01')).toBe('PURCHASE_AMOUNT_WRONG');
    expect(closeLotsProblem('0.5', '1', '0.01')).toBeNull();
    expect(closeLotsProblem('1', '1', null)).toBeNull();
  });
});

describe('leverage', () => {
  it('asks the rules with the cap (10139)', () => {
    expect(leverageProblem(30, 30)).toBeNull();
    expect(leverageProblem(31, 30)).toBe('LEVERAGE_INVALID');
  });

  it('marks the slider without crowding it', () => {
    expect(leverageMarks(2)).toEqual([1, 2]);
    expect(leverageMarks(5)).toEqual([1, 2, 5]);
    expect(leverageMarks(10)).toEqual([1, 2, 5, 10]);
    expect(leverageMarks(20)).toEqual([1, 5, 10, 20]);
    expect(leverageMarks(30)).toEqual([1, 5, 10, 20, 30]);
  });
});

// The rules themselves are tested in packages/trading-rules; these check how typed text reaches them.
describe('price fields as typed', () => {
  const ref = d('100');
  it('reads an empty field as not set and a decimal comma as a point', () => {
    expect(stopProblems('long', ref, '', '', '0.01')).toEqual({ stopLoss: null, takeProfit: null });
    expect(stopProblems('long', ref, '99,5', ' 101 ', '0.01')).toEqual({ stopLoss: null, takeProfit: null });
    expect(stopProblems('long', ref, '101', '', '0.01').stopLoss).toBe('STOP_LOSS_UNREASONABLE');
    expect(stopProblems('short', ref, '95', '105', '0.01').takeProfit).toBe('STOP_COMBINATION_UNREASONABLE');
    expect(stopProblems('long', null, '101', '', '0.01').stopLoss).toBeNull();
  });

  it('refuses text that is no decimal, or not whole ticks, as a malformed price (10140)', () => {
    expect(stopProblems('long', ref, 'abc', '', '0.01').stopLoss).toBe('PRICE_INVALID');
    expect(stopProblems('long', ref, '99.005', '', '0.01').stopLoss).toBe('PRICE_INVALID');
    expect(trailingProblem('', '0.01')).toBeNull();
    expect(trailingProblem('0,5', '0.01')).toBeNull();
    expect(trailingProblem('1e3', '0.01')).toBe('PRICE_INVALID');
    expect(trailingProblem('0', '0.01')).toBe('PRICE_INVALID');
  });

  it('checks a pending entry for its format, then against the current price when there is one', () => {
    const current = d('100');
    expect(entryProblem('long', 'limit', '99', current, '0.01')).toBeNull();
    expect(entryProblem('short', 'stop', '100', current, '0.01')).toBe('ENTRY_PRICE_UNREASONABLE');
    expect(entryProblem('long', 'limit', '', current, '0.01')).toBe('PRICE_INVALID');
    expect(entryProblem('long', 'limit', '99.001', current, '0.01')).toBe('PRICE_INVALID');
    expect(entryProblem('long', 'limit', '101', null, '0.01')).toBeNull();
  });
});

describe('conversion to USDT', () => {
  const rates = (table: Record<string, string>) => (code: string) => table[code] ?? null;
  it('settles USD as USDT unless told otherwise, and finds no rate rather than throwing', () => {
    expect(quoteToUsdtRate('USD', rates({}))?.toString()).toBe('1');
    expect(quoteToUsdtRate('USD', rates({}), false)).toBeNull();
    expect(quoteToUsdtRate('GBP', rates({ GBPUSD: '1.315' }))?.toString()).toBe('1.315');
    expect(quoteToUsdtRate('XYZ', rates({}))).toBeNull();
  });
});

describe('preview', () => {
  it('BTCUSDT: notional, margin, fee and tick value', () => {
    const preview = computePreview({
      instrument: BTC,
      side: 'long',
      lots: d('0.5'),
      leverage: 2,
      price: d('60000'),
      rateToUsdt: Decimal.ONE,
      feeRate: '0.001',
      account: null,
    });
    expect(preview?.notionalQuote.toString()).toBe('30000');
    expect(preview?.notionalUsdt?.toString()).toBe('30000');
    expect(preview?.margin?.toString()).toBe('15000');
    expect(preview?.fee?.toString()).toBe('30');
    expect(preview?.pipValueQuote.toString()).toBe('0.005');
    expect(preview?.stopOutPrice).toBeNull();
  });

  it('EURUSD: one lot at 30:1, with the stop-out estimate for this position alone', () => {
    const account = { equity: '10000', usedMargin: '0', stopOutLevel: '0.5' };
    const long = computePreview({
      instrument: EURUSD,
      side: 'long',
      lots: d('1'),
      leverage: 30,
      price: d('1.158'),
      rateToUsdt: Decimal.ONE,
      feeRate: '0.0001',
      account,
    });
    expect(long?.notionalUsdt?.toString()).toBe('115800');
    expect(long?.margin?.toString()).toBe('3860');
    expect(long?.fee?.toString()).toBe('11.58');
    expect(long?.pipValueUsdt?.toString()).toBe('1');
    // E = 10000 − 11.58; 0.5 × 3860 − E = −8058.42; k = 100000: 1.158 − 0.0805842, down to a tick.
    expect(long?.stopOutPrice?.toString()).toBe('1.07741');
    const short = computePreview({ ...longInput(account), side: 'short' });
    expect(short?.stopOutPrice?.toString()).toBe('1.23859');
  });

  it('USDJPY: the notional is converted by 1 ÷ USDJPY and the margin rounded up', () => {
    const rate = quoteToUsdtRate('JPY', (code) => (code === 'USDJPY' ? '150' : null));
    const preview = computePreview({
      instrument: USDJPY,
      side: 'long',
      lots: d('1'),
      leverage: 30,
      price: d('150'),
      rateToUsdt: rate,
      feeRate: '0.0001',
      account: null,
    });
    expect(preview?.notionalQuote.toString()).toBe('15000000');
    expect(preview?.notionalUsdt?.toString()).toBe('100000');
    expect(preview?.margin?.toString()).toBe('3333.333334');
    expect(preview?.fee?.toString()).toBe('10');
  });

  it('without a conversion the USDT figures are unknown rather than guessed', () => {
    const preview = computePreview({
      instrument: USDJPY,
      side: 'long',
      lots: d('1'),
      leverage: 30,
      price: d('150'),
      rateToUsdt: null,
      feeRate: '0.0001',
      account: { equity: '1000', usedMargin: '0', stopOutLevel: '0.5' },
    });
    expect(preview?.notionalUsdt).toBeNull();
    expect(preview?.margin).toBeNull();
    expect(preview?.fee).toBeNull();
    expect(preview?.stopOutPrice).toBeNull();
  });
});

function longInput(account: { equity: string; usedMargin: string; stopOutLevel: string }) {
  return {
    instrument: EURUSD,
    side: 'long' as const,
    lots: d('1'),
    leverage: 30,
    price: d('1.158'),
    rateToUsdt: Decimal.ONE,
    feeRate: '0.0001',
    account,
  };
}

describe('open positions', () => {
  it('P&L of a USD(T)-quoted position, floored to the USDT minor unit like the server', () => {
    expect(pnlUsdt('long', '0.5', '60000', '60100', '1')?.toString()).toBe('50');
    expect(pnlUsdt('short', '0.5', '60000', '60100', '1')?.toString()).toBe('-50');
    expect(pnlUsdt('long', '1', '1.15800', '1.15750', '100000')?.toString()).toBe('-50');
    expect(pnlUsdt('long', '0.333', '1', '1.0000001', '1')?.toString()).toBe('0');
    expect(pnlUsdt('short', '0.333', '1', '1.0000001', '1')?.toString()).toBe('-0.000001');
    expect(pnlUsdt('long', '1', '1', '0', '1')).toBeNull();
  });

  it('colours the margin level by risk band', () => {
    expect(marginBand(null)).toBe('none');
    expect(marginBand('2.5')).toBe('safe');
    expect(marginBand('2')).toBe('watch');
    expect(marginBand('1')).toBe('watch');
    expect(marginBand('0.99')).toBe('warning');
    expect(marginBand('0.5')).toBe('danger');
    expect(marginBand('0.1')).toBe('danger');
  });
});

describe('withLivePnl', () => {
  // The server's figures when it last looked: 99,699.70 available, 300 held, P&L 0.
  const server = {
    balance: '99699.700000',
    equity: '99999.700000',
    usedMargin: '300.000000',
    freeMargin: '99699.700000',
    marginLevel: '333.332333',
    unrealisedPnl: '0.000000',
    stopOutLevel: '0.5',
  };

  it('puts the live P&L in place of the server one: equity, free margin and margin level follow', () => {
    // 99,999.70 − 0 + 3 = 100,002.70; free 100,002.70 − 300; level 100,002.70 ÷ 300 = 333.342333…
    expect(withLivePnl(server, d('3'))).toEqual({
      ...server,
      equity: '100002.7',
      freeMargin: '99702.7',
      unrealisedPnl: '3',
      marginLevel: '333.342333',
    });
    // A loss, where the server had −10: 99,989.70 + 10 − 150.25 = 99,849.45; level ÷ 300 = 332.8315
    // (written as the server writes it: rounded down to six places, no trailing zeros).
    expect(withLivePnl({ ...server, unrealisedPnl: '-10.000000', equity: '99989.700000' }, d('-150.25'))).toMatchObject(
      {
        equity: '99849.45',
        marginLevel: '332.8315',
      },
    );
  });

  it("keeps the server's summary when the live P&L is unknown, and has no level without margin", () => {
    expect(withLivePnl(server, null)).toBe(server);
    const flat = { ...server, usedMargin: '0.000000', marginLevel: null, equity: '99699.700000' };
    expect(withLivePnl(flat, d('0')).marginLevel).toBeNull();
  });
});

describe('the ticket before review: what the server would refuse, and the size in USDT', () => {
  const SOL: TicketInstrument = {
    tickSize: '0.01',
    contractSize: '1',
    minLots: '0.01',
    maxLots: '1000',
    lotStep: '0.01',
    leverageCap: 10,
    quoteCurrency: 'USDT',
  };

  it('converts a USDT amount to lots, rounded down to the lot step', () => {
    // 1,000 USDT at 150 is 6.666… lots: 6.66 in steps of 0.01.
    expect(lotsForUsdtAmount(d('1000'), d('150'), SOL, Decimal.ONE)?.toString()).toBe('6.66');
    expect(lotsForUsdtAmount(d('1.49'), d('150'), SOL, Decimal.ONE)?.toString()).toBe('0');
    expect(lotsForUsdtAmount(d('1.5'), d('150'), SOL, Decimal.ONE)?.toString()).toBe('0.01');
    // A JPY-quoted forex lot: 100,000 × 150 JPY × (1 ÷ 150) = 100,000 USDT a lot.
    const usdJpy = { ...SOL, contractSize: '100000', lotStep: '0.01' };
    expect(lotsForUsdtAmount(d('25000'), d('150'), usdJpy, d('1').div(d('150'), 30, 'half-even'))?.toString()).toBe(
      '0.25',
    );
    expect(lotsForUsdtAmount(d('1000'), null, SOL, Decimal.ONE)).toBeNull();
    expect(lotsForUsdtAmount(d('1000'), d('150'), SOL, null)).toBeNull();
  });

  it('gives the loss at the stop loss plus the fee, as the server settles it', () => {
    // Long 2 at 150, stop loss 140: −20, plus a 0.30 fee.
    expect(riskAtStopLoss('long', d('2'), d('150'), d('140'), SOL, Decimal.ONE, d('0.3'))?.toString()).toBe('20.3');
    // Short 1 at 150, stop loss 151.5: −1.5, plus 0.15.
    expect(riskAtStopLoss('short', d('1'), d('150'), d('151.5'), SOL, Decimal.ONE, d('0.15'))?.toString()).toBe('1.65');
    expect(riskAtStopLoss('long', d('2'), d('150'), null, SOL, Decimal.ONE, d('0.3'))).toBeNull();
  });

  it('refuses an order the free margin does not cover (100 lots on a small account), with the fee for a market order only', () => {
    const funds = fundsOf({ balance: '100.000000', unrealisedPnl: '-10.000000' });
    expect(funds).toEqual({ available: 100_000_000n, unrealised: -10_000_000n });
    expect(freeForOrder(funds ?? { available: 0n, unrealised: 0n }).toString()).toBe('90');
    expect(affordabilityProblem(funds, d('15000'), d('15'), false)).toBe('INSUFFICIENT_ACCOUNT_BALANCE');
    expect(affordabilityProblem(funds, d('89.9'), d('0.1'), false)).toBeNull();
    expect(affordabilityProblem(funds, d('89.9'), d('0.2'), false)).toBe('INSUFFICIENT_ACCOUNT_BALANCE');
    // A pending order pays its fee when it fills.
    expect(affordabilityProblem(funds, d('89.9'), d('0.2'), true)).toBeNull();
    // Signed out or not read yet: the server decides.
    expect(affordabilityProblem(null, d('15000'), d('15'), false)).toBeNull();
  });

  it('clamps a leverage typed above the cap to the cap and says so', () => {
    expect(leverageWithinCap(50, 10)).toEqual({ leverage: 10, clamped: true });
    expect(leverageWithinCap(5, 10)).toEqual({ leverage: 5, clamped: false });
    expect(leverageWithinCap(0, 10)).toEqual({ leverage: 1, clamped: false });
  });
});

describe('amount mode: a USDT amount as typed, its lots, and what refuses it', () => {
  // BTCUSDT as listed (instruments.ts): lots 0.0001 to 100 in steps of 0.00001, 1:2 at most.
  const BTCUSDT: TicketInstrument = { ...BTC, lotStep: '0.00001' };
  const EMPTY = fundsOf({ balance: '0.000000', unrealisedPnl: '0.000000' });
  const read = (text: string, locale: string) => parseAmountInput(text, locale)?.toString() ?? null;

  it('reads grouping and decimal marks as the reader’s locale writes them', () => {
    expect(read('9000000', 'en')).toBe('9000000');
    expect(read('9,000,000', 'en')).toBe('9000000');
    expect(read('9,000,000.50', 'en')).toBe('9000000.5');
    expect(read('9.000.000,50', 'de')).toBe('9000000.5');
    expect(read('9\u202f000\u202f000,50', 'fr')).toBe('9000000.5');
    expect(read('9 000 000', 'fr')).toBe('9000000');
    expect(read('9.000.000', 'it')).toBe('9000000');
    expect(read("9'000'000.5", 'en')).toBe('9000000.5');
    // A lone mark with three digits after it: the locale decides.
    expect(read('9,000', 'en')).toBe('9000');
    expect(read('9,000', 'de')).toBe('9');
    expect(read('9.000', 'de')).toBe('9000');
    expect(read('9.000', 'en')).toBe('9');
    expect(read('9,000', 'es')).toBe('9');
    expect(read('9,000', 'ja')).toBe('9000');
    // A lone mark that cannot group thousands is a decimal mark, whatever the locale.
    expect(read('0,5', 'en')).toBe('0.5');
    expect(read('1,50', 'en')).toBe('1.5');
    expect(read('0.500', 'de')).toBe('0.5');
    expect(read(',25', 'en')).toBe('0.25');
    expect(read('.25', 'de')).toBe('0.25');
    // Both marks: the last one is the decimal mark.
    expect(read('1.234,56', 'en')).toBe('1234.56');
    expect(read('1,234.56', 'de')).toBe('1234.56');
    // Arabic-Indic digits and the Arabic marks.
    expect(read('\u0669\u066c\u0660\u0660\u0660\u066b\u0665', 'ar')).toBe('9000.5');
    expect(read('9,000.5', 'ar')).toBe('9000.5');
    // Any number of decimals: the amount only chooses the lots, rounded down.
    expect(read('100.12345678901234567', 'en')).toBe('100.12345678901234567');
    expect(read('  250  ', 'en')).toBe('250');
  });

  it('refuses text that is no amount', () => {
    for (const text of ['', ' ', '.', ',', 'abc', '-5', '+5', '1e3', '9 USDT', '1,2,3', '1,00,000', '0,500,000']) {
      expect(read(text, 'en'), text).toBeNull();
    }
    for (const text of ['1.000,000.5', '1 000.000,5', '1,000.5.5', '12,34,567']) {
      expect(read(text, 'de'), text).toBeNull();
    }
  });

  it('carries an amount into the field with the locale’s decimal mark', () => {
    expect(amountForInput(d('8999999.99'), 'en')).toBe('8999999.99');
    expect(amountForInput(d('8999999.99'), 'de')).toBe('8999999,99');
    expect(parseAmountInput(amountForInput(d('1234.5'), 'fr'), 'fr')?.toString()).toBe('1234.5');
    expect(parseAmountInput(amountForInput(d('1234.567'), 'de'), 'de')?.toString()).toBe('1234.567');
  });

  it('converts 9,000,000 USDT on BTCUSDT to lots rounded down to 0.00001', () => {
    // 9,000,000 ÷ 89,950 = 100.0555864… lots → 100.05558.
    expect(amountSize('9,000,000', 'en', d('89950'), BTCUSDT, Decimal.ONE)).toEqual({
      lots: d('100.05558'),
      problem: { kind: 'lots', reason: 'above_max' },
    });
    // 9,000,000 ÷ 90,050 = 99.9444752… lots → 99.94447, within the rules.
    expect(amountSize('9000000', 'en', d('90050'), BTCUSDT, Decimal.ONE)).toEqual({
      lots: d('99.94447'),
      problem: null,
    });
    // Exactly 90,000: exactly 100 lots, the most allowed.
    expect(amountSize('9.000.000', 'de', d('90000'), BTCUSDT, Decimal.ONE)).toEqual({ lots: d('100'), problem: null });
    // 9 USDT at 90,000 is the smallest order, 0.0001; 8.99 buys 0.00009, below it; 0.5 buys none.
    expect(amountSize('9', 'en', d('90000'), BTCUSDT, Decimal.ONE)).toEqual({ lots: d('0.0001'), problem: null });
    expect(amountSize('8,99', 'de', d('90000'), BTCUSDT, Decimal.ONE)).toEqual({
      lots: d('0.00009'),
      problem: { kind: 'lots', reason: 'below_min' },
    });
    expect(amountSize('0.5', 'en', d('90000'), BTCUSDT, Decimal.ONE)).toEqual({
      lots: d('0'),
      problem: { kind: 'lots', reason: 'not_positive' },
    });
    // 9,000 in English is nine thousand: 0.1 lots; in German it is nine: 0.0001 lots.
    expect(amountSize('9,000', 'en', d('90000'), BTCUSDT, Decimal.ONE).lots?.toString()).toBe('0.1');
    expect(amountSize('9,000', 'de', d('90000'), BTCUSDT, Decimal.ONE).lots?.toString()).toBe('0.0001');
  });

  it('asks for an amount, refuses a malformed one, and refuses nothing while no price converts it', () => {
    expect(amountSize('', 'en', d('90000'), BTCUSDT, Decimal.ONE)).toEqual({
      lots: null,
      problem: { kind: 'amountRequired' },
    });
    expect(amountSize('9,00,000', 'en', d('90000'), BTCUSDT, Decimal.ONE)).toEqual({
      lots: null,
      problem: { kind: 'amountInvalid' },
    });
    // A pending order without its entry price yet, or a quote nothing converts: lots unknown.
    expect(amountSize('9000000', 'en', null, BTCUSDT, Decimal.ONE)).toEqual({ lots: null, problem: null });
    expect(amountSize('9000000', 'en', d('90000'), BTCUSDT, null)).toEqual({ lots: null, problem: null });
  });

  /** The ticket's chain: the size, the preview of valid lots, then the refusal. */
  const refusalFor = (
    text: string,
    price: string,
    funds: ReturnType<typeof fundsOf>,
    mode: 'usdt' | 'lots' = 'usdt',
    isPendingOrder = false,
  ) => {
    const size = mode === 'usdt' ? amountSize(text, 'en', d(price), BTCUSDT, Decimal.ONE) : lotsSize(text, BTCUSDT);
    const preview =
      size.lots && size.problem === null
        ? computePreview({
            instrument: BTCUSDT,
            side: 'long',
            lots: size.lots,
            leverage: 1,
            price: d(price),
            rateToUsdt: Decimal.ONE,
            feeRate: '0.001',
            account: null,
          })
        : null;
    return sizeRefusal(size, funds, preview, isPendingOrder);
  };

  it('on an empty account, refuses valid lots for the balance, and only lots below the minimum as too small', () => {
    // 99.94447 lots at 90,050 are valid lots: the account cannot pay for them.
    expect(refusalFor('9,000,000', '90050', EMPTY)).toEqual({ kind: 'afford' });
    expect(refusalFor('9000000', '90000', EMPTY)).toEqual({ kind: 'afford' });
    // 100.05558 lots at 89,950 are more than the most: the lots are refused first, as the server does.
    expect(refusalFor('9000000', '89950', EMPTY)).toEqual({ kind: 'lots', reason: 'above_max' });
    expect(refusalFor('90,000,000', '90000', EMPTY)).toEqual({ kind: 'lots', reason: 'above_max' });
    // The smallest order is 9 USDT at 90,000; below it the amount buys too little.
    expect(refusalFor('9', '90000', EMPTY)).toEqual({ kind: 'afford' });
    expect(refusalFor('8.99', '90000', EMPTY)).toEqual({ kind: 'lots', reason: 'below_min' });
    expect(refusalFor('0.5', '90000', EMPTY)).toEqual({ kind: 'lots', reason: 'not_positive' });
    // The same rules for lots typed.
    expect(refusalFor('100', '90000', EMPTY, 'lots')).toEqual({ kind: 'afford' });
    expect(refusalFor('100.00001', '90000', EMPTY, 'lots')).toEqual({ kind: 'lots', reason: 'above_max' });
    expect(refusalFor('', '90000', EMPTY, 'lots')).toEqual({ kind: 'required' });
    // Account figures not read yet: the server decides the money.
    expect(refusalFor('9000000', '90050', null)).toBeNull();
  });

  it('lets an account that covers margin and fee to the minor unit through', () => {
    // 99.94447 × 90,050 = 8,999,999.5235 USDT of margin at 1:1; the fee 0.1% of it,
    // 8,999.9995235, is 8,999.999524 rounded up: 9,008,999.523024 in all.
    const enough = fundsOf({ balance: '9008999.523024', unrealisedPnl: '0' });
    const short = fundsOf({ balance: '9008999.523023', unrealisedPnl: '0' });
    expect(refusalFor('9,000,000', '90050', enough)).toBeNull();
    expect(refusalFor('9,000,000', '90050', short)).toEqual({ kind: 'afford' });
    // A pending order pays no fee before it fills.
    const marginOnly = fundsOf({ balance: '8999999.5235', unrealisedPnl: '0' });
    expect(refusalFor('9,000,000', '90050', marginOnly, 'usdt', true)).toBeNull();
    expect(refusalFor('9,000,000', '90050', marginOnly)).toEqual({ kind: 'afford' });
  });
});
