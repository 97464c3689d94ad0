import { describe, expect, it } from 'vitest';
import { DepositWalletError, depositWalletFailure } from './wallet-errors';

/** An error shaped as viem wraps a wallet's answer: a named outer error whose cause is the RPC error. */
function viemError(name: string, message: string, cause?: unknown) {
  return Object.assign(new Error(message), { name, shortMessage: message, cause });
}

describe('depositWalletFailure', () => {
  it('keeps its own errors', () => {
    expect(depositWalletFailure(new DepositWalletError('tokenNotSupported'))).toBe('tokenNotSupported');
  });

  it('reads EIP-1193 codes, however deep viem wrapped them', () => {
    expect(depositWalletFailure({ code: 4001, message: 'User rejected the request.' })).toBe('rejected');
    const wrapped = viemError(
      'ContractFunctionExecutionError',
      'failed',
      viemError('TransactionExecutionError', 'failed', { code: 4001, message: 'denied' }),
    );
    expect(depositWalletFailure(wrapped)).toBe('rejected');
    expect(depositWalletFailure({ code: -32002, message: 'already pending' })).toBe('pending');
    expect(depositWalletFailure({ code: 4100, message: 'unauthorized' })).toBe('noAccounts');
    expect(depositWalletFailure({ code: 4902, message: 'Unrecognized chain ID' })).toBe('unsupportedNetwork');
  });

  it('tells a token balance too small from too little ETH for gas', () => {
    const noTokens = viemError(
      'ContractFunctionExecutionError',
      'The contract function "transfer" reverted with the following reason: ERC20: transfer amount exceeds balance',
    );
    expect(depositWalletFailure(noTokens)).toBe('insufficientBalance');
    const noGas = viemError(
      'TransactionExecutionError',
      'failed',
      viemError('InsufficientFundsError', 'The total cost (gas * gas fee + value) exceeds the balance of the account.'),
    );
    expect(depositWalletFailure(noGas)).toBe('insufficientGas');
    expect(depositWalletFailure(new Error('insufficient funds for gas * price + value'))).toBe('insufficientGas');
  });

  it('names a timeout and a reverted transaction', () => {
    expect(depositWalletFailure(viemError('WaitForTransactionReceiptTimeoutError', 'Timed out'))).toBe('timeout');
    expect(depositWalletFailure(viemError('ContractFunctionRevertedError', 'execution reverted'))).toBe(
      'transactionFailed',
    );
  });

  it('answers null for an unknown failure, which the screen shows as a generic one', () => {
    expect(depositWalletFailure(new Error('internal JSON-RPC error'))).toBeNull();
    expect(depositWalletFailure(undefined)).toBeNull();
  });
});
