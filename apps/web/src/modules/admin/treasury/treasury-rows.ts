import type { TTreasuryChainResponse } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';

export const TREASURY_ASSETS = ['USDT', 'USDC', 'ETH'] as const;
export type TreasuryAsset = (typeof TREASURY_ASSETS)[number];

type Network = TTreasuryChainResponse['networks'][number];

export type NetworkRow = { asset: TreasuryAsset; hotWallet: string; depositAddresses: string; onChain: string };

/** One network's balances per asset: the hot wallet, the deposit addresses and their sum (decimal strings). */
export function networkRows(network: Network): NetworkRow[] {
  return TREASURY_ASSETS.map((asset) => {
    const hotWallet = network.hotWallet.balances[asset];
    const depositAddresses = network.depositAddresses.balances[asset];
    return {
      asset,
      hotWallet,
      depositAddresses,
      onChain: Decimal.parse(hotWallet).add(Decimal.parse(depositAddresses)).toString(),
    };
  });
}

export type CoverageRow = { asset: TreasuryAsset; onChain: string; liabilities: string; difference: string };

/**
 * What the chain holds on every network beside what the ledger owes users. The server repeats
 * the ledger's liabilities on each network (the ledger does not split them by network), so they
 * are taken once; the difference is on chain minus liabilities (negative: a shortfall).
 */
export function coverageRows(networks: readonly Network[]): CoverageRow[] {
  const first = networks[0];
  if (!first) return [];
  return TREASURY_ASSETS.map((asset) => {
    const onChain = networks.reduce(
      (sum, network) =>
        sum
          .add(Decimal.parse(network.hotWallet.balances[asset]))
          .add(Decimal.parse(network.depositAddresses.balances[asset])),
      Decimal.parse('0'),
    );
    const liabilities = Decimal.parse(first.ledgerLiabilities[asset]);
    return {
      asset,
      onChain: onChain.toString(),
      liabilities: liabilities.toString(),
      difference: onChain.sub(liabilities).toString(),
    };
  });
}

/** The number of places an asset is shown with at most (ETH in wei has 18). */
export function assetDecimals(asset: string): number {
  return asset === 'ETH' ? 18 : 6;
}
