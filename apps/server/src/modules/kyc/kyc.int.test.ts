import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOGUE, KYC_REJECTION_REASONS, type TKycRecord, type TReviewListResponse } from '@openbourse/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { openEncryptedFileStore } from '../../platform/files/encrypted-file-store.js';
import { jpegWithGps, plainPng } from '../../test/images.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { uploadImage } from '../../test/upload-rows.js';

/**
 * Identity verification (issue 17) through the whole app on PostgreSQL: validation, personal
 * fields sealed at rest (the raw rows and files read back), the review flow with notifications
 * and the status in getUserInfo, resubmission, reviewer views in the audit log, another user
 * seeing nothing, the retention purge, and two submissions at once.
 */
const FILE_STORE_KEY = randomBytes(32).toString('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

let testApp: TestApp;
let dataDir: string;
let reviewer: { id: string; token: string };
let support: { id: string; token: string };
let admin: { id: string; token: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kyc-test-'));
  testApp = await createTestApp({ DATA_DIR: dataDir, FILE_STORE_KEY, KYC_RETENTION_DAYS: '1' }, undefined, { clock });
  reviewer = await createUserWithSession(testApp, ['reviewer']);
  support = await createUserWithSession(testApp, ['support']);
  admin = await createUserWithSession(testApp, ['admin']);
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Envelope<T> = { code: number; data: T; msg: string };

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { authorization: token, 'x-request-id': 'kyc-test', ...headers },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

const upload = (token: string, data: Buffer, filename: string) => uploadImage(testApp, token, data, filename);

type Photos = { frontFileId: string; backFileId: string; handheldFileId: string; signatureFileId: string };

async function photosOf(token: string): Promise<Photos> {
  return {
    frontFileId: await upload(token, await jpegWithGps(64, 40), 'front.jpg'),
    backFileId: await upload(token, await jpegWithGps(64, 40), 'back.jpg'),
    handheldFileId: await upload(token, await jpegWithGps(48, 64), 'hand.jpg'),
    signatureFileId: await upload(token, await plainPng(120, 40), 'signature.png'),
  };
}

/** Values unique to one person, so their plaintext can be searched for anywhere in the database. */
function personOf(tag: string) {
  const mark = randomBytes(5).toString('hex');
  return {
    firstName: `Ada${tag}${mark}`,
    lastName: `Lovelace${mark}`,
    sex: 'female' as const,
    birthdate: '1990-12-10',
    country: 'GB',
    address: `12 St James Square ${mark}, London`,
    areaCode: '+44',
    phone: `20794${mark.replace(/[a-f]/g, '7').slice(0, 6)}`,
    documentType: 'id_card' as const,
  };
}

type Person = ReturnType<typeof personOf>;

const submit = (token: string, body: object, headers: Record<string, string> = {}) =>
  call<TKycRecord>('POST', '/swx/customer/user/identification', token, body, headers);
const identification = (token: string, headers: Record<string, string> = {}) =>
  call<TKycRecord>('GET', '/swx/customer/user/identification', token, undefined, headers);
const userInfo = (token: string) =>
  call<{ idefinderStatus: number; firstName: string | null; lastName: string | null }>(
    'POST',
    '/swx/customer/user/getUserInfo',
    token,
  );

async function submitted(token: string, person: Person, photos?: Photos) {
  const answer = await submit(token, { ...person, ...(photos ?? (await photosOf(token))) });
  expect(answer.body.code, answer.body.msg).toBe(CATALOGUE.SUBMITTED_FOR_REVIEW.code);
  return answer.body.data;
}

/** The pending `kyc` queue item of a submission (as the reviewer lists it). */
async function queueItemOf(submissionId: string, token = reviewer.token) {
  const listed = await call<TReviewListResponse>('GET', '/swx/admin/queues/kyc?status=pending&size=100', token);
  expect(listed.body.code, listed.body.msg).toBe(200);
  const item = listed.body.data.items.find((candidate) =>
    candidate.details.some((detail) => detail.key === 'submissionId' && detail.value === submissionId),
  );
  return { listed: listed.body.data, item };
}

async function itemIdOf(submissionId: string): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('review_items')
    .select('id')
    .where('kind', '=', 'kyc')
    .where('source_key', '=', `kyc:${submissionId}`)
    .executeTakeFirstOrThrow();
  return row.id;
}

const approve = (itemId: string) => call('POST', `/swx/admin/queues/kyc/${itemId}/approve`, reviewer.token);
const reject = (itemId: string, reason: string) =>
  call('POST', `/swx/admin/queues/kyc/${itemId}/reject`, reviewer.token, { reason, note: 'checked by hand' });

async function notificationsOf(userId: string) {
  return testApp.database.db
    .selectFrom('notify_notifications')
    .select(['template', 'params'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function auditRows(action: string, targetId?: string) {
  let query = testApp.database.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (targetId) query = query.where('target_id', '=', targetId);
  return query.orderBy('id').execute();
}

/** Where in the database a text appears, as text of any column of any table (the whole dump searched). */
async function tablesHolding(text: string): Promise<string[]> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
  `.execute(testApp.database.db);
  const found: string[] = [];
  for (const { table_name: table } of tables.rows) {
    const hit = await sql<{ n: string }>`
      SELECT count(*) AS n FROM ${sql.table(table)} AS t
      WHERE t::text LIKE ${`%${text}%`} OR t::text LIKE ${`%${Buffer.from(text).toString('hex')}%`}
    `.execute(testApp.database.db);
    if (Number(hit.rows[0]?.n ?? 0) > 0) found.push(table);
  }
  return found;
}

async function storageKeyOf(fileId: string): Promise<string | undefined> {
  const row = await testApp.database.db
    .selectFrom('uploads_files')
    .select('storage_key')
    .where('id', '=', fileId)
    .executeTakeFirst();
  return row?.storage_key;
}

const fileOnDisk = (storageKey: string) => path.join(dataDir, 'files', storageKey.slice(0, 2), storageKey);

describe('submitting an identity verification', () => {
  let user: { id: string; token: string };
  let photos: Photos;
  beforeAll(async () => {
    user = await createUserWithSession(testApp);
    photos = await photosOf(user.token);
  });

  const expectCode = async (body: object, name: keyof typeof CATALOGUE, path?: string) => {
    const answer = await submit(user.token, body);
    expect(answer.body.code, answer.body.msg).toBe(CATALOGUE[name].code);
    expect(answer.status).toBe(CATALOGUE[name].status);
    if (path) {
      expect(JSON.stringify(answer.body.data)).toContain(path);
    }
  };

  it('refuses a malformed request with the field that is wrong (10100), never a 5xx', async () => {
    const person = personOf('v');
    const { backFileId: _, ...withoutBack } = photos;
    await expectCode({ ...person, ...withoutBack }, 'INVALID_INPUT', 'body.backFileId');
    await expectCode({ ...person, ...photos, country: 'XK' }, 'INVALID_INPUT', 'body.country');
    await expectCode({ ...person, ...photos, areaCode: '+999' }, 'INVALID_INPUT', 'body.areaCode');
    await expectCode({ ...person, ...photos, sex: 'x' }, 'INVALID_INPUT', 'body.sex');
    await expectCode({ ...person, ...photos, birthdate: '1990-02-30' }, 'INVALID_INPUT', 'body.birthdate');
    await expectCode({ ...person, ...photos, documentType: 'visa' }, 'INVALID_INPUT', 'body.documentType');
    await expectCode({ ...person, ...photos, firstName: '' }, 'INVALID_INPUT', 'body.firstName');
    await expectCode({ ...person, ...photos, handheldFileId: photos.frontFileId }, 'INVALID_INPUT', 'body.frontFileId');
    expect((await identification(user.token)).body.data.status).toBe(0);
  });

  it('refuses anyone under 18 on the day (10198)', async () => {
    const today = clock.now();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    await expectCode({ ...personOf('young'), ...photos, birthdate: seventeen }, 'KYC_UNDERAGE');
  });

  it("refuses a photo that is not the caller's upload, as an unknown one (10185)", async () => {
    const other = await createUserWithSession(testApp);
    const othersPhoto = await upload(other.token, await jpegWithGps(), 'x.jpg');
    await expectCode({ ...personOf('o'), ...photos, backFileId: othersPhoto }, 'UPLOAD_NOT_FOUND');
    await expectCode({ ...personOf('o'), ...photos, frontFileId: 'AAAAAAAAAAAAAAAAAAAAAA' }, 'UPLOAD_NOT_FOUND');
  });

  it('refuses a signature that is not a PNG (10183)', async () => {
    await expectCode(
      {
        ...personOf('s'),
        ...photos,
        signatureFileId: photos.backFileId,
        backFileId: undefined,
        documentType: 'passport',
      },
      'UPLOAD_TYPE_UNSUPPORTED',
    );
    expect((await identification(user.token)).body.data.status).toBe(0);
  });

  it('takes a passport without a back photo, and refuses another submission while it is pending (10019)', async () => {
    const { backFileId: _, ...passportPhotos } = photos;
    const record = await submitted(
      user.token,
      { ...personOf('p'), documentType: 'id_card' },
      {
        ...photos,
      },
    );
    expect(record).toMatchObject({ status: 2, decidedAt: null, rejection: null });
    const again = await submit(user.token, { ...personOf('p2'), documentType: 'passport', ...passportPhotos });
    expect(again.body.code).toBe(CATALOGUE.AUTHENTICATION_STATUS_WRONG.code);

    const passportHolder = await createUserWithSession(testApp);
    const own = await photosOf(passportHolder.token);
    const { backFileId: __, ...ownPassport } = own;
    const passport = await submit(passportHolder.token, {
      ...personOf('pp'),
      documentType: 'passport',
      ...ownPassport,
    });
    expect(passport.body.code, passport.body.msg).toBe(CATALOGUE.SUBMITTED_FOR_REVIEW.code);
    expect(passport.body.data.submission).toMatchObject({ documentType: 'passport', backFileId: null });
  });
});

describe('personal data at rest', () => {
  it('holds no plaintext of the personal fields in any table, and the photos sealed on disk', async () => {
    const user = await createUserWithSession(testApp);
    const person = personOf('rest');
    const photos = await photosOf(user.token);
    const record = await submitted(user.token, person, photos);
    const id = record.submission?.id ?? '';

    const row = await testApp.database.db
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const column of [
      'first_name',
      'last_name',
      'sex',
      'birthdate',
      'country',
      'address',
      'area_code',
      'phone',
    ] as const) {
      const sealed = row[column];
      expect(sealed, column).toBeInstanceOf(Buffer);
      // version 1, a 12-byte IV, a 16-byte tag, then the ciphertext
      expect(sealed?.[0]).toBe(1);
    }
    for (const value of [person.firstName, person.lastName, person.address, person.phone, person.birthdate]) {
      for (const column of Object.values(row)) {
        if (Buffer.isBuffer(column)) expect(column.includes(Buffer.from(value))).toBe(false);
        else expect(String(column)).not.toContain(value);
      }
    }
    // Nowhere else either: not in the review item, its audit rows, or any other table (the
    // search itself finds what is stored in the clear: the submission's id).
    expect(await tablesHolding(id)).toEqual(expect.arrayContaining(['kyc_submissions', 'review_items']));
    for (const value of [person.firstName, person.lastName, person.address, person.phone]) {
      expect(await tablesHolding(value), value).toEqual([]);
    }

    // The photos: sealed files whose bytes are neither the image nor start like one.
    const store = await openEncryptedFileStore({ dir: path.join(dataDir, 'files'), key: FILE_STORE_KEY });
    for (const fileId of Object.values(photos)) {
      const storageKey = (await storageKeyOf(fileId)) ?? '';
      const image = await store.get(storageKey);
      const sealed = await readFile(fileOnDisk(storageKey));
      expect(sealed.includes(image.subarray(0, 48))).toBe(false);
      expect(sealed.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(sealed.subarray(1, 4).toString('latin1')).not.toBe('PNG');
    }

    // The owner reads it all back, decrypted.
    const held = await identification(user.token);
    expect(held.body.data.submission).toMatchObject({ ...person, ...photos });
  });
});

describe('the review of a verification', () => {
  it('shows the reviewer the facts and the four photos, each view in the audit log, and approves it', async () => {
    const user = await createUserWithSession(testApp);
    const person = personOf('ok');
    const photos = await photosOf(user.token);
    const record = await submitted(user.token, person, photos);
    const submissionId = record.submission?.id ?? '';
    expect((await userInfo(user.token)).body.data).toMatchObject({
      idefinderStatus: 2,
      firstName: person.firstName,
      lastName: person.lastName,
    });

    const viewsBefore = (await auditRows('kyc.view', submissionId)).length;
    const { item, listed } = await queueItemOf(submissionId);
    expect(item).toBeDefined();
    expect(item?.details).toEqual(
      expect.arrayContaining([
        { key: 'firstName', value: person.firstName },
        { key: 'lastName', value: person.lastName },
        { key: 'birthdate', value: person.birthdate },
        { key: 'address', value: person.address },
        { key: 'phone', value: `+44 ${person.phone}` },
        { key: 'documentType', value: 'id_card' },
      ]),
    );
    expect(item?.fileIds).toEqual([
      photos.frontFileId,
      photos.backFileId,
      photos.handheldFileId,
      photos.signatureFileId,
    ]);
    expect(item?.summary).not.toContain(person.firstName);
    expect(listed.reasons.map((reason) => reason.code)).toEqual(Object.keys(KYC_REJECTION_REASONS));
    const views = await auditRows('kyc.view', submissionId);
    expect(views.length).toBe(viewsBefore + 1);
    expect(views.at(-1)).toMatchObject({ actor_user_id: reviewer.id, target_type: 'kyc_submission' });
    expect(views.at(-1)?.details).toMatchObject({ userId: user.id, via: 'review' });

    // Opening a photo: the image, and an uploads.view row for the reviewer.
    const image = await testApp.app.inject({
      method: 'GET',
      url: `/swx/admin/uploads/${photos.handheldFileId}`,
      headers: { authorization: reviewer.token },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await auditRows('uploads.view', photos.handheldFileId)).toEqual([
      expect.objectContaining({ actor_user_id: reviewer.id }),
    ]);

    // Support agents open no queue (reviewer level), so no KYC data.
    const bySupport = await call('GET', '/swx/admin/queues/kyc', support.token);
    expect(bySupport.body.code).toBe(CATALOGUE.FORBIDDEN.code);

    const itemId = await itemIdOf(submissionId);
    const approved = await approve(itemId);
    expect(approved.body.code, approved.body.msg).toBe(200);
    expect((await identification(user.token)).body.data).toMatchObject({ status: 1, rejection: null });
    expect((await userInfo(user.token)).body.data).toMatchObject({ idefinderStatus: 1, firstName: person.firstName });
    expect(await testApp.app.services.kyc.isVerified(user.id)).toBe(true);
    expect((await notificationsOf(user.id)).map((note) => note.template)).toEqual(['kyc_passed']);
    expect(await auditRows('review.approve', itemId)).toHaveLength(1);

    // Verified: nothing more to submit.
    const again = await submit(user.token, { ...personOf('again'), ...(await photosOf(user.token)) });
    expect(again.body.code).toBe(CATALOGUE.AUTHENTICATION_STATUS_WRONG.code);

    // The admin's user page shows the real name; that opening is logged too.
    const page = await call<{ firstName: string | null; kycStatus: number }>(
      'GET',
      `/swx/admin/users/${user.id}`,
      admin.token,
    );
    expect(page.body.data).toMatchObject({ firstName: person.firstName, lastName: person.lastName, kycStatus: 1 });
    expect((await auditRows('kyc.view', submissionId)).at(-1)).toMatchObject({
      actor_user_id: admin.id,
      details: expect.objectContaining({ via: 'admin.user' }),
    });
  });

  it('refuses one with a reason in the reader’s language, notifies it, and takes a new submission', async () => {
    const user = await createUserWithSession(testApp);
    const first = await submitted(user.token, personOf('no'));
    const itemId = await itemIdOf(first.submission?.id ?? '');
    expect((await reject(itemId, 'no_such_reason')).body.code).toBe(CATALOGUE.REVIEW_REASON_INVALID.code);
    expect((await reject(itemId, 'document_expired')).body.code).toBe(200);

    const held = await identification(user.token, { lang: 'de' });
    expect(held.body.data).toMatchObject({
      status: 3,
      rejection: { reason: 'document_expired', reasonText: KYC_REJECTION_REASONS.document_expired.de },
    });
    expect(held.body.data.purgeAfter).not.toBeNull();
    expect((await userInfo(user.token)).body.data).toMatchObject({ idefinderStatus: 3, firstName: null });
    expect(await testApp.app.services.kyc.isVerified(user.id)).toBe(false);
    expect(await notificationsOf(user.id)).toEqual([
      {
        template: 'kyc_not_passed',
        params: { reason: KYC_REJECTION_REASONS.document_expired.en, reasonCode: 'document_expired' },
      },
    ]);

    const person = personOf('yes');
    const second = await submitted(user.token, person);
    expect(second).toMatchObject({ status: 2, rejection: null });
    expect((await userInfo(user.token)).body.data).toMatchObject({ idefinderStatus: 2, firstName: person.firstName });
    const { item } = await queueItemOf(second.submission?.id ?? '');
    expect(item?.status).toBe('pending');
  });
});

describe('another user', () => {
  it("sees nothing of someone's verification: their own empty record, and 10185 for the photos", async () => {
    const owner = await createUserWithSession(testApp);
    const person = personOf('mine');
    const photos = await photosOf(owner.token);
    await submitted(owner.token, person, photos);
    const other = await createUserWithSession(testApp);

    const theirs = await identification(other.token);
    expect(theirs.body.data).toEqual({
      status: 0,
      submission: null,
      submittedAt: null,
      decidedAt: null,
      rejection: null,
      purgeAfter: null,
      purgedAt: null,
    });
    expect((await userInfo(other.token)).body.data).toMatchObject({ idefinderStatus: 0, firstName: null });
    const photo = await call('GET', `/swx/customer/upload/${photos.frontFileId}`, other.token);
    const unknown = await call('GET', '/swx/customer/upload/AAAAAAAAAAAAAAAAAAAAAA', other.token);
    expect(photo.body.code).toBe(CATALOGUE.UPLOAD_NOT_FOUND.code);
    // The same answer as for an id nobody has: it tells nothing.
    expect({ ...photo.body, msg: '' }).toEqual({ ...unknown.body, msg: '' });
    // Submitting with the owner's photos is refused the same way.
    const borrowed = await submit(other.token, { ...personOf('thief'), ...photos });
    expect(borrowed.body.code).toBe(CATALOGUE.UPLOAD_NOT_FOUND.code);
  });
});

describe('two submissions at once', () => {
  it('make one pending verification and one review item; the other is refused with 10019', async () => {
    const user = await createUserWithSession(testApp);
    const photos = await photosOf(user.token);
    const answers = await Promise.all([
      submit(user.token, { ...personOf('a'), ...photos }),
      submit(user.token, { ...personOf('b'), ...photos }),
      submit(user.token, { ...personOf('c'), ...photos }),
    ]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([
      CATALOGUE.AUTHENTICATION_STATUS_WRONG.code,
      CATALOGUE.AUTHENTICATION_STATUS_WRONG.code,
      CATALOGUE.SUBMITTED_FOR_REVIEW.code,
    ]);
    const rows = await testApp.database.db
      .selectFrom('kyc_submissions')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([{ id: expect.any(String), status: 2 }]);
    const items = await testApp.database.db
      .selectFrom('review_items')
      .select('id')
      .where('kind', '=', 'kyc')
      .where('user_id', '=', user.id)
      .execute();
    expect(items).toHaveLength(1);
  });
});

describe('the retention job', () => {
  it('deletes the fields and photos of refused submissions after the retention period, keeping reused photos', async () => {
    // Gave up after a refusal.
    const quitter = await createUserWithSession(testApp);
    const quitterPhotos = await photosOf(quitter.token);
    const refused = await submitted(quitter.token, personOf('quit'), quitterPhotos);
    await reject(await itemIdOf(refused.submission?.id ?? ''), 'document_unreadable');
    // Sent a new one reusing the front photo; the old one's other photos go, the front stays.
    const retrier = await createUserWithSession(testApp);
    const retrierPhotos = await photosOf(retrier.token);
    const old = await submitted(retrier.token, personOf('old'), retrierPhotos);
    await reject(await itemIdOf(old.submission?.id ?? ''), 'handheld_photo_mismatch');
    const fresh = { ...(await photosOf(retrier.token)), frontFileId: retrierPhotos.frontFileId };
    const current = await submitted(retrier.token, personOf('new'), fresh);
    // A pending one is never purged.
    const pendingUser = await createUserWithSession(testApp);
    const pendingPhotos = await photosOf(pendingUser.token);
    await submitted(pendingUser.token, personOf('wait'), pendingPhotos);

    // Within the period: nothing goes.
    expect(await testApp.app.services.kyc.purgeExpired()).toBe(0);
    const quitterKeys = await Promise.all(Object.values(quitterPhotos).map(storageKeyOf));

    // Two days on (the period is 1 day here): the job, queued on the platform's queue, runs.
    offsetMs = 2 * DAY_MS;
    try {
      await testApp.app.services.jobs.drain();
      const purgedRows = await testApp.database.db
        .selectFrom('kyc_submissions')
        .selectAll()
        .where('id', 'in', [refused.submission?.id ?? '', old.submission?.id ?? ''])
        .execute();
      expect(purgedRows).toHaveLength(2);
      for (const row of purgedRows) {
        expect(row).toMatchObject({ status: 3, first_name: null, last_name: null, address: null, phone: null });
        expect(row.purged_at).toBeInstanceOf(Date);
      }
      expect((await identification(quitter.token)).body.data).toMatchObject({
        status: 3,
        submission: null,
        rejection: { reason: 'document_unreadable' },
        purgeAfter: null,
      });
      for (const fileId of Object.values(quitterPhotos)) expect(await storageKeyOf(fileId)).toBeUndefined();
      for (const key of quitterKeys) await expect(access(fileOnDisk(key ?? ''))).rejects.toThrow();
      // The retrier's reused front photo stays with the current submission; the rest of the old one is gone.
      expect(await storageKeyOf(retrierPhotos.frontFileId)).toBeDefined();
      expect(await storageKeyOf(retrierPhotos.backFileId)).toBeUndefined();
      expect(await storageKeyOf(retrierPhotos.handheldFileId)).toBeUndefined();
      expect((await identification(retrier.token)).body.data).toMatchObject({
        status: 2,
        submission: { id: current.submission?.id, frontFileId: retrierPhotos.frontFileId },
      });
      // The pending one is untouched.
      expect(await storageKeyOf(pendingPhotos.frontFileId)).toBeDefined();
      expect(await auditRows('kyc.purge', refused.submission?.id)).toHaveLength(1);
      // Again: nothing left to do.
      expect(await testApp.app.services.kyc.purgeExpired()).toBe(0);
    } finally {
      offsetMs = 0;
    }
    // Back in the present (an operator's session ends when idle): the reviewer's view of a
    // purged item shows no personal data and no photos.
    const listed = await call<TReviewListResponse>(
      'GET',
      '/swx/admin/queues/kyc?status=rejected&size=100',
      reviewer.token,
    );
    const purgedItem = listed.body.data.items.find((item) => item.userId === quitter.id);
    expect(purgedItem?.fileIds).toEqual([]);
    expect(purgedItem?.details.map((detail) => detail.key)).toEqual(['submissionId', 'documentType', 'purgedAt']);
  });
});
