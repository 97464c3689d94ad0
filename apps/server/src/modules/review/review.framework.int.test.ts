import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createReviewService, type ReviewService } from './review.service.js';
import type { ReviewActor, ReviewItem, UsdtPriceSource } from './review.types.js';

/**
 * The framework with a kind plugged in by the test, as a later issue's module will plug its own:
 * `withdrawal` (four-eyes above 10,000 USDT equivalent), items queued by the system, not by an
 * operator. The handler's actions record what the framework asked of them.
 */
let testApp: TestApp;
let service: ReviewService;
const carriedOut: string[] = [];
const prices: UsdtPriceSource = {
  state: (code) =>
    code === 'BTCUSDT' || code === 'ETHUSDT' ? { price: code === 'BTCUSDT' ? '50000' : '3000' } : undefined,
  isStale: (code) => code !== 'BTCUSDT',
};
const actor = (operatorId: string, roles: ReviewActor['roles'] = ['reviewer']): ReviewActor => ({
  operatorId,
  roles,
  requestId: `req-${operatorId}`,
  ip: '192.0.2.7',
});

let sequence = 0;
async function queue(amount: string, asset: string): Promise<ReviewItem> {
  sequence += 1;
  const { item } = await testApp.database.db.transaction().execute((trx) =>
    service.submit(trx, {
      kind: 'withdrawal',
      sourceKey: `withdrawal:${sequence}`,
      userId: '42',
      summary: `Withdraw ${amount} ${asset}`,
      amount,
      asset,
      payload: { n: sequence },
      requestedBy: null,
      requestId: 'req-submit',
      ip: null,
    }),
  );
  return item;
}

describe('the review framework with a kind plugged in', () => {
  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    service = createReviewService({
      db,
      clock: fixedClock(new Date('2026-01-02T03:04:05Z')),
      prices,
      userNames: { namesOf: async (ids) => new Map(ids.map((id) => [id, `user${id}`])) },
    });
    service.registerHandler({
      kind: 'withdrawal',
      decideRole: 'reviewer',
      reasons: {
        address_invalid: {
          en: 'The address is invalid.',
          ja: 'アドレスが無効です。',
          ko: '주소가 올바르지 않습니다.',
          de: 'Die Adresse ist ungültig.',
          fr: 'L’adresse n’est pas valide.',
          it: 'L’indirizzo non è valido.',
          es: 'La dirección no es válida.',
          ar: 'العنوان غير صالح.',
          hk: '地址無效。',
          zh: '地址无效。',
        },
      },
      inDecisionTransaction: (work) =>
        db.transaction().execute((trx) =>
          work(trx, {
            approved: async (item) => {
              carriedOut.push(`approved ${item.id}`);
              return { details: { paid: true } };
            },
            rejected: async (item) => {
              carriedOut.push(`rejected ${item.id}`);
              return {};
            },
          }),
        ),
    });
  }, 60_000);
  afterAll(() => testApp.close());

  it('lets one approval decide below the kind threshold and calls the handler once', async () => {
    const item = await queue('9999.5', 'USDT');
    expect(item).toMatchObject({ requiredApprovals: 1, approvals: [], status: 'pending' });
    const approved = await service.approve('withdrawal', item.id, actor('7'), 'en');
    expect(approved).toMatchObject({ status: 'approved', decidedBy: '7', decidedAt: '2026-01-02T03:04:05.000Z' });
    expect(carriedOut).toEqual([`approved ${item.id}`]);
    await expect(service.approve('withdrawal', item.id, actor('8'), 'en')).rejects.toMatchObject({
      catalogueName: 'REVIEW_ITEM_DECIDED',
    });
  });

  it('needs two different operators above the threshold, at a fresh price, and for a stale one', async () => {
    const fresh = await queue('0.3', 'BTC'); // 15,000 USDT
    const stale = await queue('0.001', 'ETH'); // 3 USDT, but the price is stale
    const cheap = await queue('0.1', 'BTC'); // 5,000 USDT
    expect([fresh.requiredApprovals, stale.requiredApprovals, cheap.requiredApprovals]).toEqual([2, 2, 1]);

    const first = await service.approve('withdrawal', fresh.id, actor('7'), 'en');
    expect(first).toMatchObject({ status: 'pending', approvals: [{ operatorId: '7' }], decidedBy: null });
    expect(carriedOut).not.toContain(`approved ${fresh.id}`);
    await expect(service.approve('withdrawal', fresh.id, actor('7'), 'en')).rejects.toMatchObject({
      catalogueName: 'REVIEW_SECOND_OPERATOR_REQUIRED',
    });
    const second = await service.approve('withdrawal', fresh.id, actor('8'), 'en');
    expect(second).toMatchObject({ status: 'approved', decidedBy: '8' });
    expect(carriedOut.filter((line) => line === `approved ${fresh.id}`)).toHaveLength(1);
    await expect(service.approve('withdrawal', fresh.id, actor('9'), 'en')).rejects.toMatchObject({
      catalogueName: 'REVIEW_ITEM_DECIDED',
    });

    const actions = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details'])
      .where('target_type', '=', 'review.withdrawal')
      .where('target_id', '=', fresh.id)
      .orderBy('id')
      .execute();
    expect(actions.map((row) => `${row.action} ${row.actor_user_id}`)).toEqual([
      'review.submit null',
      'review.approve 7',
      'review.approve 8',
    ]);
    expect(actions[2]?.details).toMatchObject({ decided: true, paid: true });
  });

  it('rejects after a first approval, calling the handler, and refuses a role the kind does not admit', async () => {
    const item = await queue('20000', 'USDC');
    await service.approve('withdrawal', item.id, actor('7'), 'en');
    await expect(service.claim('withdrawal', item.id, actor('5', ['support']), 'en')).rejects.toMatchObject({
      catalogueName: 'FORBIDDEN',
    });
    const rejected = await service.reject('withdrawal', item.id, { reason: 'address_invalid' }, actor('8'), 'ja');
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection: { reason: 'address_invalid', reasonText: 'アドレスが無効です。', note: null },
    });
    expect(carriedOut).toContain(`rejected ${item.id}`);
    expect(carriedOut).not.toContain(`approved ${item.id}`);
  });

  it('queues a source once', async () => {
    const first = await queue('5', 'USDT');
    const again = await testApp.database.db.transaction().execute((trx) =>
      service.submit(trx, {
        kind: 'withdrawal',
        sourceKey: first.sourceKey,
        userId: '42',
        summary: 'again',
        amount: '5',
        asset: 'USDT',
        payload: {},
        requestedBy: null,
        requestId: 'req-again',
        ip: null,
      }),
    );
    expect(again).toMatchObject({ isNew: false, item: { id: first.id, summary: first.summary } });
  });

  it('puts a deposit claim’s facts and proof file on the wire, and a handler’s own description over them', async () => {
    const proof = 'AbCdEfGhIjKlMnOpQrStUv';
    const txHash = `0x${'ab'.repeat(32)}`;
    const submit = (kind: 'deposit' | 'kyc', sourceKey: string, payload: Record<string, unknown>) =>
      testApp.database.db.transaction().execute((trx) =>
        service.submit(trx, {
          kind,
          sourceKey,
          userId: '42',
          summary: 'Deposit claim 120 USDT',
          amount: '120',
          asset: 'USDT',
          payload,
          requestedBy: null,
          requestId: 'req-claim',
          ip: null,
        }),
      );
    const { item } = await submit('deposit', 'deposit:claim:1', {
      fileIds: [proof],
      network: 'local',
      txHash,
      fromLast6: 'a1b2c3',
      toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      depositId: '7',
      manual: true,
      source: 'manual',
      blockNumber: 17,
      internal: 'not for the wire',
    });
    const expected = {
      details: [
        { key: 'network', value: 'local' },
        { key: 'txHash', value: txHash },
        { key: 'fromLast6', value: 'a1b2c3' },
        { key: 'toAddress', value: '0x52908400098527886E0F7030069857D2E4169EE7' },
        { key: 'source', value: 'manual' },
        { key: 'blockNumber', value: '17' },
        { key: 'depositId', value: '7' },
      ],
      fileIds: [proof],
    };
    expect(service.toWire(item, 'en')).toMatchObject(expected);
    const listed = await service.list('deposit', { page: 1, size: 20 }, 'en');
    expect(listed.items.find((wire) => wire.id === item.id)).toMatchObject(expected);
    // No deposit handler is plugged in here: no reasons; the withdrawal kind lists its own.
    expect(listed.reasons).toEqual([]);
    expect((await service.list('withdrawal', { page: 1, size: 1 }, 'ja')).reasons).toEqual([
      { code: 'address_invalid', text: 'アドレスが無効です。' },
    ]);
    expect(await service.queueKindsHolding(proof)).toEqual(['deposit']);

    service.registerHandler({
      kind: 'kyc',
      decideRole: 'reviewer',
      reasons: {},
      inDecisionTransaction: () => Promise.reject(new Error('not decided here')),
      describe: (described) => ({
        details: [{ key: 'documentType', value: String(described.payload.documentType) }],
        fileIds: ['front', 'back'],
      }),
    });
    const kyc = await submit('kyc', 'kyc:1', { documentType: 'passport', network: 'not shown', fileIds: ['x'] });
    expect(service.toWire(kyc.item, 'en')).toMatchObject({
      details: [{ key: 'documentType', value: 'passport' }],
      fileIds: ['front', 'back'],
    });
  });
});
