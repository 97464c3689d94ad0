import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEncryptedFileStore,
  type EncryptedFileStore,
  FileStoreError,
  loadOrCreateSandboxKey,
  parseFileStoreKey,
} from './encrypted-file-store.js';

let dir: string;
let store: EncryptedFileStore;
const plaintext = Buffer.from(`passport scan ${'JOHN SMITH 1980-01-01 '.repeat(40)}`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-store-'));
  store = createEncryptedFileStore({ dir, key: randomBytes(32) });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const errorOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return null;
};

describe('the encrypted file store', () => {
  it('reads back what it stored, from a file under a two-character prefix', async () => {
    const storageKey = await store.put(plaintext);
    expect(storageKey).toMatch(/^[0-9a-f]{32}$/);
    expect(store.pathOf(storageKey)).toBe(path.join(dir, storageKey.slice(0, 2), storageKey));
    expect((await store.get(storageKey)).equals(plaintext)).toBe(true);
    expect((await stat(store.pathOf(storageKey))).mode & 0o777).toBe(0o600);
  });

  it('keeps no plaintext on disk, and uses a fresh IV per file', async () => {
    const first = await store.put(plaintext);
    const second = await store.put(plaintext);
    const sealedFirst = await readFile(store.pathOf(first));
    const sealedSecond = await readFile(store.pathOf(second));
    expect(sealedFirst.includes(Buffer.from('JOHN SMITH'))).toBe(false);
    expect(sealedFirst.length).toBe(plaintext.length + 1 + 12 + 16);
    expect(sealedFirst.subarray(1, 13).equals(sealedSecond.subarray(1, 13))).toBe(false);
    expect(sealedFirst.subarray(29).equals(sealedSecond.subarray(29))).toBe(false);
  });

  it('refuses a file changed on disk, a file moved under another key and a file sealed with another key', async () => {
    const storageKey = await store.put(plaintext);
    const file = store.pathOf(storageKey);
    const sealed = await readFile(file);

    const flipped = Buffer.from(sealed);
    flipped[40] = (flipped[40] as number) ^ 1;
    await writeFile(file, flipped);
    const tampered = await errorOf(store.get(storageKey));
    expect(tampered).toBeInstanceOf(FileStoreError);
    expect((tampered as FileStoreError).reason).toBe('tampered');

    const tagChanged = Buffer.from(sealed);
    tagChanged[20] = (tagChanged[20] as number) ^ 0x80;
    await writeFile(file, tagChanged);
    expect(((await errorOf(store.get(storageKey))) as FileStoreError).reason).toBe('tampered');

    await writeFile(file, sealed.subarray(0, 10));
    expect(((await errorOf(store.get(storageKey))) as FileStoreError).reason).toBe('tampered');

    // The same sealed bytes under another storage key do not open (the id is authenticated).
    await writeFile(file, sealed);
    const other = await store.put(Buffer.from('other'));
    await writeFile(store.pathOf(other), sealed);
    expect(((await errorOf(store.get(other))) as FileStoreError).reason).toBe('tampered');
    expect((await store.get(storageKey)).equals(plaintext)).toBe(true);

    const otherKeyStore = createEncryptedFileStore({ dir, key: randomBytes(32) });
    expect(((await errorOf(otherKeyStore.get(storageKey))) as FileStoreError).reason).toBe('tampered');
  });

  it('deletes, answers not-found for an unknown file and refuses a key that is not a storage key', async () => {
    const storageKey = await store.put(plaintext);
    await store.delete(storageKey);
    expect(((await errorOf(store.get(storageKey))) as FileStoreError).reason).toBe('not-found');
    await store.delete(storageKey);
    expect(((await errorOf(store.get('../../etc/passwd'))) as FileStoreError).reason).toBe('bad-key');
  });
});

describe('the store key', () => {
  it('reads 32 bytes as hex or base64 and refuses anything else', () => {
    const key = randomBytes(32);
    expect(parseFileStoreKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseFileStoreKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseFileStoreKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(() => parseFileStoreKey(randomBytes(16).toString('hex'))).toThrow();
    expect(() => parseFileStoreKey(randomBytes(24).toString('base64'))).toThrow();
    expect(() => parseFileStoreKey('secret')).toThrow();
  });

  it('generates the sandbox key once, mode 0600, and keeps it (instances starting together agree)', async () => {
    const keyDir = path.join(dir, 'keys');
    const keys = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateSandboxKey(keyDir)));
    for (const key of keys) expect(key.equals(keys[0] as Buffer)).toBe(true);
    expect((await stat(path.join(keyDir, 'store-key'))).mode & 0o777).toBe(0o600);
    expect((await loadOrCreateSandboxKey(keyDir)).equals(keys[0] as Buffer)).toBe(true);
  });
});
