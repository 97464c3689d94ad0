import { randomBytes } from 'node:crypto';
import type {
  TDeposit,
  TTrackDepositRequest,
  TWalletAuthRequest,
  TWalletAuthResponse,
  TWalletAuthStatus,
  TWalletLinkMessageResponse,
} from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { formatUnits, getAddress, parseEventLogs, TransactionReceiptNotFoundError, verifyMessage } from 'viem';
import { isEvmAddress } from '../../platform/chain/addresses.js';
import { erc20Abi } from '../../platform/chain/erc20.js';
import type { EvmNetworkId, TokenSymbol } from '../../platform/chain/networks.js';
import { inRetriedTransaction } from '../../platform/db/retried-transaction.js';
import { AppError } from '../../platform/errors/app-error.js';
import { depositWithHead } from './deposit-wire.js';
import { type DepositsContext, evmNetworkOf } from './deposits.context.js';
import {
  type DepositRow,
  findDepositAddress,
  findWalletLink,
  insertLinkNonce,
  insertWalletLink,
  listWalletLinks,
  recordChainDeposit,
  useLinkNonce,
} from './deposits.repository.js';
import { findAssetSettings } from './payments.repository.js';

/**
 * Wallet links and wallet-tracked deposits (issue 15, SPEC §4 "Wallet link and deposit"). A user
 * links a wallet by signing a server-issued, one-time message (no allowance, no approve: SPEC §0
 * rule 3); the wallet then sends one `transfer` to the user's own deposit address and the client
 * posts the hash: the server reads the receipt and records the deposit; the credit still comes
 * only from the watcher's confirmation rule.
 */

const LINK_MESSAGE_TTL_MS = 10 * 60 * 1000;

function usableNetwork(context: DepositsContext, id: string) {
  const network = evmNetworkOf(context, id);
  if (!network || !context.chains) throw new AppError('DEPOSIT_NETWORK_UNAVAILABLE');
  return network;
}

function checkedAddress(address: string): `0x${string}` {
  if (!isEvmAddress(address)) throw new AppError('WALLET_LINK_INVALID');
  return getAddress(address);
}

export async function walletLinkMessage(
  context: DepositsContext,
  userId: string,
  input: { network: EvmNetworkId; address: string },
): Promise<TWalletLinkMessageResponse> {
  const network = usableNetwork(context, input.network);
  const address = checkedAddress(input.address);
  const nonce = randomBytes(16).toString('hex');
  const now = context.clock.now();
  const expiresAt = new Date(now.getTime() + LINK_MESSAGE_TTL_MS);
  const message = [
    'OpenBourse: link this wallet to my account for deposits.',
    'This signature grants no spending permission and moves no funds.',
    `Wallet: ${address}`,
    `Network: ${network.label} (chain ${network.chainId})`,
    `Account: ${userId}`,
    `Nonce: ${nonce}`,
    `Expires: ${expiresAt.toISOString()}`,
  ].join('\n');
  await insertLinkNonce(context.db, { nonce, userId, network: network.id, address, message, expiresAt });
  return { message, expiresAt: expiresAt.toISOString() };
}

export async function linkWallet(
  context: DepositsContext,
  userId: string,
  input: TWalletAuthRequest,
): Promise<TWalletAuthResponse> {
  const network = usableNetwork(context, input.network);
  const address = checkedAddress(input.address);
  const valid = await verifyMessage({
    address,
    message: input.message,
    signature: input.signature as `0x${string}`,
  }).catch(() => false);
  if (!valid) throw new AppError('WALLET_LINK_INVALID');
  const linkedTo = await inRetriedTransaction(context.db, async (trx) => {
    const existing = await findWalletLink(trx, network.id, address);
    if (existing && existing.userId !== userId) return existing.userId;
    const used = await useLinkNonce(trx, {
      userId,
      network: network.id,
      address,
      message: input.message,
      at: context.clock.now(),
    });
    if (!used) throw new AppError('WALLET_LINK_INVALID');
    if (existing) return existing.userId;
    return insertWalletLink(trx, { network: network.id, address, userId, at: context.clock.now() });
  });
  if (linkedTo !== userId) throw new AppError('WALLET_LINKED_ELSEWHERE');
  return { linked: true, network: network.id, address };
}

/** Whether a wallet is linked on a configured network that carries each token. */
export async function walletAuthorizations(
  context: DepositsContext,
  userId: string,
): Promise<{ usdtAllowed: boolean; usdcAllowed: boolean }> {
  const links = await listWalletLinks(context.db, userId);
  const carries = (symbol: TokenSymbol) =>
    links.some((link) => Boolean(evmNetworkOf(context, link.network)?.tokens[symbol]));
  return { usdtAllowed: carries('USDT'), usdcAllowed: carries('USDC') };
}

export async function walletAuthStatus(context: DepositsContext, userId: string): Promise<TWalletAuthStatus> {
  const links = await listWalletLinks(context.db, userId);
  const { usdtAllowed, usdcAllowed } = await walletAuthorizations(context, userId);
  return {
    usdtAuthorized: usdtAllowed,
    usdcAuthorized: usdcAllowed,
    links: links.map((link) => ({
      network: link.network as TWalletAuthStatus['links'][number]['network'],
      address: getAddress(link.address),
      linkedAt: link.linkedAt.toISOString(),
    })),
  };
}

/**
 * Records the deposits a transaction makes to the caller's deposit address on the network (token
 * transfers of the network's USDT/USDC, or native ETH), read from its receipt, with the wallet
 * fields (walletAddress, tokenType, gasUsed). The watcher confirms and credits them.
 */
export async function trackDeposit(
  context: DepositsContext,
  userId: string,
  input: TTrackDepositRequest,
): Promise<TDeposit> {
  const network = usableNetwork(context, input.network);
  if (!/^0x[0-9a-fA-F]{64}$/.test(input.txHash)) throw new AppError('DEPOSIT_HASH_INVALID');
  const hash = input.txHash.toLowerCase() as `0x${string}`;
  const own = await findDepositAddress(context.db, network.id, userId);
  if (!own) throw new AppError('DEPOSIT_TX_NOT_TO_YOU');
  const client = (context.chains as NonNullable<DepositsContext['chains']>).publicClient(network.id);
  // Not mined yet (or unknown) answers "not found"; a node that cannot be reached is an error.
  const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  });
  if (receipt?.status !== 'success') throw new AppError('DEPOSIT_TX_NOT_FOUND');
  const ownAddress = own.address.toLowerCase();
  const found: { asset: string; amount: string; logIndex: number; from: string }[] = [];
  const tokens = new Map(
    (Object.entries(network.tokens) as [TokenSymbol, { address: string; decimals: number }][]).map(
      ([symbol, token]) => [token.address.toLowerCase(), { symbol, decimals: token.decimals }],
    ),
  );
  for (const transfer of parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: true })) {
    const token = tokens.get(transfer.address.toLowerCase());
    if (!token || transfer.args.to.toLowerCase() !== ownAddress || transfer.args.value <= 0n) continue;
    found.push({
      asset: token.symbol,
      amount: formatUnits(transfer.args.value, token.decimals),
      logIndex: transfer.logIndex,
      from: getAddress(transfer.args.from),
    });
  }
  if (found.length === 0 && receipt.to?.toLowerCase() === ownAddress) {
    const tx = await client.getTransaction({ hash });
    if (tx.value > 0n) {
      found.push({ asset: 'ETH', amount: formatUnits(tx.value, 18), logIndex: -1, from: getAddress(tx.from) });
    }
  }
  if (found.length === 0) throw new AppError('DEPOSIT_TX_NOT_TO_YOU');
  const at = context.clock.now();
  const recorded: DepositRow[] = [];
  for (const deposit of found) {
    const minimum = (await findAssetSettings(context.db, deposit.asset))?.depositMinimum ?? '0';
    recorded.push(
      await recordChainDeposit(context.db, {
        userId,
        network: network.id,
        asset: deposit.asset,
        amount: deposit.amount,
        txHash: hash,
        logIndex: deposit.logIndex,
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        fromAddress: deposit.from,
        toAddress: own.address,
        source: 'wallet',
        status: Decimal.parse(deposit.amount).lt(Decimal.parse(minimum)) ? 'below_minimum' : 'pending',
        wallet: {
          walletAddress: getAddress(receipt.from),
          tokenType: deposit.asset,
          gasUsed: receipt.gasUsed.toString(),
        },
        at,
      }),
    );
  }
  return depositWithHead(context, recorded[0] as DepositRow);
}
