import { z } from 'zod';

/**
 * Withdrawals (issue 15): the address book a withdrawal must pay to, the fee quote shown before
 * confirming, the request itself and its history. Amounts are decimal strings in the asset's
 * units ("120", "0.015"), never numbers.
 */

export const WITHDRAWAL_NETWORKS = ['ethereum', 'sepolia', 'local', 'tron', 'bitcoin'] as const;
export type WithdrawalNetwork = (typeof WITHDRAWAL_NETWORKS)[number];
export const WITHDRAWAL_ASSETS = ['USDT', 'USDC', 'ETH', 'BTC'] as const;
export type WithdrawalAsset = (typeof WITHDRAWAL_ASSETS)[number];
export const WITHDRAWAL_STATUSES = [
  'submitted',
  'pending_review',
  'approved',
  'broadcast',
  'completed',
  'rejected',
  'failed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const ADDRESS_BOOK_STATUSES = ['unconfirmed', 'cooling', 'usable'] as const;
export type AddressBookStatus = (typeof ADDRESS_BOOK_STATUSES)[number];

const ZNetwork = z.enum(WITHDRAWAL_NETWORKS).describe("Network: 'ethereum', 'sepolia', 'local', 'tron' or 'bitcoin'");
const ZAsset = z.enum(WITHDRAWAL_ASSETS).describe("Asset: 'USDT', 'USDC', 'ETH' or 'BTC'");
const ZAmount = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal number, at most 18 decimals')
  .describe('An amount of the asset, a decimal string');
const ZAddress = z.string().trim().min(1).max(128).describe('A receiving address on the network');
const ZId = z.string().min(1).max(64);

export const ZAddressBookEntry = z.object({
  id: z.string(),
  network: ZNetwork,
  networkLabel: z.string().describe("The network's display name ('Sandbox chain' for local)"),
  address: z.string(),
  label: z.string(),
  status: z
    .enum(ADDRESS_BOOK_STATUSES)
    .describe('unconfirmed: the e-mailed link is not confirmed yet; cooling: confirmed, usable from usableAt; usable'),
  confirmedAt: z.string().nullable().describe('When the e-mailed link was confirmed, ISO 8601 UTC'),
  usableAt: z.string().nullable().describe('When a confirmed address becomes usable (after the cooling period)'),
  createdAt: z.string(),
});
export type TAddressBookEntry = z.infer<typeof ZAddressBookEntry>;

export const ZAddressBookAddRequest = z.object({
  network: ZNetwork,
  address: ZAddress,
  label: z.string().trim().max(60).default('').describe('A name the user gives the address'),
});
export type TAddressBookAddRequest = z.infer<typeof ZAddressBookAddRequest>;

export const ZAddressBookList = z.object({ items: z.array(ZAddressBookEntry) });
export type TAddressBookList = z.infer<typeof ZAddressBookList>;

export const ZAddressBookParams = z.object({ id: ZId });
export type TAddressBookParams = z.infer<typeof ZAddressBookParams>;

export const ZAddressBookDeleted = z.object({ deleted: z.literal(true) });
export type TAddressBookDeleted = z.infer<typeof ZAddressBookDeleted>;

export const ZAddressBookConfirmRequest = z.object({
  token: z.string().trim().min(1).max(200).describe('The token of the e-mailed confirmation link'),
});
export type TAddressBookConfirmRequest = z.infer<typeof ZAddressBookConfirmRequest>;

export const ZWithdrawal = z.object({
  id: z.string(),
  asset: ZAsset,
  network: ZNetwork,
  networkLabel: z.string(),
  address: z.string(),
  amount: z.string().describe('Sent to the address'),
  fee: z.string().describe('Kept as the fee; amount + fee was held at submission'),
  status: z.enum(WITHDRAWAL_STATUSES),
  txHash: z.string().nullable(),
  txUrl: z.string().nullable().describe("The transaction on the network's explorer, where one exists"),
  reason: z.string().nullable().describe('Why it was rejected or failed'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;

export const ZWithdrawalRequest = z.object({
  asset: ZAsset,
  // Optional in the schema so a missing one answers 10026 (choose a withdrawal method).
  network: ZNetwork.optional(),
  address: ZAddress,
  amount: ZAmount,
  totp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits')
    .optional()
    .describe('The authenticator code; required when the user has two-factor authentication on'),
});
export type TWithdrawalRequest = z.infer<typeof ZWithdrawalRequest>;

export const ZWithdrawalQuoteQuery = z.object({
  asset: ZAsset,
  network: ZNetwork.optional(),
  amount: ZAmount,
});
export type TWithdrawalQuoteQuery = z.infer<typeof ZWithdrawalQuoteQuery>;

export const ZWithdrawalQuote = z.object({
  amount: z.string(),
  fee: z.string().describe('amount × feeRate, rounded up to the asset’s decimals'),
  feeRate: z.string().describe('A ratio of the amount (0.001 = 0.1 %)'),
  total: z.string().describe('amount + fee: what is held'),
  minimum: z.string(),
  maximum: z.string().nullable(),
  available: z.string().describe("The caller's available balance of the asset in the live book"),
});
export type TWithdrawalQuote = z.infer<typeof ZWithdrawalQuote>;

export const ZWithdrawalListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type TWithdrawalListQuery = z.infer<typeof ZWithdrawalListQuery>;

export const ZWithdrawalList = z.object({
  items: z.array(ZWithdrawal),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type TWithdrawalList = z.infer<typeof ZWithdrawalList>;
