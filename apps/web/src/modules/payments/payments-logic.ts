import { Decimal, parseAmount } from '@openbourse/money';

/**
 * The payments screens' pure rules: amounts against a minimum, hashes shortened and linked,
 * address format hints. Amounts stay decimal strings and bigint minor units, never numbers.
 */

/** The decimals an asset's amounts are entered with (tokens 6, ETH 18, BTC 8). */
export const ASSET_DECIMALS: Record<string, number> = { USDT: 6, USDC: 6, ETH: 18, BTC: 8 };

export type AmountProblem = 'required' | 'invalid' | 'tooManyDecimals' | 'belowMinimum' | 'aboveAvailable';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Why an entered amount cannot be sent, or null when it can: a positive decimal with at most
 * the asset's decimals, at least the minimum and (when given) at most what is available.
 */
export function amountProblem(
  input: string,
  rules: { decimals: number; minimum?: string | null; available?: string | null },
): AmountProblem | null {
  const text = input.trim();
  if (text === '') return 'required';
  if (!PLAIN_DECIMAL.test(text)) return 'invalid';
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > rules.decimals) return 'tooManyDecimals';
  const amount = parseAmount(text, rules.decimals);
  if (amount <= 0n) return 'invalid';
  if (rules.minimum && amount < toUnits(rules.minimum, rules.decimals)) return 'belowMinimum';
  if (rules.available != null && amount > toUnits(rules.available, rules.decimals)) return 'aboveAvailable';
  return null;
}

/** A server decimal in minor units; more places than the asset has are cut (a minimum never has them). */
function toUnits(value: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return parseAmount(`${whole}.${fraction.slice(0, decimals) || '0'}`, decimals);
}

/** `0x1234…cdef`: the start and end of a hash or address, for lists on narrow screens. */
export function shortHash(hash: string, keep = 6): string {
  return hash.length <= keep * 2 + 1 ? hash : `${hash.slice(0, keep)}…${hash.slice(-4)}`;
}

/** The explorer link of a transaction, only when the server gave an http(s) one. */
export function explorerHref(txUrl: string | null | undefined): string | null {
  if (!txUrl) return null;
  try {
    const url = new URL(txUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export type AddressFormat = 'evm' | 'tron' | 'bitcoin';

export function addressFormatOf(network: string): AddressFormat {
  if (network === 'tron') return 'tron';
  if (network === 'bitcoin') return 'bitcoin';
  return 'evm';
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const FORMATS: Record<AddressFormat, RegExp> = {
  evm: /^0x[0-9a-fA-F]{40}$/,
  tron: new RegExp(`^T${BASE58}{33}$`),
  bitcoin: new RegExp(`^(?:[13]${BASE58}{25,34}|(?:bc1|tb1)[02-9ac-hj-np-z]{11,71})$`),
};

/**
 * A hint while typing, not the check: the shape of an address on the network (the server
 * verifies EIP-55 checksums and base58check). True when it looks right.
 */
export function looksLikeAddress(network: string, address: string): boolean {
  return FORMATS[addressFormatOf(network)].test(address.trim());
}

/** A deposit the screen keeps following every 2 s: seen on chain, confirmations still climbing. */
export function isDepositOpen(status: string): boolean {
  return status === 'pending';
}

type NetworkLike = {
  network: string;
  tokens: { usdt?: unknown; usdc?: unknown };
  native: string | null;
};

/** The networks an asset can be sent on: its token's networks, ETH where it is native, BTC on bitcoin. */
export function networksFor<N extends NetworkLike>(networks: readonly N[], asset: string): N[] {
  return networks.filter((network) => {
    if (asset === 'BTC') return network.network === 'bitcoin';
    if (asset === 'ETH') return network.native === 'ETH';
    if (asset === 'USDT') return network.tokens.usdt !== undefined;
    if (asset === 'USDC') return network.tokens.usdc !== undefined;
    return false;
  });
}

export const PAYMENT_ASSETS = ['USDT', 'USDC', 'ETH', 'BTC'] as const;

/** The assets with at least one network, in the screen's order. */
export function assetsOffered(networks: readonly NetworkLike[]): string[] {
  return PAYMENT_ASSETS.filter((asset) => networksFor(networks, asset).length > 0);
}

/**
 * The asset and network the screen opens on: the query's when offered, else the first asset
 * and the deployment's default network when it carries the asset, else the asset's first one.
 */
export function initialChoice(
  networks: readonly NetworkLike[],
  wanted: { asset: string | null; network: string | null },
  defaultNetwork: string | null,
): { asset: string; network: string } | null {
  const assets = assetsOffered(networks);
  const asset = wanted.asset && assets.includes(wanted.asset) ? wanted.asset : assets[0];
  if (!asset) return null;
  const names = networksFor(networks, asset).map((network) => network.network);
  const network =
    (wanted.network && names.includes(wanted.network) && wanted.network) ||
    (defaultNetwork && names.includes(defaultNetwork) && defaultNetwork) ||
    names[0];
  return network ? { asset, network } : null;
}

/** A fee ratio as the percentage shown to the user: '0.001' → '0.1'. */
export function ratioToPercent(ratio: string): string {
  try {
    return Decimal.parse(ratio).mul(Decimal.fromInteger(100)).toString();
  } catch {
    return ratio;
  }
}

/** True when the quote's total (amount + fee) is more than what is available. */
export function exceedsAvailable(quote: { total: string; available: string }): boolean {
  try {
    return Decimal.parse(quote.total).gt(Decimal.parse(quote.available));
  } catch {
    return false;
  }
}
