import type { TPosition } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { isTrade, rememberedStatementView, rememberStatementView, tradeLine, tradesCsv } from './trade-statement';

const closed: TPosition = {
  orderNo: 'P1001',
  code: 'SOLUSDT',
  appName: 'Solana',
  side: 'long',
  orderType: 'market',
  status: 'closed',
  lots: '2.5',
  leverage: 10,
  entryPrice: null,
  openPrice: '150.25',
  openedAt: '2026-11-26T10:00:00.000Z',
  stopLoss: null,
  takeProfit: null,
  trailingDistance: null,
  trailingStop: null,
  margin: '37.562500',
  fee: '0.375625',
  closePrice: '149.10',
  closedAt: '2026-11-26T11:00:00.000Z',
  closeReason: 'manual',
  closeNote: null,
  realisedPnl: '-2.875000',
  unrealisedPnl: null,
  currentPrice: null,
  book: 'demo',
  createdAt: '2026-11-26T10:00:00.000Z',
  planOrderId: null,
};

describe('the per-trade statement', () => {
  it('nets the realised P&L and the fee exactly, at their scale', () => {
    expect(tradeLine(closed)).toMatchObject({ realisedPnl: '-2.875000', fee: '0.375625', net: '-3.250625' });
    expect(tradeLine({ ...closed, realisedPnl: '0.1', fee: '0.2' }).net).toBe('-0.1');
    expect(tradeLine({ ...closed, realisedPnl: '100000000.000001', fee: '0.000002' }).net).toBe('99999999.999999');
  });

  it('counts closed positions as trades, not cancelled orders', () => {
    expect(isTrade(closed)).toBe(true);
    expect(isTrade({ ...closed, status: 'cancelled', realisedPnl: null, closeReason: 'cancelled' })).toBe(false);
  });

  it('writes CSV with the exact values, one line per trade', () => {
    const csv = tradesCsv([tradeLine(closed), tradeLine({ ...closed, orderNo: 'P1002', code: '=HYPERLINK("x")' })]);
    expect(csv.split('\r\n')).toEqual([
      'orderNo,code,side,lots,openedAt,openPrice,closedAt,closePrice,closeReason,realisedPnl,fee,net',
      'P1001,SOLUSDT,long,2.5,2026-11-26T10:00:00.000Z,150.25,2026-11-26T11:00:00.000Z,149.10,manual,-2.875000,0.375625,-3.250625',
      `P1002,"'=HYPERLINK(""x"")",long,2.5,2026-11-26T10:00:00.000Z,150.25,2026-11-26T11:00:00.000Z,149.10,manual,-2.875000,0.375625,-3.250625`,
      '',
    ]);
  });

  it('remembers the chosen view, trades by default', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(rememberedStatementView(storage)).toBe('trades');
    rememberStatementView(storage, 'ledger');
    expect(rememberedStatementView(storage)).toBe('ledger');
    rememberStatementView(storage, 'trades');
    expect(rememberedStatementView(storage)).toBe('trades');
    expect(rememberedStatementView(undefined)).toBe('trades');
  });
});
