import { FAUCET_MAXIMUM, type TFaucetAsset, type TFaucetRequest, type TFaucetResponse } from '@openbourse/contracts';
import { formatAmount, MoneyFormatError, parseAmount } from '@openbourse/money';
import { getAddress } from 'viem';
import { isEvmAddress } from '../../platform/chain/addresses.js';
import type { ChainRuntime } from '../../platform/chain/chain-runtime.js';
import { AppError } from '../../platform/errors/app-error.js';

/**
 * The sandbox faucet (issue 15): sends free test money on the sandbox chain from its funded dev
 * account (tokens are minted, ETH is transferred). Sandbox only; the route is not served in
 * production (faucet.routes.ts).
 */

export type FaucetChain = Pick<ChainRuntime, 'localNode'>;

const DECIMALS: Record<TFaucetAsset, number> = { USDT: 6, USDC: 6, ETH: 18 };
const ZERO_ADDRESS = /^0x0{40}$/;

export async function sendFromFaucet(chain: FaucetChain, request: TFaucetRequest): Promise<TFaucetResponse> {
  const { address, asset } = request;
  if (!isEvmAddress(address) || ZERO_ADDRESS.test(address)) throw new AppError('FAUCET_ADDRESS_INVALID');
  const decimals = DECIMALS[asset];
  let amount: bigint;
  try {
    amount = parseAmount(request.amount, decimals);
  } catch (error) {
    if (error instanceof MoneyFormatError) throw new AppError('FAUCET_AMOUNT_INVALID', { params: { decimals } });
    throw error;
  }
  if (amount <= 0n) throw new AppError('FAUCET_AMOUNT_INVALID', { params: { decimals } });
  if (amount > parseAmount(FAUCET_MAXIMUM[asset], decimals)) {
    throw new AppError('FAUCET_AMOUNT_TOO_LARGE', { params: { maximum: FAUCET_MAXIMUM[asset], asset } });
  }
  const node = chain.localNode();
  if (!node) throw new AppError('FAUCET_UNAVAILABLE');
  const txHash = await node.mint(asset, getAddress(address), amount);
  return { txHash, network: 'local', asset, amount: formatAmount(amount, decimals) };
}
