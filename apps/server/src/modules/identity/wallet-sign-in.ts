import { randomInt } from 'node:crypto';
import type {
  Book,
  TLoginResult,
  TWalletLoginRequest,
  TWalletNonceRequest,
  TWalletNonceResponse,
  WalletType,
} from '@openbourse/contracts';
import { WALLET_NONCES_PER_ADDRESS_PER_MINUTE } from '@openbourse/contracts';
import { TronWeb, Trx } from 'tronweb';
import { getAddress, isAddress, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors/app-error.js';
import * as repository from './identity.repository.js';
import type { IdentityService } from './identity.service.js';
import type { IdentityDb as Db } from './identity.tables.js';

export const WALLET_NONCE_TTL_MS = 5 * 60_000;
export const MAINNET_CHAIN_ID = 1;
export const SEPOLIA_CHAIN_ID = 11155111;
export const WALLET_STATEMENT =
  'Sign in to OpenBourse. This signature only proves you own this address: it grants no permission to spend or move your funds.';

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const NONCE_LENGTH = 22; // 22 × log2(62) ≈ 131 random bits
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const TRON_HEADER = 'wants you to sign in to OpenBourse with your TRON account:';

export type WalletSignInOptions = {
  clock: Clock;
  /** PUBLIC_ORIGIN: when set, every message names its host whatever Host header arrives. */
  publicOrigin: string | undefined;
  allowTestnets: boolean;
  finishSignIn: IdentityService['finishSignIn'];
  uniqueInviteCode: IdentityService['uniqueInviteCode'];
};

/** Where the request came in: its scheme and Host (request.protocol, request.host). */
export type RequestOrigin = { protocol: string; host: string };
type SigningOrigin = { domain: string; uri: string };
type RequestMeta = { userAgent: string | null; ip?: string | null };

/** EIP-4361 nonce: alphanumeric, here ~131 random bits. */
export function newWalletNonce(): string {
  return Array.from({ length: NONCE_LENGTH }, () => NONCE_ALPHABET[randomInt(0, NONCE_ALPHABET.length)]).join('');
}

/** The plain text TronLink signs with signMessageV2: the same facts as an EIP-4361 message. */
export function createTronSignInMessage(fields: {
  domain: string;
  address: string;
  uri: string;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date;
}): string {
  return [
    `${fields.domain} ${TRON_HEADER}`,
    fields.address,
    '',
    WALLET_STATEMENT,
    '',
    `URI: ${fields.uri}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expirationTime.toISOString()}`,
  ].join('\n');
}

function invalidInput(path: string, message: string): AppError {
  return new AppError('INVALID_INPUT', { data: { issues: [{ path, message }] } });
}

/** The canonical stored form: EIP-55 checksummed for EVM, base58check-verified for TRON. */
function normalizeAddress(walletType: WalletType, address: string): string {
  if (walletType === 'ethereum') {
    // Strict: a mixed-case address with a wrong checksum is a typo, not another spelling.
    if (!isAddress(address)) throw invalidInput('body.address', 'address checksum is invalid');
    return getAddress(address);
  }
  if (!TronWeb.isAddress(address)) throw invalidInput('body.address', 'address checksum is invalid');
  return address;
}

function toSigningOrigin(protocol: string, host: string): SigningOrigin | null {
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return null;
  }
  // A bare authority only: nothing smuggled into the Host header as user info, path or query.
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
  // url.host is lower-cased without a default port, as wallets compare it with the page's host.
  const origin = { domain: url.host, uri: url.origin };
  try {
    // viem accepts only RFC 3986 authorities; one throwaway message applies its exact rule.
    createSiweMessage({
      ...origin,
      address: ZERO_ADDRESS,
      chainId: MAINNET_CHAIN_ID,
      nonce: 'checkonly',
      version: '1',
    });
  } catch {
    return null;
  }
  return origin;
}

/**
 * Sign-in with a wallet signature (EIP-4361 for Ethereum, signMessageV2 text for TronLink).
 * Always available, also in wallet-only mode: it is the point of that mode.
 */
export function createWalletSignIn(db: Db, options: WalletSignInOptions) {
  const now = () => options.clock.now();
  const publicUrl = options.publicOrigin ? new URL(options.publicOrigin) : null;
  const configured = publicUrl ? toSigningOrigin(publicUrl.protocol.slice(0, -1), publicUrl.host) : null;
  if (options.publicOrigin && !configured) {
    throw new Error(`PUBLIC_ORIGIN ${options.publicOrigin} cannot name a wallet sign-in domain (RFC 3986 authority)`);
  }

  // Without PUBLIC_ORIGIN the message names the Host the client used; the login must come
  // through the same Host, so a message made for another site is refused.
  function signingOrigin(request: RequestOrigin): SigningOrigin {
    if (configured) return configured;
    const origin = toSigningOrigin(request.protocol, request.host);
    if (!origin) throw invalidInput('headers.host', 'the Host header is not a valid domain');
    return origin;
  }

  function allowedChain(chainId: number): boolean {
    return chainId === MAINNET_CHAIN_ID || (chainId === SEPOLIA_CHAIN_ID && options.allowTestnets);
  }

  async function issueNonce(input: TWalletNonceRequest, request: RequestOrigin): Promise<TWalletNonceResponse> {
    const address = normalizeAddress(input.walletType, input.address);
    if (input.walletType === 'ethereum' && !allowedChain(input.chainId)) {
      throw invalidInput('body.chainId', 'test networks are not allowed here');
    }
    const { domain, uri } = signingOrigin(request);
    const issuedAt = now();
    const expiresAt = new Date(issuedAt.getTime() + WALLET_NONCE_TTL_MS);
    const nonce = newWalletNonce();
    const message =
      input.walletType === 'ethereum'
        ? createSiweMessage({
            address: address as `0x${string}`,
            chainId: input.chainId,
            domain,
            uri,
            version: '1',
            nonce,
            statement: WALLET_STATEMENT,
            issuedAt,
            expirationTime: expiresAt,
          })
        : createTronSignInMessage({ domain, address, uri, nonce, issuedAt, expirationTime: expiresAt });
    const stored = await repository.insertWalletNonceWithinLimit(
      db,
      { nonce, address, walletType: input.walletType, message, createdAt: issuedAt, expiresAt },
      { max: WALLET_NONCES_PER_ADDRESS_PER_MINUTE, since: new Date(issuedAt.getTime() - 60_000) },
    );
    if (!stored) throw new AppError('RATE_LIMITED');
    return { nonce, message, expiresAt: expiresAt.toISOString() };
  }

  /** The message says what was stored; still re-read it so a stale row or config change cannot slip by. */
  async function verifyEthereum(address: string, message: string, signature: `0x${string}`, domain: string) {
    const fields = parseSiweMessage(message);
    const valid =
      validateSiweMessage({ message: fields, domain, address: address as `0x${string}`, time: now() }) &&
      fields.chainId !== undefined &&
      allowedChain(fields.chainId);
    if (!valid) throw new AppError('WALLET_SIGNATURE_INVALID');
    const verified = await verifyMessage({ address: address as `0x${string}`, message, signature }).catch(() => false);
    if (!verified) throw new AppError('WALLET_SIGNATURE_INVALID');
  }

  function verifyTron(address: string, message: string, signature: string, domain: string) {
    const header = message.split('\n', 2);
    if (header[0] !== `${domain} ${TRON_HEADER}` || header[1] !== address) {
      throw new AppError('WALLET_SIGNATURE_INVALID');
    }
    let signer: string;
    try {
      signer = Trx.verifyMessageV2(message, signature);
    } catch {
      throw new AppError('WALLET_SIGNATURE_INVALID');
    }
    if (signer !== address) throw new AppError('WALLET_SIGNATURE_INVALID');
  }

  async function findOrCreateUser(address: string, walletType: WalletType): Promise<repository.UserRow> {
    const existing = await repository.findUserByWalletAddress(db, address);
    if (existing) return existing;
    try {
      return await repository.insertUser(db, {
        user_name: address,
        user_name_key: address.toLowerCase(),
        email: null,
        password_hash: null,
        invite_code: await options.uniqueInviteCode(),
        invited_by: null,
        wallet_address: address,
        wallet_type: walletType,
      });
    } catch (error) {
      // Two first sign-ins of one address racing: the loser uses the winner's account.
      if ((error as { code?: string }).code === '23505') {
        const winner = await repository.findUserByWalletAddress(db, address);
        if (winner) return winner;
      }
      throw error;
    }
  }

  async function login(
    input: TWalletLoginRequest,
    request: RequestOrigin,
    book: Book,
    meta: RequestMeta,
  ): Promise<TLoginResult> {
    const address = normalizeAddress(input.walletType, input.address);
    const { domain } = signingOrigin(request);
    const nonce = /^Nonce: ([A-Za-z0-9]{8,64})$/m.exec(input.message)?.[1];
    if (!nonce) throw new AppError('NONCE_INVALID');
    // One attempt per nonce: taken before the signature is checked, so a failed attempt
    // cannot be retried with the same message; the wallet asks for a fresh one.
    const taken = await repository.consumeWalletNonce(db, {
      nonce,
      address,
      walletType: input.walletType,
      message: input.message,
      at: now(),
    });
    if (!taken) throw new AppError('NONCE_INVALID');
    const signature = input.signature as `0x${string}`;
    if (input.walletType === 'ethereum') await verifyEthereum(address, input.message, signature, domain);
    else verifyTron(address, input.message, signature, domain);

    const user = await findOrCreateUser(address, input.walletType);
    return options.finishSignIn(user, book, meta, 'wallet');
  }

  return { issueNonce, login };
}

export type WalletSignIn = ReturnType<typeof createWalletSignIn>;
