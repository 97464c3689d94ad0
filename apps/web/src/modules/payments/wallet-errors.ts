/**
 * The wallet deposit's failures, each with its own message (SPEC §4 "Wallet link and
 * deposit"): the key under `payments.deposit.walletErrors.` in the locales. Kept free of viem
 * so the screen can read it without loading the wallet code.
 */
export const DEPOSIT_WALLET_ERRORS = [
  'noWallet',
  'noAccounts',
  'rejected',
  'pending',
  'unsupportedNetwork',
  'testnetDisabled',
  'insufficientBalance',
  'insufficientGas',
  'transactionFailed',
  'timeout',
  'tokenNotSupported',
  'configNotLoaded',
] as const;
export type DepositWalletErrorKey = (typeof DEPOSIT_WALLET_ERRORS)[number];

export class DepositWalletError extends Error {
  constructor(readonly key: DepositWalletErrorKey) {
    super(`wallet deposit: ${key}`);
    this.name = 'DepositWalletError';
  }
}

type Layer = { code?: unknown; name?: unknown; message?: unknown; shortMessage?: unknown; details?: unknown };

/** The error and its causes (viem wraps the wallet's answer in layers), outermost first. */
function layersOf(error: unknown): Layer[] {
  const layers: Layer[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && current !== undefined; depth++) {
    if (typeof current === 'string') {
      layers.push({ message: current });
      break;
    }
    if (typeof current !== 'object') break;
    layers.push(current as Layer);
    current = (current as { cause?: unknown }).cause;
  }
  return layers;
}

const text = (layer: Layer) =>
  [layer.shortMessage, layer.message, layer.details].filter((part) => typeof part === 'string').join(' ');

/**
 * The specific failure behind an error met while paying from the wallet, or null when it is
 * none of the known ones (then the screen shows the generic failure). EIP-1193 codes first
 * (4001 rejected, 4100 not authorised, 4902 unknown chain, -32002 a prompt already open),
 * then viem's error names, then the words nodes and wallets use.
 */
export function depositWalletFailure(error: unknown): DepositWalletErrorKey | null {
  if (error instanceof DepositWalletError) return error.key;
  const layers = layersOf(error);
  for (const layer of layers) {
    if (layer.code === 4001 || layer.name === 'UserRejectedRequestError') return 'rejected';
    if (layer.code === -32002 || layer.name === 'ResourceUnavailableRpcError') return 'pending';
    if (layer.code === 4100 || layer.name === 'UnauthorizedProviderError') return 'noAccounts';
    if (layer.code === 4902 || layer.name === 'ChainMismatchError' || layer.name === 'ChainNotFoundError') {
      return 'unsupportedNetwork';
    }
    if (layer.name === 'WaitForTransactionReceiptTimeoutError' || layer.name === 'TimeoutError') return 'timeout';
  }
  const all = layers.map(text).join(' ');
  if (/user (rejected|denied)|rejected the request|request rejected|denied transaction/i.test(all)) return 'rejected';
  if (/exceeds balance|insufficient balance|transfer amount exceeds/i.test(all)) return 'insufficientBalance';
  if (layers.some((layer) => layer.name === 'InsufficientFundsError') || /insufficient funds/i.test(all)) {
    return 'insufficientGas';
  }
  if (/unrecognized chain|unknown chain|chain mismatch/i.test(all)) return 'unsupportedNetwork';
  if (/timed? ?out/i.test(all)) return 'timeout';
  if (/revert|execution failed|transaction failed/i.test(all)) return 'transactionFailed';
  return null;
}
