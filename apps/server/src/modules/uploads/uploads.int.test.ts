import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOGUE } from '@openbourse/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEncryptedFileStore } from '../../platform/files/encrypted-file-store.js';
import {
  type FormPart,
  jp2Fixture,
  jpegWithGps,
  multipartBody,
  noisyPng,
  plainGif,
  plainPng,
} from '../../test/images.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { uploadBelongsTo } from './index.js';

/**
 * Uploads (issue 15) through the whole app: content-typed, re-encoded without metadata, sealed,
 * readable by the owner only, and by an operator only while a review item they may decide holds
 * the file (audited).
 */
const MAX_BYTES = 200_000;
const FILE_STORE_KEY = randomBytes(32).toString('hex');

let testApp: TestApp;
let dataDir: string;
let owner: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
  testApp = await createTestApp({ DATA_DIR: dataDir, FILE_STORE_KEY, UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  owner = await createUserWithSession(testApp);
  other = await createUserWithSession(testApp);
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Envelope = { code: number; data: { id: string } | null; msg: string };

async function upload(token: string | null, parts: FormPart[]) {
  const body = multipartBody(parts);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/swx/customer/upload',
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    payload: body.payload,
  });
  return { status: response.statusCode, body: response.json() as Envelope };
}

const uploadFile = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg', token = owner.token) =>
  upload(token, [{ name: 'file', data, filename, contentType }]);

async function uploadedId(data: Buffer, filename?: string, contentType?: string): Promise<string> {
  const answer = await uploadFile(data, filename, contentType);
  expect(answer.body.code, answer.body.msg).toBe(200);
  return (answer.body.data as { id: string }).id;
}

/** What the store holds for an upload, opened with the same key the app uses. */
async function storedBytes(id: string): Promise<{ bytes: Buffer; row: { content_type: string; sha256: string } }> {
  const row = await testApp.database.db
    .selectFrom('uploads_files')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const store = await openEncryptedFileStore({ dir: path.join(dataDir, 'files'), key: FILE_STORE_KEY });
  return { bytes: await store.get(row.storage_key), row };
}

const read = (url: string, token: string) =>
  testApp.app.inject({ method: 'GET', url, headers: { authorization: token, 'x-request-id': 'uploads-view-test' } });

describe('uploading an image', () => {
  it('re-encodes a JPEG without its EXIF and GPS, upright, and seals it on disk', async () => {
    const original = await jpegWithGps(64, 48);
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from('SECRET-DATUM'))).toBe(true);
    expect(before.orientation).toBe(6);

    const id = await uploadedId(original);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const { bytes, row } = await storedBytes(id);
    expect(row.content_type).toBe('image/jpeg');
    const after = await sharp(bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Orientation 6 applied to the pixels: 64×48 stored as 48×64.
    expect([after.width, after.height]).toEqual([48, 64]);
    expect(bytes.includes(Buffer.from('SECRET'))).toBe(false);

    // On disk: sealed, not the image.
    const { storage_key: storageKey } = await rowOf(id);
    const sealed = await readFile(path.join(dataDir, 'files', storageKey.slice(0, 2), storageKey));
    expect(sealed.includes(bytes.subarray(0, 64))).toBe(false);
    expect(sealed.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);

    // The owner reads the stored image back, as bytes with its type.
    const answer = await read(`/swx/customer/upload/${id}`, owner.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    expect(await uploadBelongsTo(testApp.database.db, id, owner.id)).toBe(true);
    expect(await uploadBelongsTo(testApp.database.db, id, other.id)).toBe(false);
  });

  it('accepts a PNG by its content, whatever its name and declared type, and keeps it a PNG', async () => {
    const id = await uploadedId(await plainPng(), 'document.pdf', 'application/pdf');
    const { bytes, row } = await storedBytes(id);
    expect(row.content_type).toBe('image/png');
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('neutralises polyglots: what follows the image is not stored', async () => {
    const zipAndHtml = Buffer.from('PK\u0003\u0004polyglot<html><script>alert(document.cookie)</script></html>');
    const pngId = await uploadedId(Buffer.concat([await plainPng(), zipAndHtml]), 'a.png', 'image/png');
    const jpegId = await uploadedId(Buffer.concat([await jpegWithGps(), Buffer.from('<script>steal()</script>')]));
    for (const id of [pngId, jpegId]) {
      const { bytes } = await storedBytes(id);
      expect(bytes.includes(Buffer.from('script'))).toBe(false);
      expect(bytes.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
    }
  });

  it('keeps a JPEG 2000 by its box structure: metadata boxes, comments and appended bytes dropped', async () => {
    const id = await uploadedId(
      jp2Fixture({
        comment: 'SECRET-CAMERA',
        xml: '<gps>SECRET-PLACE</gps>',
        afterEnd: Buffer.from('<script>x()</script>'),
      }),
      'scan.jp2',
      'image/jp2',
    );
    const { bytes, row } = await storedBytes(id);
    expect(row.content_type).toBe('image/jp2');
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('jP  ');
    for (const secret of ['SECRET-CAMERA', 'SECRET-PLACE', 'script']) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
    // Bytes after the last box that are not a box: refused.
    const broken = await uploadFile(Buffer.concat([jp2Fixture(), Buffer.from('trailing!')]), 'scan.jp2', 'image/jp2');
    expect(broken.body.code).toBe(CATALOGUE.UPLOAD_UNREADABLE.code);
  });

  it('refuses what is not an accepted image, by content, with a catalogue code', async () => {
    const countBefore = await fileCount();
    const text = await uploadFile(Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png', 'image/png');
    expect([text.status, text.body.code]).toEqual([415, CATALOGUE.UPLOAD_TYPE_UNSUPPORTED.code]);
    const gif = await uploadFile(await plainGif(), 'photo.png', 'image/png');
    expect([gif.status, gif.body.code]).toEqual([415, CATALOGUE.UPLOAD_TYPE_UNSUPPORTED.code]);
    // A PNG signature on something that is not a PNG.
    const fakePng = Buffer.concat([(await plainPng()).subarray(0, 8), randomBytes(200)]);
    const fake = await uploadFile(fakePng, 'x.png', 'image/png');
    expect(fake.body.code).toBe(CATALOGUE.UPLOAD_TYPE_UNSUPPORTED.code);
    // A real PNG header whose image data is cut off: recognised, but it does not decode.
    const noisy = await noisyPng(60, 60);
    const truncated = await uploadFile(noisy.subarray(0, Math.floor(noisy.length / 2)), 'x.png', 'image/png');
    expect([truncated.status, truncated.body.code]).toEqual([400, CATALOGUE.UPLOAD_UNREADABLE.code]);
    expect(await fileCount()).toBe(countBefore);
  });

  it('refuses a file above UPLOAD_MAX_BYTES with its own code, not the framework’s answer', async () => {
    const large = await noisyPng(300, 300);
    expect(large.length).toBeGreaterThan(MAX_BYTES);
    const answer = await uploadFile(large, 'big.png', 'image/png');
    expect([answer.status, answer.body.code]).toEqual([413, CATALOGUE.UPLOAD_TOO_LARGE.code]);
  });

  it('asks for the file when the form has none, or when the body is not a form', async () => {
    const wrongField = await upload(owner.token, [{ name: 'photo', data: await plainPng(), filename: 'a.png' }]);
    expect(wrongField.body.code).toBe(CATALOGUE.UPLOAD_FILE_MISSING.code);
    const json = await testApp.app.inject({
      method: 'POST',
      url: '/swx/customer/upload',
      headers: { authorization: owner.token, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect((json.json() as Envelope).code).toBe(CATALOGUE.UPLOAD_FILE_MISSING.code);
    const visitor = await uploadFile(await plainPng(), 'a.png', 'image/png', '');
    expect(visitor.status).toBe(401);
  });
});

describe('reading an upload', () => {
  it('answers another user exactly as for an id that does not exist', async () => {
    const id = await uploadedId(await plainPng());
    const theirs = await read(`/swx/customer/upload/${id}`, other.token);
    const unknown = await read(`/swx/customer/upload/${'A'.repeat(22)}`, other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect((theirs.json() as Envelope).code).toBe(CATALOGUE.UPLOAD_NOT_FOUND.code);
  });

  it('shows an operator a file only while a review item they may decide holds it, and audits each view', async () => {
    const id = await uploadedId(await plainPng());
    const admin = await createUserWithSession(testApp, ['admin']);
    const reviewer = await createUserWithSession(testApp, ['reviewer']);
    const url = `/swx/admin/uploads/${id}`;

    // No item holds it: not found, for every operator, and nothing audited.
    expect((await read(url, admin.token)).json()).toMatchObject({ code: CATALOGUE.UPLOAD_NOT_FOUND.code });
    expect(await viewRows(id)).toHaveLength(0);

    // A ledger adjustment item (decided by admins) whose payload names the file.
    await testApp.database.db
      .insertInto('review_items')
      .values({
        kind: 'adjustment',
        source_key: `uploads-test:${id}`,
        user_id: owner.id,
        summary: 'evidence attached',
        amount: null,
        asset: null,
        payload: JSON.stringify({ fileIds: [id] }),
        required_approvals: 1,
        requested_by: null,
        claimed_by: null,
        claimed_at: null,
        rejection_reason: null,
        rejection_note: null,
        decided_by: null,
        decided_at: null,
        created_at: new Date(),
      })
      .execute();

    // A reviewer may not decide adjustments: refused, not audited.
    const refused = await read(url, reviewer.token);
    expect([refused.statusCode, (refused.json() as Envelope).code]).toEqual([403, CATALOGUE.FORBIDDEN.code]);
    expect(await viewRows(id)).toHaveLength(0);
    // A plain user is no operator.
    expect((await read(url, owner.token)).statusCode).toBe(403);

    const seen = await read(url, admin.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.rawPayload.equals((await storedBytes(id)).bytes)).toBe(true);
    const rows = await viewRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: admin.id,
      target_type: 'upload',
      target_id: id,
      request_id: 'uploads-view-test',
      details: { ownerUserId: owner.id, contentType: 'image/png', queues: ['adjustment'] },
    });
    await read(url, admin.token);
    expect(await viewRows(id)).toHaveLength(2);
  });
});

const rowOf = (id: string) =>
  testApp.database.db.selectFrom('uploads_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function fileCount(): Promise<number> {
  const row = await testApp.database.db
    .selectFrom('uploads_files')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function viewRows(id: string) {
  return testApp.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'uploads.view')
    .where('target_id', '=', id)
    .orderBy('id')
    .execute();
}
