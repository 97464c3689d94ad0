import * as contract from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import * as local from './constants';

describe('the web copy of the market constants', () => {
  it('matches the contract exactly', () => {
    expect(local.MARKET_TYPES).toEqual(contract.MARKET_TYPES);
    expect(local.MARKET_TYPE_KEYS).toEqual(contract.MARKET_TYPE_KEYS);
    expect(local.CANDLE_INTERVALS).toEqual(contract.CANDLE_INTERVALS);
    expect(local.CANDLE_INTERVAL_MS).toEqual(contract.CANDLE_INTERVAL_MS);
    expect(local.NON_LIVE_SOURCES).toEqual(contract.NON_LIVE_SOURCES);
    expect(local.SOCKET_RECONNECT_MS).toBe(contract.SOCKET_RECONNECT_MS);
    expect(local.MAX_WATCHLIST).toBe(contract.MAX_WATCHLIST);
  });
});
