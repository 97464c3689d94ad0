import { createHash, randomBytes } from 'node:crypto';
import type { Language, TAddressBookAddRequest, TAddressBookEntry, WithdrawalNetwork } from '@openbourse/contracts';
import { getAddress } from 'viem';
import { isBitcoinAddress, isEvmAddress, isTronAddress } from '../../platform/chain/addresses.js';
import { EVM_NETWORK_DEFAULTS } from '../../platform/chain/networks.js';
import { AppError } from '../../platform/errors/app-error.js';
import { addressConfirmMail } from './withdrawal-address-mail.js';
import type { WithdrawalsDeps } from './withdrawals.context.js';
import * as repository from './withdrawals.repository.js';

/**
 * The withdrawal address book (issue 15): a withdrawal pays only to an entry of the caller's
 * book. A new entry is confirmed through an e-mailed link (the web page at the link posts the
 * token: a GET changes nothing, since mail scanners open links) and is usable
 * WITHDRAWAL_ADDRESS_COOLING_HOURS after that.
 */

const CONFIRM_TOKEN_TTL_MS = 24 * 3600 * 1000;
const EVM_NETWORKS: readonly string[] = ['ethereum', 'sepolia', 'local'];

export function isEvmNetwork(network: string): network is 'ethereum' | 'sepolia' | 'local' {
  return EVM_NETWORKS.includes(network);
}

export function networkLabel(network: string): string {
  if (isEvmNetwork(network)) return EVM_NETWORK_DEFAULTS[network].label;
  if (network === 'tron') return 'Tron';
  if (network === 'bitcoin') return 'Bitcoin';
  return network;
}

/**
 * The address as stored (EVM: its EIP-55 form) and its key (what makes two spellings the same
 * address), or WITHDRAWAL_ADDRESS_INVALID when it is not an address of the network.
 */
export function normaliseAddress(network: WithdrawalNetwork, raw: string): { address: string; key: string } {
  const value = raw.trim();
  if (isEvmNetwork(network)) {
    // The zero address is nobody's: what is sent there is burnt.
    if (!isEvmAddress(value) || /^0x0{40}$/i.test(value)) throw new AppError('WITHDRAWAL_ADDRESS_INVALID');
    const address = getAddress(value.toLowerCase());
    return { address, key: address.toLowerCase() };
  }
  if (network === 'tron') {
    if (!isTronAddress(value)) throw new AppError('WITHDRAWAL_ADDRESS_INVALID');
    return { address: value, key: value };
  }
  if (!isBitcoinAddress(value)) throw new AppError('WITHDRAWAL_ADDRESS_INVALID');
  // bech32 is case-insensitive (written lower case); base58 is not.
  const address = /^(bc1|tb1)/i.test(value) ? value.toLowerCase() : value;
  return { address, key: address };
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

export function entryStatus(entry: repository.AddressBookRow, now: Date): TAddressBookEntry['status'] {
  if (entry.confirmedAt === null || entry.usableAt === null) return 'unconfirmed';
  return entry.usableAt.getTime() > now.getTime() ? 'cooling' : 'usable';
}

export function toWireEntry(entry: repository.AddressBookRow, now: Date): TAddressBookEntry {
  return {
    id: entry.id,
    network: entry.network as WithdrawalNetwork,
    networkLabel: networkLabel(entry.network),
    address: entry.address,
    label: entry.label,
    status: entryStatus(entry, now),
    confirmedAt: entry.confirmedAt?.toISOString() ?? null,
    usableAt: entry.usableAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
  };
}

export type AddressBookCaller = { id: string; email: string | null };

export async function addWithdrawalAddress(
  deps: Pick<WithdrawalsDeps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>,
  caller: AddressBookCaller,
  input: TAddressBookAddRequest,
  request: { origin: string; language: Language },
): Promise<TAddressBookEntry> {
  const { address, key } = normaliseAddress(input.network, input.address);
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const entry = await repository.insertAddress(deps.db, {
    userId: caller.id,
    network: input.network,
    address,
    addressKey: key,
    label: input.label ?? '',
    tokenHash: hashToken(token),
    tokenExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS),
    createdAt: now,
  });
  if (!entry) throw new AppError('WITHDRAWAL_ADDRESS_EXISTS');
  const origin = (deps.config.publicOrigin ?? request.origin).replace(/\/+$/, '');
  const link = `${origin}/profile/withdrawal-addresses/confirm?token=${encodeURIComponent(token)}`;
  if (caller.email) {
    const mail = addressConfirmMail(request.language, {
      address,
      network: networkLabel(input.network),
      link,
      hours: String(deps.config.coolingHours),
    });
    await deps.mailer.send({ to: caller.email, subject: mail.subject, text: mail.text });
  } else {
    // A wallet-only account has no e-mail: the entry stays unconfirmed (the web says why).
    deps.log.warn({ userId: caller.id, entryId: entry.id }, 'withdrawal address added by a user without e-mail');
  }
  return toWireEntry(entry, now);
}

export async function listWithdrawalAddresses(
  deps: Pick<WithdrawalsDeps, 'db' | 'clock'>,
  userId: string,
): Promise<{ items: TAddressBookEntry[] }> {
  const now = deps.clock.now();
  return { items: (await repository.listAddresses(deps.db, userId)).map((entry) => toWireEntry(entry, now)) };
}

export async function deleteWithdrawalAddress(
  deps: Pick<WithdrawalsDeps, 'db'>,
  userId: string,
  id: string,
): Promise<{ deleted: true }> {
  if (!/^[1-9][0-9]{0,17}$/.test(id) || !(await repository.deleteAddress(deps.db, userId, id))) {
    throw new AppError('WITHDRAWAL_ADDRESS_NOT_FOUND');
  }
  return { deleted: true };
}

/** Confirms the entry of an e-mailed link's token (the token is the proof: no session needed). */
export async function confirmWithdrawalAddress(
  deps: Pick<WithdrawalsDeps, 'db' | 'clock' | 'config'>,
  token: string,
): Promise<TAddressBookEntry> {
  const now = deps.clock.now();
  const usableAt = new Date(now.getTime() + deps.config.coolingHours * 3600 * 1000);
  const entry = await repository.confirmAddressByToken(deps.db, hashToken(token), now, usableAt);
  if (!entry) throw new AppError('WITHDRAWAL_CONFIRM_LINK_INVALID');
  return toWireEntry(entry, now);
}
