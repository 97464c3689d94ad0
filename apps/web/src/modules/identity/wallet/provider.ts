/**
 * The injected EIP-1193 provider (window.ethereum), typed just enough for sign-in and the
 * address check. Kept free of viem: the address check runs on every page.
 */
export type Eip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
};

/** Where wallets inject themselves: the window, or a stand-in in unit tests. */
export type WalletScope = object;

export function injectedEthereum(scope: WalletScope = window): Eip1193Provider | null {
  const candidate = (scope as { ethereum?: unknown }).ethereum;
  if (typeof candidate !== 'object' || candidate === null) return null;
  return typeof (candidate as { request?: unknown }).request === 'function' ? (candidate as Eip1193Provider) : null;
}

/** The first account of an eth_accounts / accountsChanged answer, if any. */
export function firstAccount(accounts: unknown): string | null {
  return Array.isArray(accounts) && typeof accounts[0] === 'string' && accounts[0] !== '' ? accounts[0] : null;
}

export function isEvmAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address);
}

/** True when the wallet reports an account and it is not the linked one (SPEC §4: case-insensitive). */
export function isOtherAccount(linked: string, accounts: unknown): boolean {
  const current = firstAccount(accounts);
  return current !== null && current.toLowerCase() !== linked.toLowerCase();
}
