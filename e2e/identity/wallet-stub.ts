import { expect, type Page } from '@playwright/test';
import type { Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';

type StubOptions = {
  /** personal_sign fails as a wallet does when the user clicks "Reject". */
  rejectSigning?: boolean;
  /** Resolves when the test lets the wallet answer the signing prompt. */
  holdSignature?: Promise<void>;
};

/**
 * An EIP-1193 wallet in the page whose key stays in the test process: personal_sign calls
 * back into Node, where a viem local account signs the bytes. Returns the messages signed.
 */
export async function injectWallet(
  page: Page,
  account: PrivateKeyAccount,
  options: StubOptions = {},
): Promise<string[]> {
  const signed: string[] = [];
  await page.exposeFunction('__obWalletSign', async (hex: Hex, address: string) => {
    expect(address).toBe(account.address);
    await options.holdSignature;
    signed.push(Buffer.from(hex.slice(2), 'hex').toString('utf8'));
    return account.signMessage({ message: { raw: hex } });
  });
  await page.addInitScript(
    ({ address, rejectSigning }) => {
      type Listener = (accounts: string[]) => void;
      const listeners = new Set<Listener>();
      let current: string = address;
      const failure = (code: number, message: string) => Object.assign(new Error(message), { code });
      const sign = (window as unknown as { __obWalletSign: (hex: string, address: string) => Promise<string> })
        .__obWalletSign;
      const provider = {
        async request({ method, params = [] }: { method: string; params?: readonly unknown[] }) {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [current];
          if (method === 'eth_chainId') return '0x1';
          if (method === 'personal_sign') {
            if (rejectSigning) throw failure(4001, 'User rejected the request.');
            return sign(String(params[0]), String(params[1]));
          }
          throw failure(4200, `The wallet does not support ${method}`);
        },
        on(event: string, listener: Listener) {
          if (event === 'accountsChanged') listeners.add(listener);
        },
        removeListener(event: string, listener: Listener) {
          if (event === 'accountsChanged') listeners.delete(listener);
        },
      };
      // The user switches to another account in the wallet.
      const switchAccount = (next: string) => {
        current = next;
        for (const listener of listeners) listener([next]);
      };
      Object.assign(window, { ethereum: provider, __obSwitchAccount: switchAccount });
    },
    { address: account.address, rejectSigning: options.rejectSigning ?? false },
  );
  return signed;
}
