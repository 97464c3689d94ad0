import { describe, expect, it } from 'vitest';
import { isBitcoinAddress, isEvmAddress, isTronAddress } from './addresses.js';

describe('isEvmAddress', () => {
  it('accepts a valid EIP-55 checksum and single-case addresses', () => {
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true);
    expect(isEvmAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true);
    expect(isEvmAddress('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toBe(true);
    expect(isEvmAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
  });

  it('refuses a broken checksum, a wrong length or non-hex', () => {
    expect(isEvmAddress('0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(isEvmAddress('0xdac17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226')).toBe(false);
    expect(isEvmAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb922660')).toBe(false);
    expect(isEvmAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false);
    expect(isEvmAddress('0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false);
    expect(isEvmAddress(' 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false);
  });
});

describe('isTronAddress', () => {
  it('accepts known addresses', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // USDT (TRC-20)
    expect(isTronAddress('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true); // 0x41 + 20 zero bytes
  });

  it('refuses one changed character, a wrong length or another chain', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLJ6t')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isTronAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(isTronAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(false);
  });
});

describe('isBitcoinAddress', () => {
  it('accepts P2PKH, P2SH, bech32 and bech32m', () => {
    expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(isBitcoinAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true);
    expect(isBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(isBitcoinAddress('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')).toBe(true);
    expect(isBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
  });

  it('refuses broken checksums, mixed case and other chains', () => {
    expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isBitcoinAddress('BC1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    // A witness v0 program with a bech32m checksum (BIP-350 invalid vector).
    expect(isBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBe(false);
    expect(isBitcoinAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isBitcoinAddress('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
    expect(isBitcoinAddress('')).toBe(false);
  });
});
