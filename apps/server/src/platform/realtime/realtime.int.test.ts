import type { TPosition } from '@openbourse/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ClusterBus, createInProcessClusterBus } from '../bus/cluster-bus.js';
import { type ChannelCommand, createRealtime, type Realtime } from './realtime.js';

const quiet = { warn: () => {} };
/** A closed demo position, as the API answers one. */
const POSITION: TPosition = {
  orderNo: 'P1',
  code: 'BTCUSDT',
  appName: 'Bitcoin',
  side: 'long',
  orderType: 'market',
  status: 'closed',
  lots: '0.01',
  leverage: 2,
  entryPrice: null,
  openPrice: '100000',
  openedAt: '2026-11-24T00:00:00.000Z',
  stopLoss: null,
  takeProfit: null,
  trailingDistance: null,
  trailingStop: null,
  margin: '500',
  fee: '0.5',
  closePrice: '100100',
  closedAt: '2026-11-24T00:01:00.000Z',
  closeReason: 'manual',
  closeNote: null,
  realisedPnl: '1',
  unrealisedPnl: null,
  currentPrice: null,
  book: 'demo',
  createdAt: '2026-11-24T00:00:00.000Z',
  planOrderId: null,
};
const TOKENS: Record<string, string> = { 'token-of-alice-000': 'alice', 'token-of-bob-00000': 'bob' };

/** A Fastify instance serving only the realtime socket, on the given cluster bus. */
async function instance(cluster: ClusterBus): Promise<{ app: FastifyInstance; realtime: Realtime; url: string }> {
  const app = Fastify();
  app.decorateRequest('language', 'en');
  const realtime = createRealtime({
    cluster,
    log: quiet,
    sessions: { userIdForToken: async (token) => TOKENS[token] ?? null, onSessionsChanged: () => undefined },
  });
  await app.register(async (scope) => realtime.register(scope), { prefix: '/swx/customer' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, realtime, url: `ws://127.0.0.1:${address.port}/swx/customer/message` };
}

/** A client that records every message it receives. */
async function client(url: string) {
  const socket = new WebSocket(url);
  const received: unknown[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString())));
  await new Promise((resolve) => socket.once('open', resolve));
  const waitFor = async (predicate: (message: unknown) => boolean) => {
    const deadline = Date.now() + 5000;
    while (!received.some(predicate) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return received.find(predicate);
  };
  return { socket, received, waitFor, send: (message: unknown) => socket.send(JSON.stringify(message)) };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe('the realtime gateway', () => {
  it('signs a socket in with a session token and refuses an unknown one', async () => {
    const a = await instance(createInProcessClusterBus());
    apps.push(a.app);
    const alice = await client(a.url);
    alice.send({ op: 'auth', token: 'token-of-alice-000' });
    expect(await alice.waitFor((m) => (m as { op?: string }).op === 'authenticated')).toEqual({
      op: 'authenticated',
      ok: true,
    });
    const stranger = await client(a.url);
    stranger.send({ op: 'auth', token: 'not-a-known-token' });
    expect(await stranger.waitFor((m) => (m as { op?: string }).op === 'authenticated')).toEqual({
      op: 'authenticated',
      ok: false,
    });
    alice.socket.close();
    stranger.socket.close();
  });

  it("pushes a user's message to that user's sockets on every instance, and to no one else", async () => {
    const cluster = createInProcessClusterBus();
    const a = await instance(cluster);
    const b = await instance(cluster);
    apps.push(a.app, b.app);
    const aliceOnA = await client(a.url);
    const aliceOnB = await client(b.url);
    const bobOnB = await client(b.url);
    for (const [connection, token] of [
      [aliceOnA, 'token-of-alice-000'],
      [aliceOnB, 'token-of-alice-000'],
      [bobOnB, 'token-of-bob-00000'],
    ] as const) {
      connection.send({ op: 'auth', token });
      await connection.waitFor((m) => (m as { op?: string }).op === 'authenticated');
    }
    a.realtime.pushToUser('alice', { op: 'position', data: POSITION });
    const isPosition = (m: unknown) => (m as { op?: string }).op === 'position';
    expect(await aliceOnA.waitFor(isPosition)).toEqual({ op: 'position', data: POSITION });
    expect(await aliceOnB.waitFor(isPosition)).toEqual({ op: 'position', data: POSITION });
    // Bob's socket heard nothing of it (give it the same time the others needed).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bobOnB.received.filter(isPosition)).toEqual([]);
    for (const connection of [aliceOnA, aliceOnB, bobOnB]) connection.socket.close();
  });

  it('answers ping itself, hands other commands to the channels, and refuses malformed frames', async () => {
    const a = await instance(createInProcessClusterBus());
    apps.push(a.app);
    const heard: ChannelCommand[] = [];
    let closes = 0;
    a.realtime.useChannel({
      onCommand: (connection, command) => {
        heard.push(command);
        connection.send({ op: 'subscribed', codes: 'codes' in command ? (command.codes ?? []) : [] });
      },
      onClose: () => {
        closes += 1;
      },
    });
    const someone = await client(a.url);
    someone.send({ op: 'ping' });
    expect(await someone.waitFor((m) => (m as { op?: string }).op === 'pong')).toEqual({ op: 'pong' });
    someone.send({ op: 'subscribe', codes: ['BTCUSDT'] });
    expect(await someone.waitFor((m) => (m as { op?: string }).op === 'subscribed')).toEqual({
      op: 'subscribed',
      codes: ['BTCUSDT'],
    });
    someone.socket.send('not json');
    const error = (await someone.waitFor((m) => (m as { op?: string }).op === 'error')) as { code: number };
    expect(error.code).toBe(10100);
    expect(heard).toEqual([{ op: 'subscribe', codes: ['BTCUSDT'] }]);
    someone.socket.close();
    const deadline = Date.now() + 5000;
    while (closes === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closes).toBe(1);
    expect(a.realtime.clientCount()).toBe(0);
  });
});
