import { z } from 'zod';

export const WALLET_TYPES = ['ethereum', 'tronlink'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** Ethereum mainnet and, when the deployment allows test networks, Sepolia. */
export const WALLET_CHAIN_IDS = [1, 11155111] as const;

// Format only; the server checks the EIP-55 checksum and the base58check digest.
export const ZEvmAddress = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x followed by 40 hex digits')
  .describe('EVM address, any case (a mixed-case address must carry a valid EIP-55 checksum)');
export const ZTronAddress = z
  .string()
  .trim()
  .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'address must be a base58 TRON address starting with T')
  .describe('TRON base58 address');

export const ZWalletNonceRequest = z.discriminatedUnion('walletType', [
  z.object({
    walletType: z.literal('ethereum'),
    address: ZEvmAddress,
    chainId: z
      .union([z.literal(1), z.literal(11155111)])
      .default(1)
      .describe('1 Ethereum mainnet (default); 11155111 Sepolia, only where test networks are allowed'),
  }),
  z.object({ walletType: z.literal('tronlink'), address: ZTronAddress }),
]);
export type TWalletNonceRequest = z.infer<typeof ZWalletNonceRequest>;

export const ZWalletNonceResponse = z.object({
  nonce: z.string().describe('One-time, alphanumeric (EIP-4361)'),
  message: z
    .string()
    .describe(
      'The exact text to sign: an EIP-4361 message (personal_sign) for Ethereum, plain text (signMessageV2) for TronLink',
    ),
  expiresAt: z.string().describe('ISO 8601; the nonce is refused after this'),
});
export type TWalletNonceResponse = z.infer<typeof ZWalletNonceResponse>;

// 65 bytes r, s, v: what personal_sign and TronLink's signMessageV2 return for an ordinary account.
const ZSignature = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{130}$/, 'signature must be 0x followed by 130 hex digits');
const ZSignedMessage = z.string().min(1).max(2000).describe('The message from /login/walletNonce, unchanged');

export const ZWalletLoginRequest = z.discriminatedUnion('walletType', [
  z.object({ walletType: z.literal('ethereum'), address: ZEvmAddress, message: ZSignedMessage, signature: ZSignature }),
  z.object({
    walletType: z.literal('tronlink'),
    address: ZTronAddress,
    message: ZSignedMessage,
    signature: ZSignature,
  }),
]);
export type TWalletLoginRequest = z.infer<typeof ZWalletLoginRequest>;

/** Sign-in messages a wallet address may ask for in a minute (SPEC §4: wallet sign-in). */
export const WALLET_NONCES_PER_ADDRESS_PER_MINUTE = 5;
