import type { TPosition } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { firstShowing, positionEventKind, positionToast } from './position-events';

const NOW = Date.parse('2026-01-10T12:00:00Z');

const position = (patch: Partial<TPosition>): TPosition => ({
  orderNo: 'P20260110A1',
  code: 'BTCUSDT',
  appName: 'Bitcoin',
  side: 'long',
  orderType: 'market',
  status: 'open',
  lots: '0.5',
  leverage: 2,
  entryPrice: null,
  openPrice: '60000.00',
  openedAt: '2026-01-10T11:59:50Z',
  stopLoss: null,
  takeProfit: null,
  trailingDistance: null,
  trailingStop: null,
  margin: '15000.000000',
  fee: '30.000000',
  closePrice: null,
  closedAt: null,
  closeReason: null,
  closeNote: null,
  realisedPnl: null,
  unrealisedPnl: '0.000000',
  currentPrice: '60000.00',
  book: 'demo',
  createdAt: '2026-01-10T11:59:50Z',
  planOrderId: null,
  ...patch,
});

describe('what a pushed position change means', () => {
  it('opened, placed and filled', () => {
    expect(positionEventKind(undefined, position({}), NOW)).toBe('opened');
    expect(positionEventKind(undefined, position({ status: 'pending', orderType: 'limit' }), NOW)).toBe('placed');
    expect(positionEventKind('pending', position({ orderType: 'limit' }), NOW)).toBe('filled');
    expect(positionEventKind(undefined, position({ orderType: 'stop' }), NOW)).toBe('filled');
  });

  it('says nothing for an amended or part-closed position, or one opened long ago', () => {
    expect(positionEventKind('open', position({ stopLoss: '59000.00' }), NOW)).toBeNull();
    expect(positionEventKind(undefined, position({ openedAt: '2026-01-09T10:00:00Z' }), NOW)).toBeNull();
    expect(positionEventKind('pending', position({ status: 'pending' }), NOW)).toBeNull();
  });

  it('names each way a position closes', () => {
    const closed = (closeReason: TPosition['closeReason']) => position({ status: 'closed', closeReason });
    expect(positionEventKind('open', closed('manual'), NOW)).toBe('closed');
    expect(positionEventKind('open', closed('stop_loss'), NOW)).toBe('stopLoss');
    expect(positionEventKind('open', closed('take_profit'), NOW)).toBe('takeProfit');
    expect(positionEventKind('open', closed('trailing_stop'), NOW)).toBe('trailingStop');
    expect(positionEventKind(undefined, closed('stop_out'), NOW)).toBe('stopOut');
    expect(positionEventKind('closed', closed('stop_out'), NOW)).toBeNull();
    expect(positionEventKind('pending', position({ status: 'cancelled', closeReason: 'cancelled' }), NOW)).toBe(
      'cancelled',
    );
  });
});

describe('position toasts', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;

  it('say the fill price and the P&L of a stop-out', () => {
    const toast = positionToast(
      'stopOut',
      position({ status: 'closed', closeReason: 'stop_out', closePrice: '45000.00', realisedPnl: '-7500.000000' }),
      t,
      'en',
      2,
      'green-up',
    );
    expect(toast.id).toBe('position-P20260110A1-stopOut');
    // A loss takes the fall's colour of the reader's convention (issue 16).
    expect(toast.color).toBe('red.9');
    const redUp = positionToast(
      'stopOut',
      position({ status: 'closed', closeReason: 'stop_out', closePrice: '45000.00', realisedPnl: '-7500.000000' }),
      t,
      'ja',
      2,
      'red-up',
    );
    expect(redUp.color).toBe('teal.9');
    expect(toast.title).toContain('trading.events.stopOutTitle');
    expect(toast.message).toContain('"price":"45,000.00"');
    expect(toast.message).toContain('"pnl":"-7,500.00"');
  });

  it('show a profit signed, and an entry price for a placed order', () => {
    const tp = positionToast(
      'takeProfit',
      position({ status: 'closed', closeReason: 'take_profit', closePrice: '61000.00', realisedPnl: '500.000000' }),
      t,
      'de',
      2,
    );
    expect(tp.message).toContain('"pnl":"+500,00"');
    const placed = positionToast(
      'placed',
      position({ status: 'pending', orderType: 'limit', entryPrice: '59000.00', openPrice: null }),
      t,
      'en',
    );
    expect(placed.message).toContain('"price":"59,000"');
  });

  it('are shown once per change, whichever of the answer and the push comes first', () => {
    expect(firstShowing('position-X-opened', NOW)).toBe(true);
    expect(firstShowing('position-X-opened', NOW + 1000)).toBe(false);
    expect(firstShowing('position-X-closed', NOW + 1000)).toBe(true);
    expect(firstShowing('position-X-opened', NOW + 11 * 60_000)).toBe(true);
  });
});
