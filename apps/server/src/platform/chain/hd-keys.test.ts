import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { isTronAddress, tronAddressOfEvm } from './addresses.js';
import {
  depositAddressAt,
  depositKeysFromMnemonic,
  depositPrivateKeyAt,
  generateSandboxKeys,
  loadOrCreateSandboxKeys,
  sweepGasAddress,
  sweepGasPrivateKey,
  tronDepositAddressAt,
} from './hd-keys.js';

// The well-known Hardhat / Foundry development mnemonic: its m/44'/60'/0'/0/i accounts are published.
const MNEMONIC = 'test test test test test test test test test test test junk';
const KNOWN = [
  {
    index: 0,
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    key: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    index: 1,
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    key: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    index: 2,
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    key: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
] as const;

describe("deposit keys (BIP-32, account level m/44'/60'/0')", () => {
  const keys = depositKeysFromMnemonic(MNEMONIC);

  it('derives the published addresses and keys of a known mnemonic', () => {
    expect(keys.depositXpub).toMatch(/^xpub/);
    expect(keys.depositXprv).toMatch(/^xprv/);
    for (const { index, address, key } of KNOWN) {
      expect(depositAddressAt(keys.depositXpub, index)).toBe(address);
      expect(depositPrivateKeyAt(keys.depositXprv, index)).toBe(key);
    }
  });

  it('gives the xpub-derived address the xprv-derived key controls', () => {
    const fresh = generateSandboxKeys();
    for (const index of [0, 7, 12345, 2 ** 31 - 1]) {
      const address = depositAddressAt(fresh.depositXpub, index);
      expect(privateKeyToAccount(depositPrivateKeyAt(fresh.depositXprv, index)).address).toBe(address);
    }
    expect(depositAddressAt(fresh.depositXpub, 1)).not.toBe(depositAddressAt(fresh.depositXpub, 0));
  });

  it('derives Tron deposit addresses on a chain of their own, valid Tron addresses', () => {
    // A published pair: Tether's TRC-20 contract, 41a614f8…d13c in hex.
    expect(tronAddressOfEvm('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    const fresh = generateSandboxKeys();
    const tron = [0, 1, 2].map((index) => tronDepositAddressAt(fresh.depositXpub, index));
    for (const address of tron) expect(isTronAddress(address)).toBe(true);
    expect(new Set(tron).size).toBe(3);
    // Not the Tron form of any EVM deposit address: no key is shared across the two chains.
    const evmAsTron = [0, 1, 2].map((index) => tronAddressOfEvm(depositAddressAt(fresh.depositXpub, index)));
    for (const address of tron) expect(evmAsTron).not.toContain(address);
  });

  it('derives the gas wallet the xprv controls from the xpub too, apart from every deposit address', () => {
    const fresh = generateSandboxKeys();
    const gasWallet = sweepGasAddress(fresh.depositXpub);
    expect(privateKeyToAccount(sweepGasPrivateKey(fresh.depositXprv)).address).toBe(gasWallet);
    for (const index of [0, 1, 2]) expect(depositAddressAt(fresh.depositXpub, index)).not.toBe(gasWallet);
  });

  it('refuses indexes outside 0…2³¹−1 and an xpub where an xprv is needed', () => {
    expect(() => depositAddressAt(keys.depositXpub, -1)).toThrow();
    expect(() => depositAddressAt(keys.depositXpub, 2 ** 31)).toThrow();
    expect(() => depositAddressAt(keys.depositXpub, 1.5)).toThrow();
    expect(() => depositPrivateKeyAt(keys.depositXpub, 0)).toThrow();
  });
});

describe('loadOrCreateSandboxKeys', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the keys once (mode 0600) and reuses them', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'openbourse-keys-'));
    dirs.push(dataDir);
    const first = loadOrCreateSandboxKeys(dataDir);
    const file = path.join(dataDir, 'chain', 'sandbox-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSandboxKeys(dataDir)).toEqual(first);
    expect(first.withdrawalSignerKey).toMatch(/^0x[0-9a-f]{64}$/);
    expect(privateKeyToAccount(depositPrivateKeyAt(first.depositXprv, 3)).address).toBe(
      depositAddressAt(first.depositXpub, 3),
    );
    const other = mkdtempSync(path.join(tmpdir(), 'openbourse-keys-'));
    dirs.push(other);
    expect(loadOrCreateSandboxKeys(other).depositXpub).not.toBe(first.depositXpub);
  });
});
