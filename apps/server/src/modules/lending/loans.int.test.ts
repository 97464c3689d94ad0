import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATALOGUE, type TLoan, type TLoanList, type TReviewListResponse } from '@openbourse/contracts';
import { parseAmount } from '@openbourse/money';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../platform/clock.js';
import { openEncryptedFileStore } from '../../platform/files/encrypted-file-store.js';
import { jpegWithGps, plainPng } from '../../test/images.js';
import { createLendingTestApp } from '../../test/lending-test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { uploadImage } from '../../test/upload-rows.js';
import { auditLedger, getBalance, ledgerAssetDecimals, transfer } from '../ledger/index.js';

/**
 * Loans (issue 17) through the whole app on PostgreSQL: the application's checks in the SPEC's
 * order with nothing moved on a refusal; a crypto-backed loan signed and paid out at once, its
 * interest, a repayment (interest first), a margin call and a partial liquidation at prices from
 * the hub, a stale price that does nothing, full repayment releasing the collateral; an unsecured
 * loan through KYC, the loan queue and a repayment application; another user seeing nothing; the
 * treasury unable to fund; the upkeep job (lapsed offers, overdue). The arithmetic is in comments.
 */
const FILE_STORE_KEY = randomBytes(32).toString('hex');
const DAY_MS = 86_400_000;
// Half a minute into the minute: a tick 20 s old still falls in the minute the hub holds.
const AT = Date.UTC(2026, 5, 1, 12, 0, 30);
let offsetMs = 0;
const clock: Clock = { now: () => new Date(AT + offsetMs) };

let testApp: TestApp;
let dataDir: string;
/** An operator signed in now: an operator's session lapses after 30 idle minutes of the test's clock. */
const freshReviewer = () => createUserWithSession(testApp, ['reviewer']);
let cryptoSettingId: string;
let unsecuredSettingId: string;

type Envelope<T> = { code: number; data: T; msg: string };

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: object,
  book: 'NO' | 'YES' = 'NO',
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { authorization: token, virtually: book, 'x-request-id': 'loans-test' },
    ...(body ? { payload: body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

const apply = (token: string, body: object) => call<TLoan>('POST', '/swx/customer/user/loan', token, body);
const loanOf = (token: string, id: string) => call<TLoan>('GET', `/swx/customer/user/loan/${id}`, token);
const repay = (token: string, id: string, amount: string) =>
  call<TLoan>('POST', `/swx/customer/user/repayLoan?loanId=${id}&amount=${amount}`, token);

const upload = (token: string, data: Buffer, filename: string) => uploadImage(testApp, token, data, filename);

async function sign(token: string, id: string, typedName: string) {
  const signatureFileId = await upload(token, await plainPng(160, 50), 'signature.png');
  return call<TLoan>('POST', `/swx/customer/user/loan/${id}/sign`, token, { signatureFileId, typedName });
}

/** A price through the hub at the test's clock, as a feed sends it (`ageMs` old). */
async function tick(code: string, price: string, ageMs = 0) {
  // A loan just signed is still being loaded into the LTV engine: the price must find it there (on
  // a busy machine the load can still be running when the test's next line sends a price).
  await testApp.app.services.lending.engine.idle();
  testApp.app.services.marketHub.ingest('test', [{ code, price, time: AT + offsetMs - ageMs }]);
  await testApp.app.services.lending.engine.idle();
}

async function balanceOf(userId: string, asset: string, kind: 'available' | 'held' = 'available'): Promise<bigint> {
  return getBalance(testApp.database.db, 'live', asset, { kind, userId });
}

async function treasuryOf(asset: string): Promise<bigint> {
  return getBalance(testApp.database.db, 'live', asset, { kind: 'treasury' });
}

/** Credits a user's live balance from a clearing account (a deposit). */
async function deposit(userId: string, asset: string, amount: string) {
  const decimals = (await ledgerAssetDecimals(testApp.database.db, asset)) ?? 0;
  await testApp.database.db.transaction().execute((trx) =>
    transfer(trx, {
      book: 'live',
      asset,
      from: { kind: 'clearing', name: 'deposits:test' },
      to: { kind: 'available', userId },
      amount: parseAmount(amount, decimals),
      reason: 'deposit',
      idempotencyKey: `loans-test-deposit:${userId}:${asset}:${amount}:${randomBytes(4).toString('hex')}`,
    }),
  );
}

async function notificationsOf(userId: string) {
  return testApp.database.db
    .selectFrom('notify_notifications')
    .select(['template', 'params'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function reviewItemOf(kind: 'loan' | 'repayment', sourceKey: string): Promise<string> {
  const row = await testApp.database.db
    .selectFrom('review_items')
    .select('id')
    .where('kind', '=', kind)
    .where('source_key', '=', sourceKey)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user verified through the KYC flow (submitted, approved by a reviewer); answers their verified name. */
async function verifiedUser(): Promise<{ id: string; token: string; name: string }> {
  const user = await createUserWithSession(testApp);
  const mark = randomBytes(4).toString('hex');
  const photos = {
    frontFileId: await upload(user.token, await jpegWithGps(64, 40), 'front.jpg'),
    backFileId: await upload(user.token, await jpegWithGps(64, 40), 'back.jpg'),
    handheldFileId: await upload(user.token, await jpegWithGps(48, 64), 'hand.jpg'),
    signatureFileId: await upload(user.token, await plainPng(120, 40), 'signature.png'),
  };
  const submitted = await call<{ id: string }>('POST', '/swx/customer/user/identification', user.token, {
    firstName: `Grace${mark}`,
    lastName: 'Hopper',
    sex: 'female',
    birthdate: '1986-12-09',
    country: 'US',
    address: `1 Navy Way ${mark}`,
    areaCode: '+1',
    phone: '2025550147',
    documentType: 'passport',
    ...photos,
  });
  expect(submitted.body.code, submitted.body.msg).toBe(CATALOGUE.SUBMITTED_FOR_REVIEW.code);
  const item = await testApp.database.db
    .selectFrom('review_items')
    .select('id')
    .where('kind', '=', 'kyc')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const approved = await call('POST', `/swx/admin/queues/kyc/${item.id}/approve`, (await freshReviewer()).token);
  expect(approved.body.code, approved.body.msg).toBe(200);
  return { ...user, name: `Grace${mark} Hopper` };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'loans-test-'));
  ({ testApp, cryptoSettingId, unsecuredSettingId } = await createLendingTestApp({
    clock,
    dataDir,
    fileStoreKey: FILE_STORE_KEY,
  }));
  await tick('BTCUSDT', '60000');
}, 90_000);

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('applying for a loan', () => {
  it('checks in the SPEC order with its codes, and a refusal moves nothing', async () => {
    const user = await createUserWithSession(testApp);
    await deposit(user.id, 'BTC', '1');
    const crypto = { settingId: cryptoSettingId, collateralAsset: 'BTC', collateralAmount: '0.5' };
    const cases: Array<[object, keyof typeof CATALOGUE]> = [
      [{ settingId: unsecuredSettingId, amount: '500', term: 7 }, 'NOT_IDENTITY_VERIFIED'],
      [{ settingId: '999999', amount: '500', term: 7 }, 'LOAN_SETTING_NOT_FOUND'],
      [{ ...crypto, term: 30 }, 'LOAN_AMOUNT_EMPTY'],
      [{ ...crypto, amount: '1000' }, 'LOAN_TERM_EMPTY'],
      [{ ...crypto, amount: '0', term: 30 }, 'LOAN_AMOUNT_NOT_POSITIVE'],
      [{ ...crypto, amount: 'lots', term: 30 }, 'LOAN_AMOUNT_NOT_POSITIVE'],
      [{ ...crypto, amount: '1000', term: 5 }, 'LOAN_PERIOD_WRONG'],
      // The unverified limits of the sandbox product: 50 to 50,000 USDT.
      [{ ...crypto, amount: '10', term: 30 }, 'LOAN_BELOW_MINIMUM'],
      [{ ...crypto, amount: '60000', term: 30 }, 'LOAN_ABOVE_MAXIMUM'],
      [{ settingId: cryptoSettingId, amount: '1000', term: 30 }, 'LOAN_INPUT_INCOMPLETE'],
      [{ ...crypto, collateralAsset: 'USDC', amount: '1000', term: 30 }, 'LOAN_COLLATERAL_NOT_ACCEPTED'],
      // 0.5 BTC × 60,000 × 0.5 (initial LTV) = 15,000 USDT at most.
      [{ ...crypto, amount: '15000.000001', term: 30 }, 'LOAN_AMOUNT_OUT_OF_RANGE'],
      [{ ...crypto, collateralAmount: '2', amount: '1000', term: 30 }, 'INSUFFICIENT_ACCOUNT_BALANCE'],
    ];
    for (const [body, name] of cases) {
      const answer = await apply(user.token, body);
      expect(answer.body.code, `${JSON.stringify(body)}: ${answer.body.msg}`).toBe(CATALOGUE[name].code);
    }
    expect(await balanceOf(user.id, 'BTC')).toBe(100_000_000n);
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(0n);
    const rows = await testApp.database.db
      .selectFrom('lending_loans')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
    // The demo book may not borrow.
    const demo = await call(
      'POST',
      '/swx/customer/user/loan',
      user.token,
      { ...crypto, amount: '1000', term: 30 },
      'YES',
    );
    expect(demo.body.code).toBe(CATALOGUE.DEMO_NOT_ALLOWED.code);
  });

  it('refuses with the treasury code, moving nothing, when the treasury cannot fund the loan', async () => {
    const user = await createUserWithSession(testApp);
    await deposit(user.id, 'BTC', '1');
    const treasury = await treasuryOf('USDT');
    // Everything but 999 USDT leaves the treasury for the test, and comes back after.
    const away = treasury - 999_000_000n;
    const move = (from: 'treasury' | 'clearing', amount: bigint, key: string) =>
      testApp.database.db.transaction().execute((trx) =>
        transfer(trx, {
          book: 'live',
          asset: 'USDT',
          from: from === 'treasury' ? { kind: 'treasury' } : { kind: 'clearing', name: 'loans-test' },
          to: from === 'treasury' ? { kind: 'clearing', name: 'loans-test' } : { kind: 'treasury' },
          amount,
          reason: 'treasury_capital',
          idempotencyKey: key,
        }),
      );
    await move('treasury', away, `loans-test:drain:${user.id}`);
    try {
      const answer = await apply(user.token, {
        settingId: cryptoSettingId,
        amount: '1000',
        term: 30,
        collateralAsset: 'BTC',
        collateralAmount: '0.5',
      });
      expect(answer.body.code, answer.body.msg).toBe(CATALOGUE.TREASURY_CANNOT_FUND.code);
      expect(await balanceOf(user.id, 'BTC', 'held')).toBe(0n);
    } finally {
      await move('clearing', away, `loans-test:refill:${user.id}`);
    }
  });
});

describe('a crypto-backed loan', () => {
  let user: { id: string; token: string };
  let loanId: string;

  it('is offered with its collateral held, signed, and paid out at once with the interest promised', async () => {
    await tick('BTCUSDT', '60000');
    user = await createUserWithSession(testApp);
    await deposit(user.id, 'BTC', '1');
    const treasuryBefore = await treasuryOf('USDT');
    const offer = await apply(user.token, {
      settingId: cryptoSettingId,
      amount: '10000',
      term: 30,
      collateralAsset: 'BTC',
      collateralAmount: '0.5',
      idempotencyKey: `loan-offer-${user.id}`,
    });
    expect(offer.body.code, `${offer.body.msg} ${JSON.stringify(offer.body.data)}`).toBe(200);
    loanId = offer.body.data.id;
    // 10,000 × 0.0003 a day × 30 days (no interest-free days) = 90 USDT.
    expect(offer.body.data).toMatchObject({ status: 'awaiting_signature', interest: '90', totalRepayable: '10090' });
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(50_000_000n);
    // The same key again makes nothing new.
    const again = await apply(user.token, {
      settingId: cryptoSettingId,
      amount: '10000',
      term: 30,
      collateralAsset: 'BTC',
      collateralAmount: '0.5',
      idempotencyKey: `loan-offer-${user.id}`,
    });
    expect(again.body.data.id).toBe(loanId);
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(50_000_000n);

    const signed = await sign(user.token, loanId, 'Ada Lovelace');
    expect(signed.body.code, signed.body.msg).toBe(200);
    // 10,000 USDT is not above the loan four-eyes threshold (10,000): paid out at once.
    expect(signed.body.data).toMatchObject({ status: 'repaying', agreementAvailable: true, outstanding: '10000' });
    expect(signed.body.data.termsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.body.data.dueDate).toBe(new Date(AT + 30 * DAY_MS).toISOString());
    expect(await balanceOf(user.id, 'USDT')).toBe(10_000_000_000n);
    expect(treasuryBefore - (await treasuryOf('USDT'))).toBe(10_000_000_000n);
    const templates = (await notificationsOf(user.id)).map((row) => row.template);
    expect(templates).toEqual(['loan_approved', 'loan_disbursed']);
    // The collateral at 60,000: LTV 10,000 / 30,000 = 0.333334 (rounded up), the source shown.
    expect(signed.body.data.collateral).toMatchObject({ ltv: '0.333334', price: '60000', priceSource: 'test' });
  });

  it('serves the agreement to its owner only, sealed at rest, and keeps the typed name sealed', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/swx/customer/user/loan/${loanId}/agreement.pdf`,
      headers: { authorization: user.token, virtually: 'NO' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Its text, as a reader extracts it: the loan, the amount, the typed name and the terms' hash.
    const document = await getDocument({ data: new Uint8Array(response.rawPayload), verbosity: 0 }).promise;
    let text = '';
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      for (const item of content.items) if ('str' in item) text += `${item.str} `;
    }
    await document.destroy();
    const squeezed = text.replace(/\s+/g, '');
    const loan = await loanOf(user.token, loanId);
    expect(squeezed).toContain(loan.body.data.termsHash ?? 'no hash');
    expect(squeezed).toContain('AdaLovelace');
    expect(squeezed).toContain('10,000');
    const row = await testApp.database.db
      .selectFrom('lending_loans')
      .selectAll()
      .where('id', '=', loanId)
      .executeTakeFirstOrThrow();
    expect(row.typed_name_sealed?.includes(Buffer.from('Ada Lovelace'))).toBe(false);
    const store = await openEncryptedFileStore({ dir: path.join(dataDir, 'files'), key: FILE_STORE_KEY });
    const sealed = await readFile(store.pathOf(row.agreement_storage_key ?? ''));
    expect(sealed.includes(Buffer.from('%PDF'))).toBe(false);

    const other = await createUserWithSession(testApp);
    for (const answer of [
      await loanOf(other.token, loanId),
      await repay(other.token, loanId, '1'),
      await call('POST', `/swx/customer/user/loan/${loanId}/repaymentApplication`, other.token, { amount: '1' }),
      await call('POST', `/swx/customer/user/loan/${loanId}/sign`, other.token, {
        signatureFileId: 'AAAAAAAAAAAAAAAAAAAAAA',
        typedName: 'x',
      }),
    ]) {
      expect(answer.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    }
    const unknown = await loanOf(other.token, '987654321');
    expect(unknown.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    const foreignPdf = await testApp.app.inject({
      method: 'GET',
      url: `/swx/customer/user/loan/${loanId}/agreement.pdf`,
      headers: { authorization: other.token, virtually: 'NO' },
    });
    expect((foreignPdf.json() as Envelope<null>).code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
  });

  it('accrues interest by the day and takes a repayment interest first', async () => {
    offsetMs = 10 * DAY_MS;
    await tick('BTCUSDT', '60000');
    const before = await loanOf(user.token, loanId);
    // 10 whole days × 10,000 × 0.0003 = 30 USDT.
    expect(before.body.data).toMatchObject({ interestSoFar: '30', outstanding: '10030' });
    const above = await repay(user.token, loanId, '10030.000001');
    expect(above.body.code).toBe(CATALOGUE.REPAYMENT_ABOVE_OUTSTANDING.code);
    const repaid = await repay(user.token, loanId, '1000');
    expect(repaid.body.code, repaid.body.msg).toBe(200);
    // 30 interest, then 970 of principal: 9,030 left.
    expect(repaid.body.data).toMatchObject({ interestPaid: '30', principalPaid: '970', outstanding: '9030' });
    expect(await balanceOf(user.id, 'USDT')).toBe(9_000_000_000n);
  });

  it('warns at the margin-call LTV, ignores a stale price, and liquidates back to the initial LTV', async () => {
    // Debt 9,030 on 0.5 BTC. Margin call (0.7) at or below 9,030 / (0.5 × 0.7) = 25,800.
    await tick('BTCUSDT', '25000');
    // LTV 9,030 / 12,500 = 0.7224: one warning, 72.24%.
    const marginCalls = async () =>
      (await notificationsOf(user.id)).filter((row) => row.template === 'loan_margin_call');
    // What the engine saw, should it not have acted: whether this app runs the feeds, what it watches.
    const engineState = () =>
      JSON.stringify({
        ownsFeeds: testApp.app.services.marketHub.ownsFeeds,
        watched: testApp.app.services.lending.engine.size(),
        price: testApp.app.services.marketHub.state('BTCUSDT')?.price,
      });
    await expect.poll(async () => (await marginCalls()).length, { timeout: 5_000, message: engineState() }).toBe(1);
    let notes = await marginCalls();
    expect(notes[0]?.params).toMatchObject({ loanId, ltv: '72.24' });
    await tick('BTCUSDT', '24900');
    // Still below the next warning (0.75 at 24,080): no second warning.
    notes = (await notificationsOf(user.id)).filter((row) => row.template === 'loan_margin_call');
    expect(notes).toHaveLength(1);

    // A price 20 s old at the liquidation level (older than LOAN_PRICE_MAX_AGE_MS): nothing happens.
    await tick('BTCUSDT', '20000', 20_000);
    let row = await loanOf(user.token, loanId);
    expect(row.body.data.collateral?.amount).toBe('0.5');

    // Liquidation (0.8) at or below 9,030 / (0.5 × 0.8) = 22,575. At 22,000 the LTV is 0.820910.
    await tick('BTCUSDT', '22000');
    row = await loanOf(user.token, loanId);
    // Sell s = (9,030 − 0.5 × 0.5 × 22,000) / (22,000 × 0.5) = 0.32090909… → 0.32090910 BTC (up);
    // proceeds 0.3209091 × 22,000 = 7,060.0002 settle the debt: 9,030 − 7,060.0002 = 1,969.9998;
    // 0.1790909 BTC left, LTV 1,969.9998 / 3,939.9998 ≈ 0.5, back at the initial LTV.
    expect(row.body.data).toMatchObject({ status: 'repaying', outstanding: '1969.9998' });
    expect(row.body.data.collateral?.amount).toBe('0.1790909');
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(17_909_090n);
    const liquidation = row.body.data.events.find((event) => event.kind === 'liquidation');
    expect(liquidation).toMatchObject({ amount: '0.3209091', asset: 'BTC', price: '22000', priceSource: 'test' });
    const templates = (await notificationsOf(user.id)).map((entry) => entry.template);
    expect(templates.filter((template) => template === 'loan_liquidated')).toHaveLength(1);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('closes on full repayment and returns the collateral left', async () => {
    const row = await loanOf(user.token, loanId);
    const repaid = await repay(user.token, loanId, row.body.data.outstanding);
    expect(repaid.body.code, repaid.body.msg).toBe(200);
    expect(repaid.body.data).toMatchObject({ status: 'repaid', outstanding: '0', canRepay: false });
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(0n);
    // 1 BTC − 0.3209091 sold.
    expect(await balanceOf(user.id, 'BTC')).toBe(67_909_090n);
    const after = await repay(user.token, loanId, '1');
    expect(after.body.code).toBe(CATALOGUE.LOAN_STATUS_DISALLOWS_REPAYMENT.code);
    expect(testApp.app.services.lending.engine.size()).toBe(0);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });
});

describe('an unsecured loan', () => {
  let borrower: { id: string; token: string; name: string };
  let loanId: string;

  it('needs the verified name, waits in the loan queue, and is paid out on approval', async () => {
    // The test's clock only moves forward: the hub keeps no price older than the last one.
    offsetMs = 20 * DAY_MS;
    borrower = await verifiedUser();
    const offer = await apply(borrower.token, { settingId: unsecuredSettingId, amount: '1000', term: 7 });
    expect(offer.body.code, offer.body.msg).toBe(200);
    loanId = offer.body.data.id;
    // 3 interest-free days, then 4 × 1,000 × 0.0005 = 2 USDT.
    expect(offer.body.data).toMatchObject({ interest: '2', verification: 'verified', collateral: null });
    const wrongName = await sign(borrower.token, loanId, 'Somebody Else');
    expect(wrongName.body.code).toBe(CATALOGUE.LOAN_SIGNATURE_NAME_MISMATCH.code);
    const signed = await sign(borrower.token, loanId, `  ${borrower.name.toUpperCase()} `);
    expect(signed.body.code, signed.body.msg).toBe(200);
    expect(signed.body.data.status).toBe('pending_review');
    expect(await balanceOf(borrower.id, 'USDT')).toBe(0n);

    const itemId = await reviewItemOf('loan', `loan:${loanId}`);
    const reviewer = await freshReviewer();
    const listed = await call<TReviewListResponse>('GET', '/swx/admin/queues/loan?status=pending', reviewer.token);
    const item = listed.body.data.items.find((candidate) => candidate.id === itemId);
    // The facts an operator decides on, no personal data among them.
    expect(item?.details).toEqual(
      expect.arrayContaining([
        { key: 'loanKind', value: 'unsecured' },
        { key: 'term', value: '7' },
        { key: 'interest', value: '2 USDT' },
        { key: 'verification', value: 'verified' },
      ]),
    );
    expect(JSON.stringify(item)).not.toContain(borrower.name);
    const approved = await call('POST', `/swx/admin/queues/loan/${itemId}/approve`, reviewer.token);
    expect(approved.body.code, approved.body.msg).toBe(200);
    const after = await loanOf(borrower.token, loanId);
    expect(after.body.data.status).toBe('repaying');
    expect(await balanceOf(borrower.id, 'USDT')).toBe(1_000_000_000n);
    const templates = (await notificationsOf(borrower.id)).map((row) => row.template);
    expect(templates).toEqual(expect.arrayContaining(['loan_approved', 'loan_disbursed']));
  });

  it('holds a repayment application, one at a time, released on rejection and applied on approval', async () => {
    const first = await call<TLoan>('POST', `/swx/customer/user/loan/${loanId}/repaymentApplication`, borrower.token, {
      amount: '500',
      note: 'part of it',
    });
    expect(first.body.code, first.body.msg).toBe(200);
    expect(first.body.data.repaymentApplication).toMatchObject({ status: 'under_review', amount: '500' });
    expect(await balanceOf(borrower.id, 'USDT', 'held')).toBe(500_000_000n);
    const second = await call('POST', `/swx/customer/user/loan/${loanId}/repaymentApplication`, borrower.token, {
      amount: '100',
    });
    expect(second.body.code).toBe(CATALOGUE.REPAYMENT_UNDER_REVIEW.code);
    expect((await repay(borrower.token, loanId, '100')).body.code).toBe(CATALOGUE.REPAYMENT_UNDER_REVIEW.code);

    const applicationId = first.body.data.repaymentApplication?.id ?? '';
    const itemId = await reviewItemOf('repayment', `repayment-application:${applicationId}`);
    const rejected = await call('POST', `/swx/admin/queues/repayment/${itemId}/reject`, (await freshReviewer()).token, {
      reason: 'proof_unclear',
    });
    expect(rejected.body.code, rejected.body.msg).toBe(200);
    expect(await balanceOf(borrower.id, 'USDT', 'held')).toBe(0n);
    const afterReject = await loanOf(borrower.token, loanId);
    expect(afterReject.body.data.repaymentApplication).toMatchObject({
      status: 'rejected',
      reason: 'The proof of payment could not be verified.',
    });
    expect((await notificationsOf(borrower.id)).map((row) => row.template)).toContain('repayment_rejected');

    // Day 5: 2 chargeable days × 1,000 × 0.0005 = 1 USDT interest; 1,001 in all.
    offsetMs = 25 * DAY_MS;
    const owed = await loanOf(borrower.token, loanId);
    expect(owed.body.data.outstanding).toBe('1001');
    await deposit(borrower.id, 'USDT', '1');
    const full = await call<TLoan>('POST', `/swx/customer/user/loan/${loanId}/repaymentApplication`, borrower.token, {
      amount: '1001',
    });
    expect(full.body.code, full.body.msg).toBe(200);
    const fullItem = await reviewItemOf(
      'repayment',
      `repayment-application:${full.body.data.repaymentApplication?.id ?? ''}`,
    );
    const approved = await call(
      'POST',
      `/swx/admin/queues/repayment/${fullItem}/approve`,
      (await freshReviewer()).token,
    );
    expect(approved.body.code, approved.body.msg).toBe(200);
    const closed = await loanOf(borrower.token, loanId);
    expect(closed.body.data).toMatchObject({ status: 'repaid', interestPaid: '1', outstanding: '0' });
    expect(await balanceOf(borrower.id, 'USDT')).toBe(0n);
    expect(await balanceOf(borrower.id, 'USDT', 'held')).toBe(0n);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });

  it('lists the borrower’s loans with their history', async () => {
    const list = await call<TLoanList>('GET', '/swx/customer/user/listLoanRecord', borrower.token);
    expect(list.body.code).toBe(200);
    expect(list.body.data.items.map((loan) => loan.id)).toEqual([loanId]);
    expect(list.body.data.items[0]?.events.map((event) => event.kind)).toEqual([
      'applied',
      'signed',
      'approved',
      'disbursed',
      'repayment_submitted',
      'repayment_rejected',
      'repayment_submitted',
      'repayment',
      'repaid',
    ]);
  });
});

describe('the upkeep', () => {
  it('cancels offers left unsigned, returning their collateral, and marks unpaid loans overdue once', async () => {
    offsetMs = 30 * DAY_MS;
    await tick('BTCUSDT', '60000');
    const user = await createUserWithSession(testApp);
    await deposit(user.id, 'BTC', '1');
    const body = { settingId: cryptoSettingId, term: 7, collateralAsset: 'BTC', collateralAmount: '0.1' };
    const lapsing = await apply(user.token, { ...body, amount: '100' });
    expect(lapsing.body.code, lapsing.body.msg).toBe(200);
    const kept = await apply(user.token, { ...body, amount: '200' });
    await sign(user.token, kept.body.data.id, 'Kept Loan');
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(20_000_000n);

    offsetMs = 38 * DAY_MS;
    await tick('BTCUSDT', '60000');
    const result = await testApp.app.services.lending.runUpkeep();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await loanOf(user.token, lapsing.body.data.id)).body.data.status).toBe('cancelled');
    const overdue = await loanOf(user.token, kept.body.data.id);
    // 200 × 0.0003 × 8 days (7 of the term, then 1 at the same rate: the overdue rule) = 0.48.
    expect(overdue.body.data).toMatchObject({ status: 'overdue', outstanding: '200.48', canRepay: true });
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(10_000_000n);
    await testApp.app.services.lending.runUpkeep();
    const overdueNotes = (await notificationsOf(user.id)).filter((row) => row.template === 'loan_overdue');
    expect(overdueNotes).toHaveLength(1);
    expect(overdueNotes[0]?.params).toMatchObject({ loanId: kept.body.data.id, amount: '200.48', asset: 'USDT' });
  });
});

describe('adding collateral', () => {
  it('locks more of the collateral, lowers the LTV and re-arms the warnings; refused on a loan not open', async () => {
    offsetMs = 39 * DAY_MS;
    await tick('BTCUSDT', '60000');
    const user = await createUserWithSession(testApp);
    await deposit(user.id, 'BTC', '1');
    const offer = await apply(user.token, {
      settingId: cryptoSettingId,
      amount: '3000',
      term: 30,
      collateralAsset: 'BTC',
      collateralAmount: '0.1',
    });
    expect(offer.body.code, offer.body.msg).toBe(200);
    const early = await call<TLoan>('POST', `/swx/customer/user/loan/${offer.body.data.id}/collateral`, user.token, {
      amount: '0.1',
    });
    expect(early.body.code).toBe(CATALOGUE.LOAN_NOT_OPEN_FOR_COLLATERAL.code);
    await sign(user.token, offer.body.data.id, 'Top Up');
    // 3,000 on 0.1 BTC at 60,000: LTV 0.5. At 42,000 it is 3,000 / 4,200 = 0.714286: a margin call.
    await tick('BTCUSDT', '42000');
    const warned = (await notificationsOf(user.id)).filter((row) => row.template === 'loan_margin_call');
    expect(warned).toHaveLength(1);
    const added = await call<TLoan>('POST', `/swx/customer/user/loan/${offer.body.data.id}/collateral`, user.token, {
      amount: '0.05',
    });
    expect(added.body.code, added.body.msg).toBe(200);
    // 3,000 / (0.15 × 42,000) = 0.476191 (rounded up): healthy again, 0.15 BTC held.
    expect(added.body.data.collateral).toMatchObject({ amount: '0.15', ltv: '0.476191' });
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(15_000_000n);
    expect(added.body.data.events.at(-1)).toMatchObject({ kind: 'collateral_added', amount: '0.05', asset: 'BTC' });
    // The warnings start again: at 28,000 the LTV is 3,000 / 4,200 = 0.714286 once more.
    await tick('BTCUSDT', '28000');
    const again = (await notificationsOf(user.id)).filter((row) => row.template === 'loan_margin_call');
    expect(again).toHaveLength(2);
    const tooMuch = await call('POST', `/swx/customer/user/loan/${offer.body.data.id}/collateral`, user.token, {
      amount: '5',
    });
    expect(tooMuch.body.code).toBe(CATALOGUE.INSUFFICIENT_ACCOUNT_BALANCE.code);
    const other = await createUserWithSession(testApp);
    const foreign = await call('POST', `/swx/customer/user/loan/${offer.body.data.id}/collateral`, other.token, {
      amount: '0.01',
    });
    expect(foreign.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    expect(await balanceOf(user.id, 'BTC', 'held')).toBe(15_000_000n);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
    // Back to 60,000 for what follows, and the loan closed so its ticks change nothing there.
    await tick('BTCUSDT', '60000');
    await deposit(user.id, 'USDT', '10');
    const closed = await repay(user.token, offer.body.data.id, '3000');
    expect(closed.body.data.status).toBe('repaid');
  });
});

describe('two repayments at once', () => {
  it('settle the loan once: the second is refused, nothing is taken twice', async () => {
    offsetMs = 40 * DAY_MS;
    await tick('BTCUSDT', '60000');
    const user = await createUserWithSession(testApp);
    await deposit(user.id, 'BTC', '1');
    await deposit(user.id, 'USDT', '50');
    const offer = await apply(user.token, {
      settingId: cryptoSettingId,
      amount: '100',
      term: 7,
      collateralAsset: 'BTC',
      collateralAmount: '0.1',
    });
    await sign(user.token, offer.body.data.id, 'Race Condition');
    const answers = await Promise.all([
      repay(user.token, offer.body.data.id, '100'),
      repay(user.token, offer.body.data.id, '100'),
    ]);
    const codes = answers.map((answer) => answer.body.code).sort();
    expect(codes).toEqual([200, CATALOGUE.LOAN_STATUS_DISALLOWS_REPAYMENT.code].sort());
    // 50 + 100 lent − 100 repaid.
    expect(await balanceOf(user.id, 'USDT')).toBe(50_000_000n);
    expect(await auditLedger(testApp.database.db)).toEqual([]);
  });
});
