import type { TAgentConversationSummary, TSupportSocketEvent } from '@openbourse/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket } from '../../market/fake-socket.testkit';
import { createSupportSocket, parseSupportFrame } from './support-socket';

const SUMMARY: TAgentConversationSummary = {
  id: '12',
  status: 'open',
  language: 'de',
  who: 'Anna',
  userId: '55',
  agentId: null,
  agentName: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastMessageAt: '2026-11-27T10:00:05.000Z',
  lastMessagePreview: 'Hallo',
  unread: 1,
  rating: null,
};
const INBOX: TSupportSocketEvent = { kind: 'inbox', conversation: SUMMARY };
const TYPING: TSupportSocketEvent = { kind: 'typing', conversationId: '12', side: 'user' };

describe('the inbox socket frames', () => {
  it('reads support events and the sign-in answer, and ignores anything else', () => {
    expect(parseSupportFrame(JSON.stringify({ op: 'support', data: INBOX }))).toEqual({
      kind: 'support',
      event: INBOX,
    });
    expect(parseSupportFrame(JSON.stringify({ op: 'support', data: TYPING }))).toEqual({
      kind: 'support',
      event: TYPING,
    });
    expect(parseSupportFrame(JSON.stringify({ op: 'authenticated', ok: true }))).toEqual({
      kind: 'authenticated',
      ok: true,
    });
    expect(parseSupportFrame(JSON.stringify([{ code: 'BTCUSDT' }]))).toEqual({ kind: 'other' });
    expect(parseSupportFrame('not json')).toEqual({ kind: 'other' });
  });

  it('refuses malformed support events', () => {
    const bad = [
      { kind: 'inbox', conversation: { ...SUMMARY, status: 'lost' } },
      { kind: 'typing', conversationId: '12', side: 'robot' },
      { kind: 'marks', conversationId: '12', side: 'user', mark: 'seen', upToMessageId: '3', at: 'x' },
      { kind: 'message', conversationId: '12', message: { id: 'x' } },
      { kind: 'unknown' },
    ];
    for (const data of bad)
      expect(parseSupportFrame(JSON.stringify({ op: 'support', data }))).toEqual({ kind: 'other' });
  });
});

describe('the inbox socket', () => {
  beforeEach(() => {
    FakeSocket.instances = [];
  });

  function setup(token: { value: string | null }) {
    const timers: Array<() => void> = [];
    const socket = createSupportSocket({
      WebSocketImpl: FakeSocket,
      url: () => 'ws://test/swx/customer/message',
      getToken: () => token.value,
      random: () => 0,
      setTimer: (callback) => timers.push(callback),
      clearTimer: () => undefined,
    });
    return { socket, timers };
  }

  it('signs in on open, delivers support events, and says when it signed in', () => {
    const token = { value: 'a'.repeat(43) };
    const { socket } = setup(token);
    const seen: TSupportSocketEvent[] = [];
    let signIns = 0;
    const stop = socket.subscribe(
      (event) => seen.push(event),
      () => {
        signIns += 1;
      },
    );
    const server = FakeSocket.instances.at(-1) as FakeSocket;
    server.open();
    expect(server.sent).toEqual([{ op: 'auth', token: token.value }]);
    server.receive({ op: 'authenticated', ok: true });
    server.receive({ op: 'support', data: INBOX });
    expect(seen).toEqual([INBOX]);
    expect(signIns).toBe(1);
    stop();
    expect(server.closedByClient).toBe(true);
  });

  it('reconnects after a drop and signs in again', () => {
    const token = { value: 'b'.repeat(43) };
    const { socket, timers } = setup(token);
    let signIns = 0;
    socket.subscribe(
      () => undefined,
      () => {
        signIns += 1;
      },
    );
    const first = FakeSocket.instances.at(-1) as FakeSocket;
    first.open();
    first.receive({ op: 'authenticated', ok: true });
    first.drop();
    expect(timers).toHaveLength(1);
    timers[0]?.();
    const second = FakeSocket.instances.at(-1) as FakeSocket;
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent).toEqual([{ op: 'auth', token: token.value }]);
    second.receive({ op: 'authenticated', ok: true });
    expect(signIns).toBe(2);
  });

  it('does not connect without a session, and starts a fresh connection for another one', () => {
    const token: { value: string | null } = { value: null };
    const { socket } = setup(token);
    socket.subscribe(() => undefined);
    expect(FakeSocket.instances).toHaveLength(0);
    token.value = 'c'.repeat(43);
    socket.refreshAuth();
    const first = FakeSocket.instances.at(-1) as FakeSocket;
    first.open();
    expect(first.sent).toEqual([{ op: 'auth', token: token.value }]);
    token.value = 'd'.repeat(43);
    socket.refreshAuth();
    expect(first.closedByClient).toBe(true);
    const second = FakeSocket.instances.at(-1) as FakeSocket;
    second.open();
    expect(second.sent).toEqual([{ op: 'auth', token: token.value }]);
    token.value = null;
    socket.refreshAuth();
    expect(second.closedByClient).toBe(true);
  });
});
