import type { TTreasuryChainResponse } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { formatUnits, type Hex } from 'viem';
import { erc20Abi } from '../../platform/chain/erc20.js';
import type { EvmNetwork } from '../../platform/chain/networks.js';
import { systemBalances } from '../ledger/index.js';
import type { DepositsContext } from './deposits.context.js';
import { countDepositAddresses, listCreditedDepositAddresses, listRecentSweeps } from './deposits.repository.js';

type Balances = { USDT: string; USDC: string; ETH: string };

/**
 * The treasury's chain view (issue 15): per network, the hot wallet's and the deposit addresses'
 * balances read from the chain (the addresses that received credited deposits: the others hold
 * nothing the platform knows of), beside the ledger's liabilities to users (live book: the
 * mirror of the platform's own accounts), and the recent sweeps with their hashes.
 */
export async function treasuryChain(
  context: DepositsContext,
  hotWalletAddress: string | null,
): Promise<TTreasuryChainResponse> {
  const system = await systemBalances(context.db);
  const liabilities: Balances = { USDT: '0', USDC: '0', ETH: '0' };
  for (const asset of ['USDT', 'USDC', 'ETH'] as const) {
    const total = system
      .filter((row) => row.book === 'live' && row.asset === asset)
      .reduce((sum, row) => sum.add(Decimal.parse(row.balance)), Decimal.parse('0'));
    liabilities[asset] = Decimal.parse('0').sub(total).toString();
  }
  const networks = context.chains?.evmNetworks() ?? [];
  const rows = [];
  for (const network of networks) {
    const addresses = await listCreditedDepositAddresses(context.db, network.id);
    const depositBalances = await balancesOf(
      context,
      network,
      addresses.map((row) => row.address as Hex),
    );
    rows.push({
      network: network.id,
      label: network.label,
      hotWallet: {
        address: hotWalletAddress,
        balances: hotWalletAddress
          ? await balancesOf(context, network, [hotWalletAddress as Hex])
          : { USDT: '0', USDC: '0', ETH: '0' },
      },
      depositAddresses: { count: await countDepositAddresses(context.db, network.id), balances: depositBalances },
      ledgerLiabilities: liabilities,
    });
  }
  const sweeps = await listRecentSweeps(context.db, 50);
  return {
    networks: rows,
    sweeps: sweeps.map((sweep) => ({
      id: sweep.id,
      network: sweep.network as TTreasuryChainResponse['sweeps'][number]['network'],
      fromAddress: sweep.fromAddress,
      asset: sweep.asset as TTreasuryChainResponse['sweeps'][number]['asset'],
      amount: sweep.amount,
      gasFundingHash: sweep.gasFundingHash,
      sweepHash: sweep.sweepHash,
      status: sweep.status,
      createdAt: sweep.createdAt.toISOString(),
    })),
  };
}

async function balancesOf(context: DepositsContext, network: EvmNetwork, addresses: Hex[]): Promise<Balances> {
  const client = context.chains?.publicClient(network.id);
  const totals = { USDT: 0n, USDC: 0n, ETH: 0n };
  if (!client) return { USDT: '0', USDC: '0', ETH: '0' };
  for (const address of addresses) {
    totals.ETH += await client.getBalance({ address });
    for (const symbol of ['USDT', 'USDC'] as const) {
      const token = network.tokens[symbol];
      if (!token) continue;
      totals[symbol] += await client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      });
    }
  }
  return {
    USDT: formatUnits(totals.USDT, network.tokens.USDT?.decimals ?? 6),
    USDC: formatUnits(totals.USDC, network.tokens.USDC?.decimals ?? 6),
    ETH: formatUnits(totals.ETH, 18),
  };
}
