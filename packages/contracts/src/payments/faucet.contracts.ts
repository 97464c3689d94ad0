import { z } from 'zod';

/**
 * The sandbox faucet (issue 15): free test money on the sandbox chain, so anyone trying the
 * sandbox can fund a wallet and make a real on-chain deposit. It exists only in a sandbox
 * deployment running its local chain; production does not serve the route at all.
 */

export const FAUCET_ASSETS = ['USDT', 'USDC', 'ETH'] as const;
export type TFaucetAsset = (typeof FAUCET_ASSETS)[number];

/** The most one request sends, per asset (whole units). */
export const FAUCET_MAXIMUM: Record<TFaucetAsset, string> = { USDT: '100000', USDC: '100000', ETH: '10' };

export const ZFaucetRequest = z.object({
  address: z.string().trim().max(64).describe('The EVM address (0x…) to send to, on the sandbox chain'),
  asset: z.enum(FAUCET_ASSETS).describe('USDT and USDC are the sandbox test tokens (6 decimals); ETH pays gas'),
  amount: z
    .string()
    .trim()
    .max(40)
    .describe('A decimal amount of the asset: above 0, at most 100000 USDT/USDC or 10 ETH per request'),
});
export type TFaucetRequest = z.infer<typeof ZFaucetRequest>;

export const ZFaucetResponse = z.object({
  txHash: z.string().describe('The mined transaction on the sandbox chain'),
  network: z.literal('local').describe('Always the sandbox chain'),
  asset: z.enum(FAUCET_ASSETS),
  amount: z.string().describe('The amount sent, as a decimal string'),
});
export type TFaucetResponse = z.infer<typeof ZFaucetResponse>;
