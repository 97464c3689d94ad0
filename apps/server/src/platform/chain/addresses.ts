import { createHash } from 'node:crypto';
import { getAddress } from 'viem';

/**
 * Address checks for what users type (withdrawal destinations, wallet links). Format checks
 * only: a well-formed address may still belong to nobody.
 */

/** 0x + 40 hex digits; all-lower or all-upper case is accepted, mixed case must be a valid EIP-55 checksum. */
export function isEvmAddress(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const digits = value.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return getAddress(value) === value;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** Decodes base58 (Bitcoin alphabet); null on a character outside it. */
export function base58Decode(value: string): Uint8Array | null {
  let number = 0n;
  for (const char of value) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return null;
    number = number * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (number > 0n) {
    bytes.unshift(Number(number & 0xffn));
    number >>= 8n;
  }
  // Each leading '1' stands for a leading zero byte.
  for (const char of value) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** Encodes bytes as base58check: the payload, then the first 4 bytes of its double SHA-256. */
export function base58CheckEncode(payload: Uint8Array): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let number = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let text = '';
  while (number > 0n) {
    text = BASE58_ALPHABET[Number(number % 58n)] + text;
    number /= 58n;
  }
  // Each leading zero byte is a leading '1'.
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** The Tron address of a 20-byte account (an Ethereum address's bytes): 0x41 + the bytes, base58check. */
export function tronAddressOfEvm(evmAddress: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(evmAddress)) throw new Error(`not a 20-byte address: ${evmAddress}`);
  return base58CheckEncode(Buffer.from(`41${evmAddress.slice(2)}`, 'hex'));
}

/** The payload of a base58check string (version byte included) when its 4-byte checksum holds. */
export function base58CheckDecode(value: string): Uint8Array | null {
  const bytes = base58Decode(value);
  if (bytes === null || bytes.length < 5) return null;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = bytes.subarray(bytes.length - 4);
  const expected = sha256(sha256(payload)).subarray(0, 4);
  return expected.equals(checksum) ? payload : null;
}

/** A Tron address: 34 base58 characters starting with T, version byte 0x41 + 20 bytes, valid checksum. */
export function isTronAddress(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  const payload = base58CheckDecode(value);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32Polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if ((top >>> bit) & 1) checksum ^= generators[bit] as number;
  }
  return checksum >>> 0;
}

/** bech32 (BIP-173, witness v0) or bech32m (BIP-350, v1+) segwit address on mainnet (bc1…) or testnet (tb1…). */
function isSegwitAddress(value: string): boolean {
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return false;
  const lower = value.toLowerCase();
  const separator = lower.lastIndexOf('1');
  const prefix = lower.slice(0, separator);
  if ((prefix !== 'bc' && prefix !== 'tb') || lower.length > 90) return false;
  const data: number[] = [];
  for (const char of lower.slice(separator + 1)) {
    const digit = BECH32_CHARSET.indexOf(char);
    if (digit < 0) return false;
    data.push(digit);
  }
  if (data.length < 7) return false;
  const expanded = [
    ...[...prefix].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...prefix].map((c) => c.charCodeAt(0) & 31),
  ];
  const polymod = bech32Polymod([...expanded, ...data]);
  const version = data[0] as number;
  if (version > 16) return false;
  const constant = version === 0 ? 1 : 0x2bc830a3;
  if (polymod !== constant) return false;
  // Program length in bytes: the 5-bit groups after the version, without the 6 checksum groups.
  const programBits = (data.length - 1 - 6) * 5;
  const programBytes = Math.floor(programBits / 8);
  if (programBits % 8 >= 5) return false;
  if (version === 0) return programBytes === 20 || programBytes === 32;
  return programBytes >= 2 && programBytes <= 40;
}

/**
 * A Bitcoin address: base58check P2PKH (1…, version 0x00) or P2SH (3…, 0x05), their testnet forms
 * (m/n…, 0x6f; 2…, 0xc4), or a bech32/bech32m segwit address (bc1…, tb1…). A format check.
 */
export function isBitcoinAddress(value: string): boolean {
  if (/^(bc1|tb1|BC1|TB1)/.test(value)) return isSegwitAddress(value);
  if (!/^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(value)) return false;
  const payload = base58CheckDecode(value);
  if (payload === null || payload.length !== 21) return false;
  return [0x00, 0x05, 0x6f, 0xc4].includes(payload[0] as number);
}
