/** A wallet failure with its own message (SPEC §4 "Wallet connection"): the key under `wallet.` in the locales. */
export type WalletErrorKey =
  | 'noWallet'
  | 'noAccounts'
  | 'rejected'
  | 'pending'
  | 'unsupportedNetwork'
  | 'testnetDisabled'
  | 'timeout'
  | 'configNotLoaded';

export class WalletError extends Error {
  constructor(readonly key: WalletErrorKey) {
    super(`wallet: ${key}`);
    this.name = 'WalletError';
  }
}
