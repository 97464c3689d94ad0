import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The local encrypted file store (issue 15; DESIGN.md "Files"): every file is sealed with
 * AES-256-GCM under one 32-byte key from configuration (`FILE_STORE_KEY`), with a fresh random
 * 12-byte IV per file and the 16-byte authentication tag kept beside the ciphertext, so a file
 * changed on disk (or moved to another key) is refused, never returned altered.
 *
 * On disk: `<dir>/<2-character prefix>/<random id>`, each file `version (1 byte) ‖ IV (12) ‖ tag
 * (16) ‖ ciphertext`, written to a temporary name and renamed, so a reader never sees half a file.
 * The storage key is the random id (32 hex characters); the prefix spreads the files over 256
 * directories. The id is bound to the ciphertext as associated data, so two files swapped on disk
 * fail to open rather than answering each other's bytes.
 *
 * Platform only: no business rule, no module import. What a file is and who may read it is the
 * uploads module's business.
 */
export type EncryptedFileStore = {
  /** Seals and stores the bytes; answers the storage key that reads them back. */
  put(bytes: Uint8Array): Promise<string>;
  /** The stored bytes; throws `FileStoreError` when the key is unknown or the file was tampered with. */
  get(storageKey: string): Promise<Buffer>;
  /** Removes the file (nothing happens when it is not there). */
  delete(storageKey: string): Promise<void>;
  /** Where a storage key's file lives (tests read the sealed bytes). */
  pathOf(storageKey: string): string;
};

export class FileStoreError extends Error {
  constructor(
    readonly reason: 'not-found' | 'tampered' | 'bad-key',
    message: string,
  ) {
    super(message);
    this.name = 'FileStoreError';
  }
}

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
const STORAGE_KEY = /^[0-9a-f]{32}$/;
const KEY_FILE = 'store-key';

/**
 * The 32-byte key from its configured text: 64 hex characters or base64 (44 characters with
 * padding). Anything else is a configuration error (the caller reports it).
 */
export function parseFileStoreKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return key;
  }
  throw new Error('FILE_STORE_KEY must be 32 bytes, as 64 hex characters or base64');
}

/**
 * The sandbox's key when none is configured: generated once and kept in `<dir>/store-key`
 * (mode 0600), so files stored before a restart still open. Instances starting together agree:
 * the first complete key file linked into place wins, the others read it.
 */
export async function loadOrCreateSandboxKey(dir: string): Promise<Buffer> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const keyPath = path.join(dir, KEY_FILE);
  try {
    return parseFileStoreKey(await readFile(keyPath, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temporary = path.join(dir, `.${KEY_FILE}.${randomBytes(8).toString('hex')}`);
  await writeFile(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, keyPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    // The temporary name holds a key: a copy left behind is worth failing start-up over.
    await unlink(temporary).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await chmod(keyPath, 0o600);
  return parseFileStoreKey(await readFile(keyPath, 'utf8'));
}

export function createEncryptedFileStore(options: { dir: string; key: Buffer }): EncryptedFileStore {
  const { dir, key } = options;
  if (key.length !== 32) throw new Error('the file store key must be 32 bytes');

  const pathOf = (storageKey: string): string => {
    if (!STORAGE_KEY.test(storageKey)) throw new FileStoreError('bad-key', 'not a storage key');
    return path.join(dir, storageKey.slice(0, 2), storageKey);
  };

  return {
    pathOf,

    async put(bytes) {
      const storageKey = randomBytes(16).toString('hex');
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(storageKey, 'ascii'));
      const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()]);
      const sealed = Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), ciphertext]);
      const target = pathOf(storageKey);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, sealed, { mode: 0o600, flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return storageKey;
    },

    async get(storageKey) {
      let sealed: Buffer;
      try {
        sealed = await readFile(pathOf(storageKey));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileStoreError('not-found', 'no such file');
        throw error;
      }
      if (sealed.length < HEADER_BYTES || sealed[0] !== FORMAT_VERSION) {
        throw new FileStoreError('tampered', 'the stored file is not a sealed file');
      }
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(storageKey, 'ascii'));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
      } catch {
        throw new FileStoreError('tampered', 'the stored file failed its authentication check');
      }
    },

    async delete(storageKey) {
      await rm(pathOf(storageKey), { force: true });
    },
  };
}

/**
 * The store as the app opens it: files under `dir`, sealed with the configured key, or — in a
 * sandbox without one (configuration refuses production without a key) — with the key generated
 * once in `dir/store-key`.
 */
export async function openEncryptedFileStore(options: {
  dir: string;
  key: string | undefined;
}): Promise<EncryptedFileStore> {
  return createEncryptedFileStore({ dir: options.dir, key: await loadFileStoreKey(options) });
}

/**
 * The store's master key as configured (`FILE_STORE_KEY`), or the sandbox's generated one: what
 * the store seals with, and what the field cipher (`field-cipher.ts`) derives its own keys from,
 * so one secret is managed, backed up and rotated for files and fields alike.
 */
export async function loadFileStoreKey(options: { dir: string; key: string | undefined }): Promise<Buffer> {
  return options.key ? parseFileStoreKey(options.key) : await loadOrCreateSandboxKey(options.dir);
}
