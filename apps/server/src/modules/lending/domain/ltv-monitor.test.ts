import { Decimal } from '@openbourse/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ltvReaches, triggerPrice } from './ltv.js';
import { type LtvCrossing, type LtvCrossings, LtvMonitor, type MonitoredLoan } from './ltv-monitor.js';

const d = Decimal.parse;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

/** 30,000 USDT against 1 BTC: warning at 0.7 (42,857.14…), liquidation at 0.8 (37,500). */
const loan = (id: string, extra: Partial<MonitoredLoan> = {}): MonitoredLoan => ({
  loanId: id,
  collateralAsset: 'BTC',
  loanAsset: 'USDT',
  debt: d('30000'),
  collateral: d('1'),
  warnLtv: d('0.7'),
  liquidationLtv: d('0.8'),
  ...extra,
});
const ids = (crossings: readonly LtvCrossing[]) => crossings.map((c) => c.loanId);

describe('LTV monitor', () => {
  it('precomputes each loan’s warning and liquidation prices', () => {
    const monitor = new LtvMonitor();
    monitor.upsert(loan('a'));
    expect(monitor.triggerPricesOf('a')).toEqual({ warn: d('42857.142857142857142857'), liquidation: d('37500') });
    expect(monitor.size('BTC', 'USDT')).toBe(1);
    expect(monitor.size('ETH', 'USDT')).toBe(0);
  });

  it('crosses nothing above the trigger prices and exactly the loans at or below them', () => {
    const monitor = new LtvMonitor();
    monitor.upsert(loan('a'));
    monitor.upsert(loan('b', { debt: d('20000') })); // warn 28,571.43, liquidation 25,000
    expect(monitor.onPrice('BTC', 'USDT', '42857.142857142857142858')).toEqual({ warnings: [], liquidations: [] });
    // 42,857.142857142857142857 × 0.7 × 1 = 29,999.9999999999999999999 < 30,000: LTV just above 0.7
    const warned = monitor.onPrice('BTC', 'USDT', '42857.142857142857142857');
    expect(ids(warned.warnings)).toEqual(['a']);
    expect(warned.liquidations).toEqual([]);
    // the warning is disarmed until the loan is upserted again; the loan is still watched
    expect(monitor.onPrice('BTC', 'USDT', '40000')).toEqual({ warnings: [], liquidations: [] });
    expect(monitor.triggerPricesOf('a')?.warn).toBeNull();
    const liquidated = monitor.onPrice('BTC', 'USDT', '37500');
    expect(ids(liquidated.liquidations)).toEqual(['a']);
    expect(liquidated.liquidations[0]?.triggerPrice).toEqual(d('37500'));
    expect(monitor.has('a')).toBe(false);
    expect(monitor.has('b')).toBe(true);
  });

  it('reports a loan gapping through both prices as a liquidation only, in crossing order', () => {
    const monitor = new LtvMonitor();
    monitor.upsert(loan('low', { debt: d('20000') })); // liquidation 25,000
    monitor.upsert(loan('high')); // liquidation 37,500
    monitor.upsert(loan('high-too')); // the same prices, armed later
    monitor.upsert(loan('safe', { debt: d('1000') }));
    const crossed = monitor.onPrice('BTC', 'USDT', d('20000'));
    expect(ids(crossed.liquidations)).toEqual(['high', 'high-too', 'low']);
    expect(crossed.warnings).toEqual([]);
    expect(monitor.size()).toBe(1);
  });

  it('re-arms a warning and follows a new debt on upsert; forgets a removed loan', () => {
    const monitor = new LtvMonitor();
    monitor.upsert(loan('a'));
    monitor.onPrice('BTC', 'USDT', '42000');
    monitor.upsert(loan('a', { warnLtv: d('0.75') })); // 30,000 / 0.75 = 40,000
    expect(ids(monitor.onPrice('BTC', 'USDT', '41000').warnings)).toEqual([]);
    expect(ids(monitor.onPrice('BTC', 'USDT', '40000').warnings)).toEqual(['a']);
    monitor.upsert(loan('a', { debt: d('15000'), warnLtv: null })); // liquidation 18,750
    expect(monitor.onPrice('BTC', 'USDT', '20000')).toEqual({ warnings: [], liquidations: [] });
    expect(monitor.remove('a')).toBe(true);
    expect(monitor.remove('a')).toBe(false);
    expect(monitor.onPrice('BTC', 'USDT', '1')).toEqual({ warnings: [], liquidations: [] });
  });

  it('keeps pairs apart', () => {
    const monitor = new LtvMonitor();
    monitor.upsert(loan('btc'));
    monitor.upsert(loan('eth', { collateralAsset: 'ETH', collateral: d('20') })); // liquidation 1,875
    expect(monitor.onPrice('ETH', 'USDT', '1875').liquidations.map((c) => c.loanId)).toEqual(['eth']);
    expect(monitor.onPrice('BTC', 'USDC', '1').liquidations).toEqual([]);
    expect(monitor.has('btc')).toBe(true);
  });

  it('acts on no stale or old quote and keeps every loan armed', () => {
    const monitor = new LtvMonitor();
    monitor.upsert(loan('a'));
    const quote = { base: 'BTC', quote: 'USDT', price: d('100'), source: 'binance', time: NOW, isStale: true };
    expect(monitor.onQuote(quote, NOW)).toEqual({ warnings: [], liquidations: [], refused: 'source_stale' });
    expect(monitor.onQuote({ ...quote, isStale: false, time: NOW - 60_000 }, NOW).refused).toBe('too_old');
    expect(monitor.triggerPricesOf('a')).toEqual({ warn: d('42857.142857142857142857'), liquidation: d('37500') });
    const fresh = monitor.onQuote({ ...quote, isStale: false }, NOW);
    expect([fresh.refused, ids(fresh.liquidations)]).toEqual([null, ['a']]);
  });

  it('refuses a price with more digits than it keeps exactly', () => {
    const monitor = new LtvMonitor();
    monitor.upsert(loan('a'));
    expect(() => monitor.onPrice('BTC', 'USDT', '1.0000000000000000001')).toThrow(RangeError);
  });

  it('answers like a scan of every loan over random loans, updates and ticks', () => {
    const loanIds = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const pairs = [
      ['BTC', 'USDT'],
      ['ETH', 'USDT'],
    ] as const;
    const upsert = fc.record({
      op: fc.constant('upsert' as const),
      id: fc.constantFrom(...loanIds),
      pair: fc.constantFrom(0, 1),
      debt: fc.integer({ min: 0, max: 40 }).map((n) => d(String(n * 500))),
      collateral: fc.constantFrom('0.5', '1', '1.5', '2', '0.33333333').map(d),
      warnLtv: fc.option(fc.constantFrom('0.6', '0.7', '0.75').map(d), { nil: null }),
      liquidationLtv: fc.constantFrom('0.8', '0.85').map(d),
    });
    const remove = fc.record({ op: fc.constant('remove' as const), id: fc.constantFrom(...loanIds) });
    // prices on a coarse grid hit trigger prices exactly now and then (ties at the threshold)
    const tick = fc.record({
      op: fc.constant('tick' as const),
      pair: fc.constantFrom(0, 1),
      price: fc.oneof(
        fc.integer({ min: 1, max: 400 }).map((n) => d(String(n * 250))),
        fc.integer({ min: 1, max: 10 ** 9 }).map((n) => Decimal.fromMinorUnits(BigInt(n), 4)),
      ),
    });
    // a tick exactly at a watched loan's trigger price, or one step of the last digit either side
    const tickAt = fc.record({
      op: fc.constant('tick-at' as const),
      id: fc.constantFrom(...loanIds),
      level: fc.constantFrom('warn' as const, 'liquidation' as const),
      nudge: fc.constantFrom(-1n, 0n, 0n, 1n),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(upsert, remove, tick, tick, tickAt), { maxLength: 120, size: 'max' }), (ops) => {
        const monitor = new LtvMonitor();
        const model = new Map<string, { loan: MonitoredLoan; warnArmed: boolean; seq: number }>();
        let seq = 0;
        for (const op of ops) {
          if (op.op === 'upsert') {
            const [collateralAsset, loanAsset] = pairs[op.pair] as readonly [string, string];
            const { debt, collateral, warnLtv, liquidationLtv } = op;
            const entry: MonitoredLoan = {
              loanId: op.id,
              collateralAsset,
              loanAsset,
              debt,
              collateral,
              warnLtv,
              liquidationLtv,
            };
            monitor.upsert(entry);
            model.set(op.id, { loan: entry, warnArmed: entry.warnLtv !== null, seq: seq++ });
          } else if (op.op === 'remove') {
            expect(monitor.remove(op.id)).toBe(model.delete(op.id));
          } else if (op.op === 'tick-at') {
            const watched = model.get(op.id)?.loan;
            const level = op.level === 'warn' ? watched?.warnLtv : watched?.liquidationLtv;
            if (!watched || !level) continue;
            const at = triggerPrice(watched.debt, watched.collateral, level);
            if (at === null) continue;
            const price = at.add(Decimal.fromMinorUnits(op.nudge, 18));
            const got = monitor.onPrice(watched.collateralAsset, watched.loanAsset, price);
            expect(got).toEqual(scan(model, watched.collateralAsset, watched.loanAsset, price));
          } else {
            const [collateralAsset, loanAsset] = pairs[op.pair] as readonly [string, string];
            const got = monitor.onPrice(collateralAsset, loanAsset, op.price);
            expect(got).toEqual(scan(model, collateralAsset, loanAsset, op.price));
          }
          expect(monitor.size()).toBe(model.size);
        }
      }),
      { numRuns: 200 },
    );
  });
});

/** The reference: every watched loan checked at the price with the exact LTV rule. */
function scan(
  model: Map<string, { loan: MonitoredLoan; warnArmed: boolean; seq: number }>,
  collateralAsset: string,
  loanAsset: string,
  price: Decimal,
): LtvCrossings {
  const liquidations: { crossing: LtvCrossing; seq: number }[] = [];
  const warnings: { crossing: LtvCrossing; seq: number }[] = [];
  for (const [id, state] of model) {
    const { loan } = state;
    if (loan.collateralAsset !== collateralAsset || loan.loanAsset !== loanAsset) continue;
    if (ltvReaches(loan.debt, loan.collateral, price, loan.liquidationLtv)) {
      const at = triggerPrice(loan.debt, loan.collateral, loan.liquidationLtv) as Decimal;
      liquidations.push({ crossing: { loanId: id, triggerPrice: at }, seq: state.seq });
      model.delete(id);
    } else if (state.warnArmed && loan.warnLtv && ltvReaches(loan.debt, loan.collateral, price, loan.warnLtv)) {
      const at = triggerPrice(loan.debt, loan.collateral, loan.warnLtv) as Decimal;
      warnings.push({ crossing: { loanId: id, triggerPrice: at }, seq: state.seq });
      state.warnArmed = false;
    }
  }
  const crossingOrder = (a: { crossing: LtvCrossing; seq: number }, b: { crossing: LtvCrossing; seq: number }) =>
    b.crossing.triggerPrice.cmp(a.crossing.triggerPrice) || a.seq - b.seq;
  return {
    warnings: warnings.sort(crossingOrder).map((w) => w.crossing),
    liquidations: liquidations.sort(crossingOrder).map((l) => l.crossing),
  };
}
