import { describe, expect, it } from 'vitest';
import { coverageRows, networkRows } from './treasury-rows';

const network = (name: 'local' | 'sepolia', hot: string, deposits: string) => ({
  network: name,
  label: name,
  hotWallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7', balances: { USDT: hot, USDC: '0', ETH: '0.5' } },
  depositAddresses: { count: 3, balances: { USDT: deposits, USDC: '1.000001', ETH: '0' } },
  ledgerLiabilities: { USDT: '150.25', USDC: '2', ETH: '0' },
});

describe('treasury rows', () => {
  it('sums a network’s hot wallet and deposit addresses exactly, per asset', () => {
    expect(networkRows(network('local', '100.1', '0.2'))).toEqual([
      { asset: 'USDT', hotWallet: '100.1', depositAddresses: '0.2', onChain: '100.3' },
      { asset: 'USDC', hotWallet: '0', depositAddresses: '1.000001', onChain: '1.000001' },
      { asset: 'ETH', hotWallet: '0.5', depositAddresses: '0', onChain: '0.5' },
    ]);
  });

  it('sets every network’s holdings beside the liabilities taken once', () => {
    const rows = coverageRows([network('local', '100', '0.25'), network('sepolia', '50', '0')]);
    expect(rows[0]).toEqual({ asset: 'USDT', onChain: '150.25', liabilities: '150.25', difference: '0' });
    expect(rows[1]).toEqual({ asset: 'USDC', onChain: '2.000002', liabilities: '2', difference: '0.000002' });
    expect(coverageRows([network('local', '1', '0')])[0]?.difference).toBe('-149.25');
    expect(coverageRows([])).toEqual([]);
  });
});
