import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TSupportConversation, TSupportMessage, TSupportSocketEvent } from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.js';
import { multipartBody, plainPng } from '../../test/images.js';
import { isTestRedisReachable, TEST_REDIS_URL } from '../../test/redis.js';
import { testConfig } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createSignableUser } from '../../test/test-users.js';

/**
 * Two instances of one deployment (one database, one Redis): a user's socket on A and an agent's
 * on B exchange messages, an attachment and read marks in real time; a visitor's socket on one
 * instance hears an agent answering on the other; an instance restarted loses nothing.
 */
const hasRedis = await isTestRedisReachable('the two-instance support test');

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Envelope<T> = { code: number; data: T; msg: string };

describe.skipIf(!hasRedis)('the support chat across two instances', () => {
  let database: TestDatabase;
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  let config: ReturnType<typeof testConfig>;

  const start = async () => {
    const app = await buildApp({ config, db: database.db, connectionString: database.url });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    dataDir = await mkdtemp(path.join(tmpdir(), 'support-instances-'));
    config = testConfig({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_BUS_PREFIX: `openbourse:test:${process.pid}:${Date.now()}`,
      MARKET_FEED: '',
      DATA_DIR: dataDir,
      FILE_STORE_KEY: randomBytes(32).toString('hex'),
    });
    apps.push(await start(), await start());
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function socketOn(app: FastifyInstance, signIn: { op: 'auth' | 'support-visitor'; token: string }) {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/swx/customer/message`);
    const events: TSupportSocketEvent[] = [];
    let signedIn = false;
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { op?: string; ok?: boolean; data?: TSupportSocketEvent };
      if (message.op === 'authenticated' || message.op === 'support-visitor') signedIn = message.ok === true;
      if (message.op === 'support' && message.data) events.push(message.data);
    });
    return {
      events,
      ready: async () => {
        await new Promise((resolve) => socket.once('open', resolve));
        socket.send(JSON.stringify(signIn));
        await waitFor(() => signedIn);
      },
      close: () => socket.close(),
    };
  }

  async function call<T>(
    app: FastifyInstance,
    method: 'GET' | 'POST',
    url: string,
    options: { token?: string; visitor?: string; body?: object } = {},
  ): Promise<Envelope<T>> {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.visitor ? { 'x-support-visitor': options.visitor } : {}),
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    return response.json() as Envelope<T>;
  }

  const messagesOf = (events: TSupportSocketEvent[], conversationId: string) =>
    events.flatMap((event) =>
      event.kind === 'message' && event.conversationId === conversationId ? [event.message] : [],
    );

  it('carries messages, an attachment and read marks between a user on A and an agent on B', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const testA = { app: a, database, close: async () => {} };
    const agent = await createSignableUser(testA, ['user', 'support']);
    const user = await createSignableUser(testA);
    const userToken = await user.signIn();
    const agentToken = await agent.signIn();
    const userSocket = socketOn(a, { op: 'auth', token: userToken });
    const agentSocket = socketOn(b, { op: 'auth', token: agentToken });
    await Promise.all([userSocket.ready(), agentSocket.ready()]);

    const conversation = await call<TSupportConversation>(a, 'POST', '/swx/customer/support/conversations', {
      token: userToken,
      body: {},
    });
    const id = conversation.data.id;
    await call(a, 'POST', `/swx/customer/support/conversations/${id}/messages`, {
      token: userToken,
      body: { text: 'Hello from A' },
    });
    await waitFor(() => messagesOf(agentSocket.events, id).some((message) => message.text === 'Hello from A'));
    expect(agentSocket.events.some((event) => event.kind === 'inbox' && event.conversation.id === id)).toBe(true);

    // The agent types and answers with a picture from B.
    await call(b, 'POST', `/swx/admin/support/conversations/${id}/typing`, { token: agentToken });
    await waitFor(() => userSocket.events.some((event) => event.kind === 'typing' && event.side === 'agent'));
    const form = multipartBody([{ name: 'file', data: await plainPng(), filename: 'screen.png' }]);
    const uploaded = (
      await b.inject({
        method: 'POST',
        url: '/swx/customer/upload',
        headers: { authorization: agentToken, ...form.headers },
        payload: form.payload,
      })
    ).json() as Envelope<{ id: string }>;
    const reply = await call<TSupportMessage>(b, 'POST', `/swx/admin/support/conversations/${id}/messages`, {
      token: agentToken,
      body: { text: 'Look at this', fileId: uploaded.data.id },
    });
    expect(reply.code).toBe(200);
    await waitFor(() => messagesOf(userSocket.events, id).some((message) => message.fileId === uploaded.data.id));
    // The user reads the picture through A.
    const picture = await a.inject({
      method: 'GET',
      url: `/swx/customer/support/files/${uploaded.data.id}`,
      headers: { authorization: userToken },
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    // The user's read mark on A reaches the agent on B.
    await call(a, 'POST', `/swx/customer/support/conversations/${id}/marks`, {
      token: userToken,
      body: { mark: 'read', upToMessageId: reply.data.id },
    });
    await waitFor(() =>
      agentSocket.events.some(
        (event) =>
          event.kind === 'marks' &&
          event.side === 'user' &&
          event.mark === 'read' &&
          event.upToMessageId === reply.data.id,
      ),
    );
    userSocket.close();
    agentSocket.close();
  });

  it('delivers to a visitor’s socket on the other instance, and loses nothing when an instance restarts', async () => {
    const [a] = apps as [FastifyInstance, FastifyInstance];
    const agent = await createSignableUser({ app: a, database, close: async () => {} }, ['user', 'support']);
    const agentToken = await agent.signIn();
    const opened = await call<{ conversation: TSupportConversation; visitorToken: string }>(
      a,
      'POST',
      '/swx/customer/support/visitor/conversations',
      { body: { email: 'walker@example.test' } },
    );
    const id = opened.data.conversation.id;
    const visitorToken = opened.data.visitorToken;
    // The visitor's socket is on B; the agent answers on A.
    const visitorSocket = socketOn(apps[1] as FastifyInstance, { op: 'support-visitor', token: visitorToken });
    await visitorSocket.ready();
    await call(a, 'POST', `/swx/customer/support/visitor/conversations/${id}/messages`, {
      visitor: visitorToken,
      body: { text: 'Is anyone there?' },
    });
    await call(a, 'POST', `/swx/admin/support/conversations/${id}/messages`, {
      token: agentToken,
      body: { text: 'Yes, here.' },
    });
    await waitFor(() => messagesOf(visitorSocket.events, id).some((message) => message.text === 'Yes, here.'));
    // Online on B: no e-mail was needed.
    const mails = await database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'walker@example.test')
      .execute();
    expect(mails).toHaveLength(0);
    visitorSocket.close();

    // B restarts: the conversation is all there, and a new socket on the new B hears A again.
    await (apps[1] as FastifyInstance).close();
    apps[1] = await start();
    const page = await call<{ messages: TSupportMessage[] }>(
      apps[1] as FastifyInstance,
      'GET',
      `/swx/customer/support/visitor/conversations/${id}/messages`,
      { visitor: visitorToken },
    );
    expect(page.data.messages.map((message) => message.text)).toEqual(['Is anyone there?', 'Yes, here.']);
    const again = socketOn(apps[1] as FastifyInstance, { op: 'support-visitor', token: visitorToken });
    await again.ready();
    await call(a, 'POST', `/swx/admin/support/conversations/${id}/messages`, {
      token: agentToken,
      body: { text: 'Still here.' },
    });
    await waitFor(() => messagesOf(again.events, id).some((message) => message.text === 'Still here.'));
    again.close();
  });
});
