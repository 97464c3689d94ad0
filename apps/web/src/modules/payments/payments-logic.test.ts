import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  assetsOffered,
  exceedsAvailable,
  explorerHref,
  initialChoice,
  isDepositOpen,
  looksLikeAddress,
  networksFor,
  ratioToPercent,
  shortHash,
} from './payments-logic';

describe('amountProblem', () => {
  const usdt = { decimals: 6, minimum: '120' };

  it('accepts the minimum itself and more', () => {
    expect(amountProblem('120', usdt)).toBeNull();
    expect(amountProblem('120.000001', usdt)).toBeNull();
    expect(amountProblem(' 5000 ', usdt)).toBeNull();
  });

  it('refuses less than the minimum by one minor unit', () => {
    expect(amountProblem('119.999999', usdt)).toBe('belowMinimum');
    expect(amountProblem('0.015', { decimals: 8, minimum: '0.015' })).toBeNull();
    expect(amountProblem('0.01499999', { decimals: 8, minimum: '0.015' })).toBe('belowMinimum');
  });

  it('says what is wrong with a malformed amount', () => {
    expect(amountProblem('', usdt)).toBe('required');
    expect(amountProblem('12a', usdt)).toBe('invalid');
    expect(amountProblem('-130', usdt)).toBe('invalid');
    expect(amountProblem('1e3', usdt)).toBe('invalid');
    expect(amountProblem('0', { decimals: 6 })).toBe('invalid');
    expect(amountProblem('130.1234567', usdt)).toBe('tooManyDecimals');
  });

  it('compares with what is available when it is given', () => {
    expect(amountProblem('50', { decimals: 6, minimum: '10', available: '50' })).toBeNull();
    expect(amountProblem('50.000001', { decimals: 6, minimum: '10', available: '50' })).toBe('aboveAvailable');
  });
});

describe('shortHash and explorerHref', () => {
  const hash = `0x${'ab'.repeat(32)}`;

  it('keeps the start and the end of a long hash', () => {
    expect(shortHash(hash)).toBe('0xabab…abab');
    expect(shortHash('0x1234')).toBe('0x1234');
  });

  it('links only http(s) explorer addresses', () => {
    expect(explorerHref(`https://etherscan.io/tx/${hash}`)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(explorerHref(null)).toBeNull();
    expect(explorerHref('javascript:alert(1)')).toBeNull();
    expect(explorerHref('not a url')).toBeNull();
  });
});

describe('looksLikeAddress', () => {
  it('knows the shape of each network', () => {
    expect(looksLikeAddress('ethereum', '0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBe(true);
    expect(looksLikeAddress('local', '0x8ba1f109551bD432803012645Ac136ddd64DBA7')).toBe(false);
    expect(looksLikeAddress('tron', 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC')).toBe(true);
    expect(looksLikeAddress('tron', '0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBe(false);
    expect(looksLikeAddress('bitcoin', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(true);
    expect(looksLikeAddress('bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true);
    expect(looksLikeAddress('bitcoin', 'TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC')).toBe(false);
  });
});

describe('isDepositOpen', () => {
  it('follows deposits whose confirmations are still climbing, not those waiting for an operator', () => {
    expect(isDepositOpen('pending')).toBe(true);
    expect(isDepositOpen('pending_review')).toBe(false);
    expect(isDepositOpen('credited')).toBe(false);
    expect(isDepositOpen('below_minimum')).toBe(false);
  });
});

describe('networks and assets', () => {
  const token = { address: '0x', decimals: 6 };
  const networks = [
    { network: 'ethereum', tokens: { usdt: token, usdc: token }, native: 'ETH' },
    { network: 'local', tokens: { usdt: token, usdc: token }, native: 'ETH' },
    { network: 'tron', tokens: { usdt: token }, native: null },
  ];

  it('lists the networks carrying each asset', () => {
    expect(networksFor(networks, 'USDT').map((n) => n.network)).toEqual(['ethereum', 'local', 'tron']);
    expect(networksFor(networks, 'USDC').map((n) => n.network)).toEqual(['ethereum', 'local']);
    expect(networksFor(networks, 'ETH').map((n) => n.network)).toEqual(['ethereum', 'local']);
    expect(assetsOffered(networks)).toEqual(['USDT', 'USDC', 'ETH']);
  });

  it('opens on the asked asset and network when offered, else on the defaults', () => {
    expect(initialChoice(networks, { asset: 'USDC', network: 'local' }, 'ethereum')).toEqual({
      asset: 'USDC',
      network: 'local',
    });
    expect(initialChoice(networks, { asset: 'USDC', network: 'tron' }, 'local')).toEqual({
      asset: 'USDC',
      network: 'local',
    });
    expect(initialChoice(networks, { asset: 'BTC', network: null }, null)).toEqual({
      asset: 'USDT',
      network: 'ethereum',
    });
    expect(initialChoice([], { asset: null, network: null }, null)).toBeNull();
  });
});

describe('ratioToPercent and exceedsAvailable', () => {
  it('shows a fee ratio as a percentage', () => {
    expect(ratioToPercent('0.001')).toBe('0.1');
    expect(ratioToPercent('0.02')).toBe('2');
  });

  it('compares the total held with what is available', () => {
    expect(exceedsAvailable({ total: '100.1', available: '100.1' })).toBe(false);
    expect(exceedsAvailable({ total: '100.100001', available: '100.1' })).toBe(true);
  });
});
