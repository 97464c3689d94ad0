import type { TPushItem } from '@openbourse/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket } from './fake-socket.testkit';
import {
  createMarketSocket,
  HELD_EVENT_MS,
  HELD_EVENTS,
  MAX_CODES_PER_MESSAGE,
  type MarketSocket,
  marketSocketUrl,
  parseServerMessage,
  subscriptionMessages,
} from './market-socket';

/** Timers run by hand: `advance(ms)` fires what is due. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimer: (callback: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimer: (handle: unknown) => {
      timers.delete(handle as number);
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.callback();
        }
      }
    },
    pending: () => timers.size,
    now: () => now,
  };
}

const tick = (code: string, price: string): TPushItem => ({
  code,
  price,
  zdf: '0.01',
  time: 1_700_000_000_000,
  source: 'sandbox',
});

describe('market socket messages', () => {
  it('reads price arrays and drops malformed items', () => {
    const message = parseServerMessage(
      JSON.stringify([
        tick('BTCUSDT', '90000.12'),
        { code: 'ETHUSDT', price: 3000, time: 1, source: 'x' },
        { code: 'EURUSD', price: '1.1', time: 1, source: 'replay' },
        { code: 'AAPL', price: '1e5', time: 1, source: 'x' },
      ]),
    );
    expect(message).toEqual({
      kind: 'prices',
      items: [tick('BTCUSDT', '90000.12'), { code: 'EURUSD', price: '1.1', zdf: null, time: 1, source: 'replay' }],
    });
  });

  it('reads errors and acknowledgements, and rejects anything else', () => {
    expect(parseServerMessage('{"op":"error","code":10132,"msg":"no"}')).toEqual({
      kind: 'error',
      code: 10132,
      msg: 'no',
    });
    expect(parseServerMessage('{"op":"subscribed","codes":[]}')).toEqual({ kind: 'ack' });
    expect(parseServerMessage('{"op":"pong"}')).toEqual({ kind: 'ack' });
    expect(parseServerMessage('not json')).toEqual({ kind: 'invalid' });
    expect(parseServerMessage('42')).toEqual({ kind: 'invalid' });
    expect(parseServerMessage(new ArrayBuffer(2))).toEqual({ kind: 'invalid' });
  });

  it('splits subscriptions to the server limit', () => {
    const codes = Array.from({ length: MAX_CODES_PER_MESSAGE + 1 }, (_, index) => `C${index}`);
    const messages = subscriptionMessages('subscribe', codes);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toEqual({ op: 'subscribe', codes: [`C${MAX_CODES_PER_MESSAGE}`] });
  });

  it('builds the socket address from the page', () => {
    expect(marketSocketUrl({ protocol: 'https:', host: 'example.org' })).toBe('wss://example.org/swx/customer/message');
    expect(marketSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/swx/customer/message',
    );
  });
});

describe('the shared market socket', () => {
  let clock: ReturnType<typeof manualClock>;
  let client: MarketSocket;
  const current = () => FakeSocket.instances.at(-1) as FakeSocket;

  beforeEach(() => {
    FakeSocket.instances = [];
    clock = manualClock();
    client = createMarketSocket({
      WebSocketImpl: FakeSocket,
      url: () => 'ws://test/swx/customer/message',
      reconnectMs: 3000,
      random: () => 0.999_999,
      idleCloseMs: 10_000,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
    });
  });

  it('opens one socket lazily and subscribes once it is open', () => {
    expect(FakeSocket.instances).toHaveLength(0);
    client.subscribePrices(['BTCUSDT', 'ETHUSDT'], () => undefined);
    client.subscribePrices(['BTCUSDT'], () => undefined);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(current().sent).toEqual([]);
    current().open();
    expect(current().sent).toEqual([{ op: 'subscribe', codes: ['BTCUSDT', 'ETHUSDT'] }]);
    expect(client.subscriptions()).toEqual(
      new Map([
        ['BTCUSDT', 2],
        ['ETHUSDT', 1],
      ]),
    );
  });

  it('counts references: the server hears only the first subscribe and the last unsubscribe', () => {
    const first = client.subscribePrices(['BTCUSDT'], () => undefined);
    current().open();
    const second = client.subscribePrices(['BTCUSDT', 'SOLUSDT'], () => undefined);
    expect(current().sent.at(-1)).toEqual({ op: 'subscribe', codes: ['SOLUSDT'] });
    first();
    first(); // calling twice changes nothing
    expect(current().sent).toHaveLength(2);
    second();
    expect(current().sent.at(-1)).toEqual({ op: 'unsubscribe', codes: ['BTCUSDT', 'SOLUSDT'] });
    expect(client.subscriptions().size).toBe(0);
  });

  it('delivers each listener only its codes, and hands a newcomer the last price', () => {
    const btc: TPushItem[][] = [];
    const eth: TPushItem[][] = [];
    client.subscribePrices(['BTCUSDT'], (items) => btc.push([...items]));
    client.subscribePrices(['ETHUSDT'], (items) => eth.push([...items]));
    current().open();
    current().receive([tick('BTCUSDT', '1'), tick('ETHUSDT', '2'), tick('XRPUSDT', '3')]);
    current().receive({ op: 'subscribed', codes: ['BTCUSDT'] });
    expect(btc).toEqual([[tick('BTCUSDT', '1')]]);
    expect(eth).toEqual([[tick('ETHUSDT', '2')]]);

    const late: TPushItem[][] = [];
    client.subscribePrices(['BTCUSDT'], (items) => late.push([...items]));
    expect(late).toEqual([[tick('BTCUSDT', '1')]]);
    expect(client.latest('XRPUSDT')).toBeUndefined();
  });

  it('reconnects 3 s after a close and sends every current subscription again', () => {
    client.subscribePrices(['BTCUSDT'], () => undefined);
    const stop = client.subscribePrices(['EURUSD'], () => undefined);
    current().open();
    current().drop();
    expect(client.isConnected()).toBe(false);
    stop(); // while disconnected
    client.subscribePrices(['AAPL'], () => undefined);
    clock.advance(2999);
    expect(FakeSocket.instances).toHaveLength(1);
    clock.advance(1);
    expect(FakeSocket.instances).toHaveLength(2);
    current().open();
    expect(current().sent).toEqual([{ op: 'subscribe', codes: ['BTCUSDT', 'AAPL'] }]);
  });

  it('keeps retrying when the connection fails, waiting twice as long each time up to 30 s', () => {
    client.subscribePrices(['BTCUSDT'], () => undefined);
    current().drop();
    clock.advance(3000);
    expect(FakeSocket.instances).toHaveLength(2);
    current().drop();
    clock.advance(5999);
    expect(FakeSocket.instances).toHaveLength(2);
    clock.advance(1);
    expect(FakeSocket.instances).toHaveLength(3);
    // 12 s, 24 s, then capped at 30 s.
    for (const wait of [12_000, 24_000, 30_000, 30_000]) {
      current().drop();
      clock.advance(wait - 1);
      const before = FakeSocket.instances.length;
      clock.advance(1);
      expect(FakeSocket.instances).toHaveLength(before + 1);
    }
    current().open();
    expect(current().sent).toEqual([{ op: 'subscribe', codes: ['BTCUSDT'] }]);
    // An open connection resets the wait: the next close waits 3 s again.
    current().drop();
    clock.advance(3000);
    expect(FakeSocket.instances).toHaveLength(8);
  });

  it('spreads reconnections with jitter: each wait is half to all of its step', () => {
    const waits: number[] = [];
    const jittered = createMarketSocket({
      WebSocketImpl: FakeSocket,
      url: () => 'ws://test/swx/customer/message',
      reconnectMs: 3000,
      random: () => 0,
      setTimer: (callback, ms) => {
        waits.push(ms);
        return clock.setTimer(callback, ms);
      },
      clearTimer: clock.clearTimer,
    });
    jittered.subscribePrices(['BTCUSDT'], () => undefined);
    current().drop();
    expect(waits.at(-1)).toBe(1500);
  });

  it('closes when nothing is subscribed for a while, and does not reconnect', () => {
    const stop = client.subscribePrices(['BTCUSDT'], () => undefined);
    current().open();
    stop();
    // A new page subscribing at once keeps the same socket.
    const again = client.subscribePrices(['ETHUSDT'], () => undefined);
    clock.advance(10_000);
    expect(current().closedByClient).toBe(false);
    again();
    clock.advance(10_000);
    expect(current().closedByClient).toBe(true);
    clock.advance(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    client.subscribePrices(['BTCUSDT'], () => undefined);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('ignores late events of a socket it has replaced', () => {
    const seen: TPushItem[] = [];
    client.subscribePrices(['BTCUSDT'], (items) => seen.push(...items));
    const old = current();
    old.open();
    old.drop();
    clock.advance(3000);
    old.receive([tick('BTCUSDT', '5')]);
    expect(seen).toEqual([]);
    current().open();
    current().receive([tick('BTCUSDT', '6')]);
    expect(seen).toEqual([tick('BTCUSDT', '6')]);
  });
});

const POSITION = {
  orderNo: 'P1A2B3C4',
  code: 'BTCUSDT',
  appName: 'Bitcoin',
  side: 'long',
  orderType: 'market',
  status: 'closed',
  lots: '0.5',
  leverage: 2,
  closeReason: 'stop_loss',
};

describe('position events', () => {
  let clock: ReturnType<typeof manualClock>;
  let client: MarketSocket;
  let token: string | null;
  const current = () => FakeSocket.instances.at(-1) as FakeSocket;

  beforeEach(() => {
    FakeSocket.instances = [];
    clock = manualClock();
    token = 'token-of-the-session-0123456789';
    client = createMarketSocket({
      WebSocketImpl: FakeSocket,
      url: () => 'ws://test/swx/customer/message',
      reconnectMs: 3000,
      random: () => 0.999_999,
      idleCloseMs: 10_000,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
      getToken: () => token,
      now: clock.now,
    });
  });

  it('reads position pushes and sign-in answers, and refuses a malformed position', () => {
    expect(parseServerMessage(JSON.stringify({ op: 'position', data: POSITION }))).toEqual({
      kind: 'position',
      position: POSITION,
    });
    expect(parseServerMessage('{"op":"authenticated","ok":true}')).toEqual({ kind: 'authenticated', ok: true });
    expect(parseServerMessage('{"op":"authenticated","ok":false}')).toEqual({ kind: 'authenticated', ok: false });
    expect(parseServerMessage(JSON.stringify({ op: 'position', data: { ...POSITION, status: 'weird' } }))).toEqual({
      kind: 'invalid',
    });
    expect(parseServerMessage('{"op":"position","data":null}')).toEqual({ kind: 'invalid' });
  });

  it('signs in on connect and on every reconnect, and delivers pushed positions', () => {
    const seen: unknown[] = [];
    let signedIn = 0;
    client.subscribePositionEvents(
      (position) => seen.push(position),
      () => {
        signedIn += 1;
      },
    );
    expect(FakeSocket.instances).toHaveLength(1);
    current().open();
    expect(current().sent).toEqual([{ op: 'auth', token }]);
    current().receive({ op: 'authenticated', ok: true });
    current().receive({ op: 'position', data: POSITION });
    expect(seen).toEqual([POSITION]);
    expect(signedIn).toBe(1);

    current().drop();
    clock.advance(3000);
    expect(FakeSocket.instances).toHaveLength(2);
    current().open();
    expect(current().sent).toEqual([{ op: 'auth', token }]);
    current().receive({ op: 'authenticated', ok: true });
    expect(signedIn).toBe(2);
  });

  it('shares the socket with prices and signs in once', () => {
    client.subscribePrices(['BTCUSDT'], () => undefined);
    current().open();
    expect(current().sent).toEqual([{ op: 'subscribe', codes: ['BTCUSDT'] }]);
    client.subscribePositionEvents(() => undefined);
    client.subscribePositionEvents(() => undefined);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(current().sent).toEqual([
      { op: 'subscribe', codes: ['BTCUSDT'] },
      { op: 'auth', token },
    ]);
  });

  it('does not sign in without a token, and signs in once the session has one', () => {
    token = null;
    client.subscribePositionEvents(() => undefined);
    current().open();
    expect(current().sent).toEqual([]);
    token = 'a-new-token-of-the-session-0123';
    client.refreshAuth();
    expect(current().sent).toEqual([{ op: 'auth', token: 'a-new-token-of-the-session-0123' }]);
  });

  it('starts a fresh connection when the user signs out, so the server forgets the sign-in', () => {
    client.subscribePrices(['BTCUSDT'], () => undefined);
    client.subscribePositionEvents(() => undefined);
    const first = current();
    first.open();
    token = null;
    client.refreshAuth();
    expect(first.closedByClient).toBe(true);
    expect(FakeSocket.instances).toHaveLength(2);
    current().open();
    expect(current().sent).toEqual([{ op: 'subscribe', codes: ['BTCUSDT'] }]);
  });

  it('hands an event that arrived before any listener of its kind to the first one, while it is fresh', () => {
    // The socket signed in for another kind (the support launcher does on every page) before the
    // lazily loaded alert and position listeners subscribed.
    client.subscribeSupport(() => undefined);
    current().open();
    current().receive({ op: 'authenticated', ok: true });
    const alert = { id: '2', code: 'LTCUSDT', direction: 'below', price: '84.9', status: 'fired' };
    current().receive({ op: 'alert', data: alert });
    current().receive({ op: 'position', data: POSITION });
    clock.advance(HELD_EVENT_MS - 1);

    const alerts: unknown[] = [];
    client.subscribeAlerts((data) => alerts.push(data));
    expect(alerts).toEqual([alert]);
    // Handed over once: a second listener of the kind gets only what comes next.
    const later: unknown[] = [];
    client.subscribeAlerts((data) => later.push(data));
    expect(later).toEqual([]);

    // The position waited too long: a listener now does not get it.
    clock.advance(1);
    const positions: unknown[] = [];
    client.subscribePositionEvents((position) => positions.push(position));
    expect(positions).toEqual([]);
  });

  it('holds at most the newest events, and none for a user who signed out', () => {
    client.subscribeSupport(() => undefined);
    current().open();
    for (let index = 0; index < HELD_EVENTS + 5; index += 1) {
      current().receive({ op: 'alert', data: { id: String(index) } });
    }
    const alerts: Array<{ id: string }> = [];
    client.subscribeAlerts((data) => alerts.push(data as { id: string }));
    expect(alerts.map((item) => item.id)).toEqual(Array.from({ length: HELD_EVENTS }, (_, index) => String(index + 5)));

    current().receive({ op: 'position', data: POSITION });
    token = null;
    client.refreshAuth();
    const positions: unknown[] = [];
    client.subscribePositionEvents((position) => positions.push(position));
    expect(positions).toEqual([]);
  });

  it('keeps the socket while position events are wanted, and closes when nobody listens', () => {
    const stop = client.subscribePositionEvents(() => undefined);
    current().open();
    current().drop();
    clock.advance(3000);
    expect(FakeSocket.instances).toHaveLength(2);
    current().open();
    stop();
    clock.advance(10_000);
    expect(current().closedByClient).toBe(true);
    clock.advance(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});

describe('support events (issue 20)', () => {
  let clock: ReturnType<typeof manualClock>;
  let client: MarketSocket;
  let token: string | null;
  let visitor: string | null;
  const current = () => FakeSocket.instances.at(-1) as FakeSocket;
  const typing = { kind: 'typing', conversationId: '7', side: 'agent' } as const;

  beforeEach(() => {
    FakeSocket.instances = [];
    clock = manualClock();
    token = null;
    visitor = 'visitor-token-0123456789';
    client = createMarketSocket({
      WebSocketImpl: FakeSocket,
      url: () => 'ws://test/swx/customer/message',
      reconnectMs: 3000,
      random: () => 0.999_999,
      idleCloseMs: 10_000,
      setTimer: clock.setTimer,
      clearTimer: clock.clearTimer,
      getToken: () => token,
      getSupportVisitorToken: () => visitor,
    });
  });

  it('reads support pushes and the visitor sign-in answer, and refuses an unknown kind', () => {
    expect(parseServerMessage(JSON.stringify({ op: 'support', data: typing }))).toEqual({
      kind: 'support',
      event: typing,
    });
    expect(parseServerMessage('{"op":"support-visitor","ok":true}')).toEqual({ kind: 'supportVisitor', ok: true });
    expect(parseServerMessage('{"op":"support","data":{"kind":"nonsense"}}')).toEqual({ kind: 'invalid' });
    expect(parseServerMessage('{"op":"support","data":null}')).toEqual({ kind: 'invalid' });
  });

  it('signs a visitor in with its token on every connect and delivers the pushes', () => {
    const seen: unknown[] = [];
    let signedIn = 0;
    client.subscribeSupport(
      (event) => seen.push(event),
      () => {
        signedIn += 1;
      },
    );
    current().open();
    expect(current().sent).toEqual([{ op: 'support-visitor', token: 'visitor-token-0123456789' }]);
    current().receive({ op: 'support-visitor', ok: true });
    current().receive({ op: 'support', data: typing });
    expect(seen).toEqual([typing]);
    expect(signedIn).toBe(1);
    current().drop();
    clock.advance(3000);
    current().open();
    expect(current().sent).toEqual([{ op: 'support-visitor', token: 'visitor-token-0123456789' }]);
    current().receive({ op: 'support-visitor', ok: true });
    expect(signedIn).toBe(2);
  });

  it('signs in as the user when someone is signed in, never with the visitor token', () => {
    token = 'token-of-the-session-0123456789';
    client.subscribeSupport(() => undefined);
    current().open();
    expect(current().sent).toEqual([{ op: 'auth', token: 'token-of-the-session-0123456789' }]);
  });

  it('signs a visitor in once its first chat keeps a token', () => {
    visitor = null;
    client.subscribeNotifications(() => undefined);
    client.subscribeSupport(() => undefined);
    current().open();
    expect(current().sent).toEqual([]);
    visitor = 'a-new-visitor-token-0123';
    client.refreshAuth();
    expect(current().sent).toEqual([{ op: 'support-visitor', token: 'a-new-visitor-token-0123' }]);
  });

  it('starts a fresh connection when the visitor signs in as a user', () => {
    client.subscribeSupport(() => undefined);
    const first = current();
    first.open();
    token = 'token-of-the-session-0123456789';
    client.refreshAuth();
    expect(first.closedByClient).toBe(true);
    current().open();
    expect(current().sent).toEqual([{ op: 'auth', token: 'token-of-the-session-0123456789' }]);
  });
});
