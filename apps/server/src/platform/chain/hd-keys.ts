import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bytesToHex, getAddress, keccak256 } from 'viem';
import { english, generateMnemonic, generatePrivateKey, HDKey, mnemonicToAccount } from 'viem/accounts';
import { tronAddressOfEvm } from './addresses.js';

/**
 * BIP-32 keys for deposit addresses (issue 15). The deposit tree is one account-level key at
 * m/44'/60'/0' (as wallets export it): the API side holds only its xpub and derives addresses
 * (child 0/index); the worker that sweeps holds the xprv and derives the matching private keys.
 */

/** The account-level path whose extended keys DEPOSIT_XPUB / DEPOSIT_XPRV hold. */
export const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'";

const SECP256K1_P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** The Ethereum address of a compressed secp256k1 public key (33 bytes: 02/03 prefix + x). */
function addressOfCompressedKey(publicKey: Uint8Array): `0x${string}` {
  const prefix = publicKey[0];
  if (publicKey.length !== 33 || (prefix !== 2 && prefix !== 3)) throw new Error('not a compressed public key');
  const x = BigInt(bytesToHex(publicKey.subarray(1)));
  // y² = x³ + 7 (mod p); p ≡ 3 (mod 4), so a square root is (x³ + 7)^((p + 1) / 4).
  let y = modPow((modPow(x, 3n, SECP256K1_P) + 7n) % SECP256K1_P, (SECP256K1_P + 1n) / 4n, SECP256K1_P);
  if ((y & 1n) !== BigInt(prefix & 1)) y = SECP256K1_P - y;
  const coordinates = `${x.toString(16).padStart(64, '0')}${y.toString(16).padStart(64, '0')}`;
  const hash = keccak256(`0x${coordinates}`);
  return getAddress(`0x${hash.slice(-40)}`);
}

function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new Error(`invalid deposit index ${index}`);
}

/** The checksummed address of deposit index `index` (child 0/index of the account-level xpub). */
export function depositAddressAt(xpub: string, index: number): `0x${string}` {
  checkIndex(index);
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('the extended key has no public key');
  return addressOfCompressedKey(child.publicKey);
}

/**
 * The Tron deposit address of index `index`: child 2/index of the account-level xpub (a chain of
 * its own, so no key is shared with an EVM deposit address or the gas wallet), as Tron writes a
 * secp256k1 account (0x41 + the same 20 bytes, base58check).
 */
export function tronDepositAddressAt(xpub: string, index: number): string {
  checkIndex(index);
  const child = HDKey.fromExtendedKey(xpub).deriveChild(2).deriveChild(index);
  if (!child.publicKey) throw new Error('the extended key has no public key');
  return tronAddressOfEvm(addressOfCompressedKey(child.publicKey));
}

/** The private key of deposit index `index` (child 0/index of the account-level xprv). */
export function depositPrivateKeyAt(xprv: string, index: number): `0x${string}` {
  checkIndex(index);
  const child = HDKey.fromExtendedKey(xprv).deriveChild(0).deriveChild(index);
  if (!child.privateKey) throw new Error('DEPOSIT_XPRV is not a private extended key');
  return bytesToHex(child.privateKey);
}

/**
 * The sweeper's gas wallet: child 1/0 of the account-level xprv (the "change" chain, which no
 * deposit address uses). It pays the gas of sweeps from its own nonces, so it never races the
 * withdrawal signer, the only sender from the hot wallet. Operators keep it funded with ETH.
 */
export function sweepGasPrivateKey(xprv: string): `0x${string}` {
  const child = HDKey.fromExtendedKey(xprv).deriveChild(1).deriveChild(0);
  if (!child.privateKey) throw new Error('DEPOSIT_XPRV is not a private extended key');
  return bytesToHex(child.privateKey);
}

/**
 * The sweeper's gas wallet's address, from the xpub alone (child 1/0 is not hardened): the
 * deposit watcher knows the platform's own gas top-ups of deposit addresses by it.
 */
export function sweepGasAddress(xpub: string): `0x${string}` {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(1).deriveChild(0);
  if (!child.publicKey) throw new Error('the extended key has no public key');
  return addressOfCompressedKey(child.publicKey);
}

/** The account-level extended keys (m/44'/60'/0') of a BIP-39 mnemonic. */
export function depositKeysFromMnemonic(mnemonic: string): { depositXpub: string; depositXprv: string } {
  const accountKey = mnemonicToAccount(mnemonic, { path: DEPOSIT_ACCOUNT_PATH }).getHdKey();
  return { depositXpub: accountKey.publicExtendedKey, depositXprv: accountKey.privateExtendedKey };
}

export type SandboxKeys = { depositXpub: string; depositXprv: string; withdrawalSignerKey: `0x${string}` };

/** Fresh keys: a new mnemonic's deposit tree and a new withdrawal signer key. */
export function generateSandboxKeys(): SandboxKeys & { mnemonic: string } {
  const mnemonic = generateMnemonic(english);
  return { mnemonic, ...depositKeysFromMnemonic(mnemonic), withdrawalSignerKey: generatePrivateKey() };
}

/**
 * The sandbox's keys, kept in dataDir/chain/sandbox-keys.json (mode 0600) so deposit addresses
 * stay the same across restarts; created on first use. Sandbox only: production gets its keys
 * from DEPOSIT_XPUB / DEPOSIT_XPRV / WITHDRAWAL_SIGNER_KEY.
 */
export function loadOrCreateSandboxKeys(dataDir: string): SandboxKeys {
  const directory = path.join(dataDir, 'chain');
  const file = path.join(directory, 'sandbox-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<SandboxKeys>;
    if (
      typeof stored.depositXpub === 'string' &&
      typeof stored.depositXprv === 'string' &&
      typeof stored.withdrawalSignerKey === 'string' &&
      /^0x[0-9a-f]{64}$/.test(stored.withdrawalSignerKey)
    ) {
      // The xpub must belong to the xprv: a hand-edited file must not split them.
      const derived = HDKey.fromExtendedKey(stored.depositXprv).publicExtendedKey;
      if (derived !== stored.depositXpub) throw new Error(`${file}: depositXpub does not match depositXprv`);
      return {
        depositXpub: stored.depositXpub,
        depositXprv: stored.depositXprv,
        withdrawalSignerKey: stored.withdrawalSignerKey as `0x${string}`,
      };
    }
    throw new Error(`${file} is not a sandbox keys file (remove it to create new keys)`);
  }
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const keys = generateSandboxKeys();
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return {
    depositXpub: keys.depositXpub,
    depositXprv: keys.depositXprv,
    withdrawalSignerKey: keys.withdrawalSignerKey,
  };
}
