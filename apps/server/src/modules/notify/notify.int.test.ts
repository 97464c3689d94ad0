import type { TNotification, TNotificationListResponse } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignableUser, createUserWithSession } from '../../test/test-users.js';
import { notifyUser } from './index.js';

/**
 * Notifications (issue 15): inserted in the caller's transaction, pushed to the user's sockets
 * through the realtime gateway only after that transaction commits, listed and marked read per
 * user, and e-mailed (here: the development outbox) only when the user turned it on.
 */
let testApp: TestApp;
let socketUrl: string;

type Answer<T> = { status: number; body: { code: number; data: T } };

async function call<T>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await testApp.app.inject({
    method,
    url: `/swx/customer/user/${url}`,
    headers: { authorization: token, virtually: 'NO', ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Answer<T>['body'] };
}
const list = (token: string, body: object = {}, book: 'YES' | 'NO' = 'NO') =>
  call<TNotificationListResponse>(token, 'POST', 'getNotificationList', body, { virtually: book });
const markRead = (token: string, body: object) => call<{ unread: number }>(token, 'POST', 'markNotificationRead', body);

/** A signed-in socket that records the notifications pushed to it. */
async function notificationSocket(token: string) {
  const socket = new WebSocket(socketUrl);
  const received: TNotification[] = [];
  let authenticated = false;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { op?: string; ok?: boolean; data?: TNotification };
    if (message.op === 'authenticated') authenticated = message.ok === true;
    if (message.op === 'notification' && message.data) received.push(message.data);
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ op: 'auth', token }));
  await waitFor(() => authenticated);
  return { received, close: () => socket.close() };
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const notify = (userId: string, amount = '120') =>
  testApp.database.db.transaction().execute((trx) =>
    notifyUser(trx, {
      userId,
      template: 'deposit_received',
      params: { amount, asset: 'USDT', network: 'local', txHash: `0x${'ab'.repeat(32)}` },
    }),
  );

const outbox = (to: string) =>
  testApp.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  socketUrl = `ws://127.0.0.1:${address.port}/swx/customer/message`;
}, 60_000);
afterAll(() => testApp.close());

describe('notifications', () => {
  it('leaves nothing and pushes nothing when the transaction rolls back; pushes only after commit', async () => {
    const user = await createUserWithSession(testApp);
    const socket = await notificationSocket(user.token);
    await expect(
      testApp.database.db.transaction().execute(async (trx) => {
        await notifyUser(trx, {
          userId: user.id,
          template: 'withdrawal_failed',
          params: { amount: '5', asset: 'USDT', network: 'ethereum', reason: 'dropped' },
        });
        throw new Error('the money movement failed');
      }),
    ).rejects.toThrow('the money movement failed');
    expect((await list(user.token)).body.data).toMatchObject({ items: [], total: 0, unread: 0 });

    // Inside an open transaction nothing is pushed; the commit pushes it.
    let insertedId = '';
    await testApp.database.db.transaction().execute(async (trx) => {
      insertedId = (
        await notifyUser(trx, {
          userId: user.id,
          template: 'deposit_received',
          params: { amount: '120.5', asset: 'USDT', network: 'local', txHash: `0x${'cd'.repeat(32)}` },
        })
      ).id;
      await pause(300);
      expect(socket.received).toEqual([]);
    });
    await waitFor(() => socket.received.length > 0);
    await pause(200);
    // Only the committed one ever arrived (the rolled-back NOTIFY was never delivered).
    expect(socket.received).toEqual([
      {
        id: insertedId,
        template: 'deposit_received',
        params: { amount: '120.5', asset: 'USDT', network: 'local', txHash: `0x${'cd'.repeat(32)}` },
        read: false,
        createdAt: expect.any(String),
      },
    ]);
    socket.close();
  });

  it('lists per user, the same in both books, newest first, paged, with the unread count', async () => {
    const user = await createUserWithSession(testApp);
    const other = await createUserWithSession(testApp);
    const first = await notify(user.id, '1');
    const second = await notify(user.id, '2');
    await notify(other.id, '3');
    const live = await list(user.token);
    expect(live.body.code).toBe(200);
    expect(live.body.data).toMatchObject({ total: 2, page: 1, size: 20, unread: 2 });
    expect(live.body.data.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect((await list(user.token, {}, 'YES')).body.data).toEqual(live.body.data);
    const paged = await list(user.token, { page: 2, size: 1 });
    expect(paged.body.data.items.map((item) => item.id)).toEqual([first.id]);
    expect(paged.body.data.total).toBe(2);
  });

  it('marks one and all read, and refuses another user’s id as not found', async () => {
    const user = await createUserWithSession(testApp);
    const other = await createUserWithSession(testApp);
    const a = await notify(user.id, '1');
    await notify(user.id, '2');
    await notify(user.id, '3');
    const theirs = await notify(other.id, '4');

    const refused = await markRead(user.token, { id: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(10188);
    expect((await list(other.token)).body.data.unread).toBe(1);
    expect((await markRead(user.token, { id: '999999999' })).body.code).toBe(10188);
    expect((await markRead(user.token, {})).body.code).toBe(10100);
    expect((await markRead(user.token, { id: a.id, all: true })).body.code).toBe(10100);

    expect((await markRead(user.token, { id: a.id })).body).toMatchObject({ code: 200, data: { unread: 2 } });
    // Again: no error, nothing changes.
    expect((await markRead(user.token, { id: a.id })).body).toMatchObject({ code: 200, data: { unread: 2 } });
    const unreadOnly = await list(user.token, { unreadOnly: true });
    expect(unreadOnly.body.data).toMatchObject({ total: 2, unread: 2 });
    expect(unreadOnly.body.data.items.every((item) => !item.read)).toBe(true);
    expect((await list(user.token)).body.data.items.find((item) => item.id === a.id)?.read).toBe(true);

    expect((await markRead(user.token, { all: true })).body).toMatchObject({ code: 200, data: { unread: 0 } });
    expect((await list(other.token)).body.data.unread).toBe(1);
  });

  it('e-mails a copy only while the user has it on, in the language the setting was saved in', async () => {
    const user = await createUserWithSession(testApp);
    const profile = await testApp.app.services.identity.userProfile(user.id);
    const email = profile.email as string;
    expect((await call<{ email: boolean }>(user.token, 'GET', 'notificationSettings')).body.data).toEqual({
      email: false,
    });
    const withoutMail = await notify(user.id, '10');
    await waitFor(async () => {
      const row = await testApp.database.db
        .selectFrom('notify_notifications')
        .select('email_status')
        .where('id', '=', withoutMail.id)
        .executeTakeFirstOrThrow();
      return row.email_status === null;
    });

    const on = await call<{ email: boolean }>(
      user.token,
      'POST',
      'notificationSettings',
      { email: true },
      { lang: 'de' },
    );
    expect(on.body).toMatchObject({ code: 200, data: { email: true } });
    await notify(user.id, '130');
    await waitFor(async () => (await outbox(email)).length === 1);
    const [mail] = await outbox(email);
    expect(mail?.subject).toBe('OpenBourse: Einzahlung eingegangen');
    expect(mail?.text_body).toContain('Ihre Einzahlung von 130 USDT über Sandbox-Chain wurde gutgeschrieben');

    await call(user.token, 'POST', 'notificationSettings', { email: false });
    await notify(user.id, '140');
    await pause(500);
    expect(await outbox(email)).toHaveLength(1);
  });

  it('refuses e-mail for an account without an address, and parameters that do not fit the template', async () => {
    // A wallet-only account: no e-mail address.
    const walletUser = await createSignableUser(testApp);
    await testApp.database.db.updateTable('users').set({ email: null }).where('id', '=', walletUser.id).execute();
    const token = await walletUser.signIn();
    const refused = await call<unknown>(token, 'POST', 'notificationSettings', { email: true });
    expect(refused.body.code).toBe(10189);

    await expect(
      testApp.database.db.transaction().execute((trx) =>
        notifyUser(trx, {
          userId: walletUser.id,
          template: 'deposit_received',
          // A number where a decimal string belongs (a cast: the type refuses it).
          params: { amount: 120, asset: 'USDT', network: 'local', txHash: '0xabcdef0123' } as never,
        }),
      ),
    ).rejects.toThrow(/do not fit deposit_received/);
    expect((await list(token)).body.data.total).toBe(0);
  });
});
