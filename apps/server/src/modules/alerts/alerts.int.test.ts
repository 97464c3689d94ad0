import type { TAlert, TAlertList, TNotification } from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createInProcessClusterBus } from '../../platform/bus/cluster-bus.js';
import { fixedClock } from '../../platform/clock.js';
import type { TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';
import { createPricedTestApp } from '../../test/trading-test-app.js';
import { AlertEngine } from './index.js';

/**
 * Price alerts (issue 16): set, listed and deleted per user; refused when they would tell the
 * user nothing; fired once from the price pipeline (one UPDATE, whatever the number of engines
 * or ticks), with a "price alert" notification in the same transaction and a live push.
 */
const AT = Date.UTC(2026, 0, 6, 12, 0, 0);
let testApp: TestApp;
let socketUrl: string;

type Envelope<T> = { code: number; data: T; msg: string };

async function call<T>(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, book = 'NO') {
  const response = await testApp.app.inject({
    method,
    url: `/swx/customer/${url}`,
    headers: { authorization: token, virtually: book },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}
const create = (token: string, body: object) => call<TAlert>(token, 'POST', 'alerts', body);
const list = (token: string, book = 'NO') => call<TAlertList>(token, 'GET', 'alerts', undefined, book);
const remove = (token: string, id: string) => call<{ deleted: true }>(token, 'DELETE', `alerts/${id}`);

/** A tick through the hub, as a feed would send it. */
function tick(code: string, price: string, offsetMs = 0) {
  testApp.app.services.marketHub.ingest('sandbox', [{ code, price, time: AT + offsetMs }]);
}

const notificationsOf = (userId: string) =>
  testApp.database.db
    .selectFrom('notify_notifications')
    .select(['template', 'params'])
    .where('user_id', '=', userId)
    .execute();

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A signed-in socket that records the alerts and notifications pushed to it. */
async function userSocket(token: string) {
  const socket = new WebSocket(socketUrl);
  const alerts: TAlert[] = [];
  const notifications: TNotification[] = [];
  let authenticated = false;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { op?: string; ok?: boolean; data?: unknown };
    if (message.op === 'authenticated') authenticated = message.ok === true;
    if (message.op === 'alert') alerts.push(message.data as TAlert);
    if (message.op === 'notification') notifications.push(message.data as TNotification);
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ op: 'auth', token }));
  await waitFor(() => authenticated);
  return { alerts, notifications, close: () => socket.close() };
}

beforeAll(async () => {
  testApp = await createPricedTestApp({ at: AT, prices: { BTCUSDT: '65000', ETHUSDT: '3000', SOLUSDT: '150' } });
  // The quiet sandbox feed may have ticked its own first prices: these come after them.
  tick('BTCUSDT', '65000', 10);
  tick('ETHUSDT', '3000', 10);
  tick('SOLUSDT', '150', 10);
  await testApp.app.services.alertEngine.idle();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  socketUrl = `ws://127.0.0.1:${address.port}/swx/customer/message`;
}, 60_000);
afterAll(() => testApp.close());

describe('price alerts', () => {
  it('creates, lists (the same in both books) and deletes; another user’s id answers like a missing one', async () => {
    const user = await createUserWithSession(testApp);
    const other = await createUserWithSession(testApp);
    const above = await create(user.token, { code: 'BTCUSDT', direction: 'above', price: '70000.5' });
    expect(above.body.code).toBe(200);
    expect(above.body.data).toMatchObject({
      code: 'BTCUSDT',
      direction: 'above',
      price: '70000.5',
      status: 'active',
      firedAt: null,
      firedPrice: null,
      createdAt: new Date(AT).toISOString(),
    });
    const below = await create(user.token, { code: 'ETHUSDT', direction: 'below', price: '2500' });
    expect(below.body.code).toBe(200);

    const listed = await list(user.token);
    expect(listed.body.data.items.map((item) => item.id)).toEqual([below.body.data.id, above.body.data.id]);
    expect((await list(user.token, 'YES')).body.data).toEqual(listed.body.data);
    expect((await list(other.token)).body.data.items).toEqual([]);

    const stranger = await remove(other.token, above.body.data.id);
    expect([stranger.status, stranger.body.code]).toEqual([404, 10190]);
    expect([(await remove(user.token, '999999999')).body.code]).toEqual([10190]);
    expect((await remove(user.token, above.body.data.id)).body).toMatchObject({ code: 200, data: { deleted: true } });
    expect((await list(user.token)).body.data.items.map((item) => item.id)).toEqual([below.body.data.id]);
    expect(testApp.app.services.alertEngine.size('BTCUSDT')).toBe(0);
    expect(testApp.app.services.alertEngine.size('ETHUSDT')).toBe(1);
    expect((await remove(user.token, above.body.data.id)).body.code).toBe(10190);
  });

  it('refuses an unknown instrument, a price off the tick size, a level already reached, and a 51st alert', async () => {
    const user = await createUserWithSession(testApp);
    const codeOf = async (body: object) => (await create(user.token, body)).body.code;
    expect(await codeOf({ code: 'NOPEUSDT', direction: 'above', price: '1' })).toBe(10132);
    expect(await codeOf({ code: 'BTCUSDT', direction: 'above', price: '70000.001' })).toBe(10140);
    expect(await codeOf({ code: 'BTCUSDT', direction: 'above', price: '0' })).toBe(10140);
    expect(await codeOf({ code: 'BTCUSDT', direction: 'sideways', price: '70000' })).toBe(10100);
    expect(await codeOf({ code: 'BTCUSDT', direction: 'above', price: '-5' })).toBe(10100);
    // The market is at 65000: "above 65000" or lower, "below 65000" or higher have already happened.
    const reached = await create(user.token, { code: 'BTCUSDT', direction: 'above', price: '65000' });
    expect([reached.status, reached.body.code]).toEqual([400, 10192]);
    expect(await codeOf({ code: 'BTCUSDT', direction: 'above', price: '64000' })).toBe(10192);
    expect(await codeOf({ code: 'BTCUSDT', direction: 'below', price: '65000' })).toBe(10192);
    expect(await codeOf({ code: 'BTCUSDT', direction: 'below', price: '66000' })).toBe(10192);

    const made = await Promise.all(
      Array.from({ length: 50 }, (_, i) => codeOf({ code: 'BTCUSDT', direction: 'above', price: `${80000 + i}` })),
    );
    expect(made.every((code) => code === 200)).toBe(true);
    const limit = await create(user.token, { code: 'BTCUSDT', direction: 'above', price: '90000' });
    expect([limit.status, limit.body.code]).toEqual([409, 10191]);
    expect((await list(user.token)).body.data.items).toHaveLength(50);
  });

  it('fires once when a tick crosses the level, at the tick’s price, with a notification and a live push', async () => {
    const user = await createUserWithSession(testApp);
    const socket = await userSocket(user.token);
    const alert = (await create(user.token, { code: 'SOLUSDT', direction: 'above', price: '155' })).body.data;
    const stays = (await create(user.token, { code: 'SOLUSDT', direction: 'above', price: '170' })).body.data;
    const below = (await create(user.token, { code: 'SOLUSDT', direction: 'below', price: '140' })).body.data;
    const engine = testApp.app.services.alertEngine;

    tick('SOLUSDT', '154.99', 100);
    await engine.idle();
    expect((await list(user.token)).body.data.items.every((item) => item.status === 'active')).toBe(true);

    // A gap through the level: it fires at the price that crossed it. A second tick beyond it, none.
    tick('SOLUSDT', '157.5', 200);
    tick('SOLUSDT', '158', 300);
    await engine.idle();
    const items = (await list(user.token)).body.data.items;
    const fired = items.find((item) => item.id === alert.id);
    expect(fired).toMatchObject({ status: 'fired', firedPrice: '157.5', firedAt: new Date(AT).toISOString() });
    expect(items.find((item) => item.id === stays.id)?.status).toBe('active');
    expect(items.find((item) => item.id === below.id)?.status).toBe('active');
    // Fired alerts are listed after the active ones.
    expect(items.at(-1)?.id).toBe(alert.id);

    expect(await notificationsOf(user.id)).toEqual([
      { template: 'price_alert', params: { code: 'SOLUSDT', price: '155', direction: 'above' } },
    ]);
    await waitFor(() => socket.alerts.length > 0 && socket.notifications.length > 0);
    expect(socket.alerts).toEqual([fired]);
    expect(socket.notifications.map((item) => item.template)).toEqual(['price_alert']);

    // The way down fires the "below" one.
    tick('SOLUSDT', '139', 400);
    await engine.idle();
    expect((await list(user.token)).body.data.items.find((item) => item.id === below.id)?.status).toBe('fired');
    expect(await notificationsOf(user.id)).toHaveLength(2);
    // A fired alert can be deleted from the list.
    expect((await remove(user.token, alert.id)).body.code).toBe(200);
    socket.close();
  });

  it('fires once with two engines on the same ticks, and an engine started later loads the active alerts', async () => {
    const user = await createUserWithSession(testApp);
    const alert = (await create(user.token, { code: 'ETHUSDT', direction: 'above', price: '3100' })).body.data;
    const pushes: string[] = [];
    const listeners: Array<(ticks: Array<{ code: string; price: string; time: number; source: string }>) => void> = [];
    // A second instance's engine, started now: it reads the active alerts from the database.
    const second = new AlertEngine({
      db: testApp.database.db,
      hub: { ownsFeeds: true, onTicks: (listener) => listeners.push(listener) },
      cluster: createInProcessClusterBus(),
      realtime: { pushToUser: (userId) => pushes.push(userId) },
      clock: fixedClock(new Date(AT)),
      log: { warn: () => {}, error: () => {} },
    });
    const socket = await userSocket(user.token);
    await second.start();
    const active = await testApp.database.db
      .selectFrom('alerts_price_alerts')
      .select('id')
      .where('status', '=', 'active')
      .execute();
    expect(second.size()).toBe(active.length);
    expect(active.map((row) => row.id)).toContain(alert.id);

    // Both engines hear the crossing tick (the second believes it runs the feeds too).
    const ticks = [{ code: 'ETHUSDT', price: '3150', time: AT + 500, source: 'sandbox' }];
    for (const listener of listeners) listener(ticks);
    tick('ETHUSDT', '3150', 500);
    for (const listener of listeners) listener([{ ...ticks[0], price: '3160', time: AT + 600 } as (typeof ticks)[0]]);
    await Promise.all([second.idle(), testApp.app.services.alertEngine.idle()]);
    await second.stop();

    const rows = await testApp.database.db
      .selectFrom('alerts_price_alerts')
      .select(['status', 'fired_price'])
      .where('id', '=', alert.id)
      .execute();
    expect(rows).toEqual([{ status: 'fired', fired_price: '3150' }]);
    expect(await notificationsOf(user.id)).toHaveLength(1);
    // One of the two pushed (the app's engine to the socket, or the second one), not both.
    await waitFor(() => socket.notifications.length > 0);
    expect(pushes.length + socket.alerts.length).toBe(1);
    socket.close();
  });
});
