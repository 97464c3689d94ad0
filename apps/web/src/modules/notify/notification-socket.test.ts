import type { TNotification } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../market/fake-socket.testkit';
import { createMarketSocket, parseServerMessage } from '../market/market-socket';

const NOTIFICATION: TNotification = {
  id: '7',
  template: 'deposit_received',
  params: { amount: '120', asset: 'USDT', network: 'local', txHash: '0xabcdef0123456789' },
  read: false,
  createdAt: '2026-11-25T00:00:00.000Z',
};

describe('notifications on the page’s socket', () => {
  it('reads a pushed notification and refuses a malformed one', () => {
    expect(parseServerMessage(JSON.stringify({ op: 'notification', data: NOTIFICATION }))).toEqual({
      kind: 'notification',
      notification: NOTIFICATION,
    });
    expect(parseServerMessage(JSON.stringify({ op: 'notification', data: { ...NOTIFICATION, read: 'no' } }))).toEqual({
      kind: 'invalid',
    });
  });

  it('signs the socket in for a notification listener alone and delivers what is pushed', () => {
    const token = 'a'.repeat(43);
    const client = createMarketSocket({
      WebSocketImpl: FakeSocket,
      url: () => 'ws://test/swx/customer/message',
      getToken: () => token,
      setTimer: () => 0,
      clearTimer: () => undefined,
    });
    const seen: TNotification[] = [];
    let signedIn = 0;
    const stop = client.subscribeNotifications(
      (notification) => seen.push(notification),
      () => {
        signedIn += 1;
      },
    );
    const socket = FakeSocket.instances.at(-1) as FakeSocket;
    socket.open();
    expect(socket.sent).toEqual([{ op: 'auth', token }]);
    socket.receive({ op: 'authenticated', ok: true });
    socket.receive({ op: 'notification', data: NOTIFICATION });
    expect(seen).toEqual([NOTIFICATION]);
    expect(signedIn).toBe(1);
    stop();
    socket.receive({ op: 'notification', data: { ...NOTIFICATION, id: '8' } });
    expect(seen).toHaveLength(1);
  });
});
