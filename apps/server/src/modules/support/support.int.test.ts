import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CATALOGUE,
  type TAdminDashboard,
  type TAgentConversation,
  type TAgentConversationList,
  type TSupportConversation,
  type TSupportConversationList,
  type TSupportMessage,
  type TSupportMessagesPage,
  type TSupportUserContext,
} from '@openbourse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithGps, multipartBody, plainPng } from '../../test/images.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWithSession } from '../../test/test-users.js';

/**
 * The support chat (issue 20) on real PostgreSQL: a user's and a visitor's conversations with the
 * agents, marks, rating, the errors that change nothing, the context panel as SPEC §6 allows it,
 * every agent view in the audit log, the queues and the dashboard's measured figures.
 */
const FILE_STORE_KEY = randomBytes(32).toString('hex');
const API = '/swx/customer/support';
const ADMIN = '/swx/admin/support';

type Envelope<T> = { code: number; data: T; msg: string };
type Answer<T> = { status: number; body: Envelope<T> };
type TOpenVisitorConversationResponse = { conversation: TSupportConversation; visitorToken: string };

let testApp: TestApp;
let dataDir: string;
let agent: { id: string; token: string };
let otherAgent: { id: string; token: string };

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; visitor?: string; body?: object } = {},
): Promise<Answer<T>> {
  const response = await testApp.app.inject({
    method,
    url,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.visitor ? { 'x-support-visitor': options.visitor } : {}),
    },
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope<T> };
}

async function upload(token: string, data: Buffer, filename: string): Promise<string> {
  const form = multipartBody([{ name: 'file', data, filename }]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/swx/customer/upload',
    headers: { authorization: token, ...form.headers },
    payload: form.payload,
  });
  const id = (response.json() as Envelope<{ id: string }>).data?.id;
  if (!id) throw new Error(`upload failed: ${response.body}`);
  return id;
}

/** The conversation's rows as stored: what an error must leave as it was. */
async function stored(conversationId: string) {
  const db = testApp.database.db;
  const conversation = await db
    .selectFrom('support_conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const messages = await db
    .selectFrom('support_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();
  return { conversation, messages };
}

const viewAudits = (conversationId: string) =>
  testApp.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'support.view')
    .where('target_id', '=', conversationId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'support-test-'));
  testApp = await createTestApp({ DATA_DIR: dataDir, FILE_STORE_KEY });
  agent = await createUserWithSession(testApp, ['user', 'support']);
  otherAgent = await createUserWithSession(testApp, ['user', 'support']);
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a user’s conversation with an agent', () => {
  it('opens one at a time, sends, is answered, marks, closes and rates', async () => {
    const user = await createUserWithSession(testApp);
    const opened = await call<TSupportConversation>('POST', `${API}/conversations`, { token: user.token, body: {} });
    expect(opened.body.code).toBe(200);
    expect(opened.body.data).toMatchObject({ status: 'open', unread: 0, canRate: false, agentName: null });
    const id = opened.body.data.id;
    // The same conversation while it is not closed.
    const again = await call<TSupportConversation>('POST', `${API}/conversations`, { token: user.token, body: {} });
    expect(again.body.data.id).toBe(id);

    const sent = await call<TSupportMessage>('POST', `${API}/conversations/${id}/messages`, {
      token: user.token,
      body: { text: '  My deposit is missing  ', clientId: 'client-0001' },
    });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data).toMatchObject({ author: 'user', text: 'My deposit is missing', readAt: null });

    // The agent sees it in the open queue and opens it: one audit row per view, delivered marks.
    const queue = await call<TAgentConversationList>('GET', `${ADMIN}/conversations?status=open`, {
      token: agent.token,
    });
    expect(queue.body.data.items.map((item) => item.id)).toContain(id);
    const view = await call<TAgentConversation>('GET', `${ADMIN}/conversations/${id}`, { token: agent.token });
    expect(view.body.code).toBe(200);
    expect(view.body.data.messages.map((message) => message.text)).toEqual(['My deposit is missing']);
    expect(view.body.data.messages[0]?.deliveredAt).not.toBeNull();
    expect(await viewAudits(id)).toHaveLength(1);

    const reply = await call<TSupportMessage>('POST', `${ADMIN}/conversations/${id}/messages`, {
      token: agent.token,
      body: { text: 'Please send the transaction hash.' },
    });
    expect(reply.body.code).toBe(200);
    const afterReply = await stored(id);
    expect(afterReply.conversation).toMatchObject({ status: 'waiting_user', assigned_agent_id: agent.id });
    expect(afterReply.conversation.first_response_at).not.toBeNull();
    // The user was away (no heartbeat): the support_reply notification, once.
    const notices = await testApp.database.db
      .selectFrom('notify_notifications')
      .select(['template', 'params'])
      .where('user_id', '=', user.id)
      .execute();
    expect(notices).toEqual([{ template: 'support_reply', params: { conversationId: id } }]);
    await call('POST', `${ADMIN}/conversations/${id}/messages`, { token: agent.token, body: { text: 'Thanks.' } });
    const noticesAfter = await testApp.database.db
      .selectFrom('notify_notifications')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(noticesAfter).toHaveLength(1);

    // The user's page marks the agent's messages delivered; then the user reads them.
    const page = await call<TSupportMessagesPage>('GET', `${API}/conversations/${id}/messages`, { token: user.token });
    expect(page.body.data.messages.map((message) => message.author)).toEqual(['user', 'agent', 'agent']);
    expect(page.body.data.messages.at(-1)?.deliveredAt).not.toBeNull();
    expect(page.body.data.conversation.unread).toBe(2);
    const lastId = page.body.data.messages.at(-1)?.id ?? '';
    await call('POST', `${API}/conversations/${id}/marks`, {
      token: user.token,
      body: { mark: 'read', upToMessageId: lastId },
    });
    const read = await stored(id);
    expect(read.conversation.user_read_up_to).toBe(lastId);
    expect(read.messages.filter((message) => message.author === 'agent').every((m) => m.read_at !== null)).toBe(true);
    // Marks only move forward: an older one changes nothing.
    await call('POST', `${API}/conversations/${id}/marks`, {
      token: user.token,
      body: { mark: 'read', upToMessageId: sent.body.data.id },
    });
    expect((await stored(id)).conversation.user_read_up_to).toBe(lastId);

    // No rating before closing (10232, nothing changes).
    const early = await call('POST', `${API}/conversations/${id}/rating`, { token: user.token, body: { rating: 5 } });
    expect(early.body.code).toBe(CATALOGUE.SUPPORT_RATING_NOT_ALLOWED.code);
    const closed = await call('POST', `${ADMIN}/conversations/${id}/close`, { token: agent.token });
    expect(closed.body.code).toBe(200);
    const beforeErrors = await stored(id);
    expect(beforeErrors.messages.at(-1)).toMatchObject({ author: 'system', system_event: 'closed' });
    const toClosed = await call('POST', `${API}/conversations/${id}/messages`, {
      token: user.token,
      body: { text: 'One more thing' },
    });
    expect(toClosed.body.code).toBe(CATALOGUE.SUPPORT_CONVERSATION_CLOSED.code);
    expect(await stored(id)).toEqual(beforeErrors);

    const rated = await call<TSupportConversation>('POST', `${API}/conversations/${id}/rating`, {
      token: user.token,
      body: { rating: 4, comment: 'Quick help' },
    });
    expect(rated.body.data).toMatchObject({ rating: 4, ratingComment: 'Quick help', canRate: false });
    const rateTwice = await stored(id);
    const twice = await call('POST', `${API}/conversations/${id}/rating`, { token: user.token, body: { rating: 1 } });
    expect(twice.body.code).toBe(CATALOGUE.SUPPORT_RATING_NOT_ALLOWED.code);
    expect(await stored(id)).toEqual(rateTwice);

    // A new conversation after the closed one.
    const next = await call<TSupportConversation>('POST', `${API}/conversations`, { token: user.token, body: {} });
    expect(next.body.data.id).not.toBe(id);
    const list = await call<TSupportConversationList>('GET', `${API}/conversations`, { token: user.token });
    expect(list.body.data.items.map((item) => item.id)).toEqual([next.body.data.id, id]);
  });

  it('answers a retried clientId with the first message, refuses empty and foreign files, changing nothing', async () => {
    const user = await createUserWithSession(testApp);
    const stranger = await createUserWithSession(testApp);
    const id = (await call<TSupportConversation>('POST', `${API}/conversations`, { token: user.token, body: {} })).body
      .data.id;
    const first = await call<TSupportMessage>('POST', `${API}/conversations/${id}/messages`, {
      token: user.token,
      body: { text: 'Hello', clientId: 'retry-key-1' },
    });
    const retry = await call<TSupportMessage>('POST', `${API}/conversations/${id}/messages`, {
      token: user.token,
      body: { text: 'Hello', clientId: 'retry-key-1' },
    });
    expect(retry.body.data.id).toBe(first.body.data.id);
    const before = await stored(id);
    expect(before.messages).toHaveLength(1);
    const empty = await call('POST', `${API}/conversations/${id}/messages`, {
      token: user.token,
      body: { text: '   ' },
    });
    expect(empty.body.code).toBe(CATALOGUE.SUPPORT_MESSAGE_EMPTY.code);
    const foreign = await upload(stranger.token, await plainPng(), 'x.png');
    const notMine = await call('POST', `${API}/conversations/${id}/messages`, {
      token: user.token,
      body: { fileId: foreign },
    });
    expect(notMine.body.code).toBe(CATALOGUE.UPLOAD_NOT_FOUND.code);
    // Another user can neither read nor write it (10035), nor read its files.
    const intruder = await call('GET', `${API}/conversations/${id}/messages`, { token: stranger.token });
    expect(intruder.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    const intruderSend = await call('POST', `${API}/conversations/${id}/messages`, {
      token: stranger.token,
      body: { text: 'hi' },
    });
    expect(intruderSend.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    expect(await stored(id)).toEqual(before);

    // An image of the user's own: the user and an agent read it (the agent's view audited); nobody else.
    const photo = await upload(user.token, await jpegWithGps(64, 48), 'p.jpg');
    await call('POST', `${API}/conversations/${id}/messages`, { token: user.token, body: { fileId: photo } });
    const own = await testApp.app.inject({
      method: 'GET',
      url: `${API}/files/${photo}`,
      headers: { authorization: user.token },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    const strangers = await call('GET', `${API}/files/${photo}`, { token: stranger.token });
    expect(strangers.body.code).toBe(CATALOGUE.UPLOAD_NOT_FOUND.code);
    const agentView = await testApp.app.inject({
      method: 'GET',
      url: `${ADMIN}/files/${photo}`,
      headers: { authorization: agent.token },
    });
    expect(agentView.statusCode).toBe(200);
    const fileAudits = await testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'target_id'])
      .where('action', '=', 'support.file.view')
      .where('target_id', '=', photo)
      .execute();
    expect(fileAudits).toEqual([{ actor_user_id: agent.id, target_id: photo }]);
  });
});

describe('a visitor’s conversation', () => {
  it('gets a token once, chats by it, and cannot read anyone else’s', async () => {
    const opened = await call<TOpenVisitorConversationResponse>('POST', `${API}/visitor/conversations`, {
      body: { email: 'guest@example.test' },
    });
    expect(opened.body.code).toBe(200);
    const token = opened.body.data.visitorToken;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const id = opened.body.data.conversation.id;
    // Only the token's hash is stored.
    const visitor = await testApp.database.db
      .selectFrom('support_visitors')
      .selectAll()
      .where('email', '=', 'guest@example.test')
      .executeTakeFirstOrThrow();
    expect(visitor.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
    // Known by the token: the same conversation.
    const again = await call<TOpenVisitorConversationResponse>('POST', `${API}/visitor/conversations`, {
      visitor: token,
      body: { email: 'guest@example.test' },
    });
    expect(again.body.data.conversation.id).toBe(id);

    const sent = await call<TSupportMessage>('POST', `${API}/visitor/conversations/${id}/messages`, {
      visitor: token,
      body: { text: 'Can I open an account from Canada?' },
    });
    expect(sent.body.code).toBe(200);
    const summary = (
      await call<TAgentConversationList>('GET', `${ADMIN}/conversations?status=open`, { token: agent.token })
    ).body.data.items.find((item) => item.id === id);
    expect(summary).toMatchObject({ userId: null, who: 'Visitor g***@example.test' });

    // Away (no socket): the agent's answer reaches the visitor by e-mail with the chat's link.
    await call('POST', `${ADMIN}/conversations/${id}/messages`, { token: agent.token, body: { text: 'Yes.' } });
    const mails = await testApp.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'guest@example.test')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('/support');

    const page = await call<TSupportMessagesPage>('GET', `${API}/visitor/conversations/${id}/messages`, {
      visitor: token,
    });
    expect(page.body.data.messages.map((message) => message.text)).toEqual([
      'Can I open an account from Canada?',
      'Yes.',
    ]);

    // Without a token, or with an unknown one: 10231. Another visitor, or a user's conversation: 10035.
    const none = await call('GET', `${API}/visitor/conversations/${id}/messages`);
    expect(none.body.code).toBe(CATALOGUE.SUPPORT_VISITOR_UNKNOWN.code);
    const unknown = await call('GET', `${API}/visitor/conversations`, { visitor: 'x'.repeat(43) });
    expect(unknown.body.code).toBe(CATALOGUE.SUPPORT_VISITOR_UNKNOWN.code);
    const other = (
      await call<TOpenVisitorConversationResponse>('POST', `${API}/visitor/conversations`, {
        body: { email: 'other@example.test' },
      })
    ).body.data.visitorToken;
    const stolen = await call('GET', `${API}/visitor/conversations/${id}/messages`, { visitor: other });
    expect(stolen.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    const stolenSend = await call('POST', `${API}/visitor/conversations/${id}/messages`, {
      visitor: other,
      body: { text: 'hi' },
    });
    expect(stolenSend.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
    const user = await createUserWithSession(testApp);
    const userConversation = (
      await call<TSupportConversation>('POST', `${API}/conversations`, { token: user.token, body: {} })
    ).body.data.id;
    const userChat = await call('GET', `${API}/visitor/conversations/${userConversation}/messages`, { visitor: token });
    expect(userChat.body.code).toBe(CATALOGUE.NO_PERMISSION_ON_RECORD.code);
  });
});

describe('the agent inbox', () => {
  describe('the context panel, as SPEC §6 allows it', () => {
    let plain: { id: string; context: TSupportUserContext | null };
    let verified: { id: string; name: string; context: TSupportUserContext | null };
    const contextOf = async (token: string) => {
      const id = (await call<TSupportConversation>('POST', `${API}/conversations`, { token, body: {} })).body.data.id;
      return (await call<TAgentConversation>('GET', `${ADMIN}/conversations/${id}`, { token: agent.token })).body.data
        .context;
    };
    beforeAll(async () => {
      const user = await createUserWithSession(testApp);
      await testApp.database.db
        .updateTable('users')
        .set({
          phone_area_code: '44',
          phone: '7700900123',
          wallet_address: '0xabc0000000000000000000000000000000000001',
        })
        .where('id', '=', user.id)
        .execute();
      plain = { id: user.id, context: await contextOf(user.token) };
      const kycUser = await verifiedUser();
      await testApp.database.db
        .updateTable('users')
        .set({ phone_area_code: '1', phone: '2025550147', level: 2 })
        .where('id', '=', kycUser.id)
        .execute();
      verified = { id: kycUser.id, name: kycUser.name, context: await contextOf(kycUser.token) };
    }, 60_000);

    it('userId: both', () => {
      expect(plain.context?.userId).toBe(plain.id);
      expect(verified.context?.userId).toBe(verified.id);
    });
    it('level: both', () => {
      expect(plain.context?.level).toBe('Normal');
      expect(verified.context?.level).toBe('VIP2');
    });
    it('walletAddress: both', () => {
      expect(plain.context?.walletAddress).toBe('0xabc0000000000000000000000000000000000001');
      expect(verified.context?.walletAddress).toBeNull();
    });
    it('registeredAt: both', () => {
      expect(Number.isNaN(Date.parse(plain.context?.registeredAt ?? ''))).toBe(false);
      expect(Number.isNaN(Date.parse(verified.context?.registeredAt ?? ''))).toBe(false);
    });
    it('verificationStatus: both', () => {
      expect(plain.context?.verificationStatus).toBe('none');
      expect(verified.context?.verificationStatus).toBe('passed');
    });
    it('realName: only the verified user (its opening logged by kyc)', async () => {
      expect(plain.context && 'realName' in plain.context).toBe(false);
      expect(verified.context?.realName).toBe(verified.name);
      const kycViews = await testApp.database.db
        .selectFrom('audit_log')
        .select(['details'])
        .where('action', '=', 'kyc.view')
        .where('actor_user_id', '=', agent.id)
        .execute();
      expect(kycViews.map((row) => (row.details as { via?: string }).via)).toContain('support.context');
    });
    it('email: only the verified user', () => {
      expect(plain.context && 'email' in plain.context).toBe(false);
      expect(verified.context?.email).toMatch(/@example\.test$/);
    });
    it('phone: only the verified user', () => {
      expect(plain.context && 'phone' in plain.context).toBe(false);
      expect(verified.context?.phone).toBe('+1 2025550147');
    });
    it('nothing else: the keys are exactly these', () => {
      expect(Object.keys(plain.context ?? {}).sort()).toEqual([
        'level',
        'registeredAt',
        'userId',
        'verificationStatus',
        'walletAddress',
      ]);
      expect(Object.keys(verified.context ?? {}).sort()).toEqual([
        'email',
        'level',
        'phone',
        'realName',
        'registeredAt',
        'userId',
        'verificationStatus',
        'walletAddress',
      ]);
    });
  });

  it('logs every view, keeps the queues and their counts, assigns, transfers and reopens', async () => {
    const a = await createUserWithSession(testApp);
    const b = await createUserWithSession(testApp);
    const first = (await call<TSupportConversation>('POST', `${API}/conversations`, { token: a.token, body: {} })).body
      .data.id;
    await call('POST', `${API}/conversations/${first}/messages`, { token: a.token, body: { text: 'first' } });
    const second = (await call<TSupportConversation>('POST', `${API}/conversations`, { token: b.token, body: {} })).body
      .data.id;
    await call('POST', `${API}/conversations/${second}/messages`, { token: b.token, body: { text: 'second' } });
    // The longest waiting first.
    const open = (
      await call<TAgentConversationList>('GET', `${ADMIN}/conversations?status=open&size=100`, {
        token: agent.token,
      })
    ).body.data;
    const order = open.items.map((item) => item.id);
    expect(order.indexOf(first)).toBeLessThan(order.indexOf(second));
    expect(open.counts.open).toBe(open.total);

    for (let i = 0; i < 3; i += 1) await call('GET', `${ADMIN}/conversations/${first}`, { token: agent.token });
    await call('GET', `${ADMIN}/conversations/${first}`, { token: otherAgent.token });
    const views = await viewAudits(first);
    expect(views.map((row) => row.actor_user_id)).toEqual([agent.id, agent.id, agent.id, otherAgent.id]);

    const taken = await call('POST', `${ADMIN}/conversations/${first}/assign`, { token: agent.token, body: {} });
    expect(taken.body.code).toBe(200);
    const mine = (
      await call<TAgentConversationList>('GET', `${ADMIN}/conversations?status=mine`, {
        token: agent.token,
      })
    ).body.data;
    expect(mine.items.map((item) => item.id)).toContain(first);
    // A transfer to someone without the support role: 10233, nothing changes.
    const before = await stored(first);
    const notAgent = await call('POST', `${ADMIN}/conversations/${first}/assign`, {
      token: agent.token,
      body: { agentId: a.id },
    });
    expect(notAgent.body.code).toBe(CATALOGUE.SUPPORT_AGENT_UNKNOWN.code);
    expect(await stored(first)).toEqual(before);
    await call('POST', `${ADMIN}/conversations/${first}/assign`, {
      token: agent.token,
      body: { agentId: otherAgent.id },
    });
    const transferred = await stored(first);
    expect(transferred.conversation.assigned_agent_id).toBe(otherAgent.id);
    expect(transferred.messages.map((message) => message.system_event).filter(Boolean)).toEqual([
      'assigned',
      'transferred',
    ]);
    await call('POST', `${ADMIN}/conversations/${first}/close`, { token: otherAgent.token });
    await call('POST', `${ADMIN}/conversations/${first}/reopen`, { token: otherAgent.token });
    expect((await stored(first)).conversation.status).toBe('open');
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'support_conversation')
      .where('target_id', '=', first)
      .where('action', '<>', 'support.view')
      .orderBy('id')
      .execute();
    expect(audited.map((row) => row.action)).toEqual([
      'support.assign',
      'support.transfer',
      'support.close',
      'support.reopen',
    ]);

    // Canned replies: created, changed, removed, each audited.
    const created = await call<{ id: string }>('POST', `${ADMIN}/canned-replies`, {
      token: agent.token,
      body: { language: 'fr', title: 'Bonjour', text: 'Bonjour, comment puis-je vous aider ?' },
    });
    const cannedId = created.body.data.id;
    await call('POST', `${ADMIN}/canned-replies/${cannedId}`, {
      token: agent.token,
      body: { language: 'fr', title: 'Bonjour !', text: 'Bonjour !' },
    });
    const french = await call<{ items: Array<{ id: string; title: string }> }>(
      'GET',
      `${ADMIN}/canned-replies?language=fr`,
      { token: agent.token },
    );
    expect(french.body.data.items.find((item) => item.id === cannedId)?.title).toBe('Bonjour !');
    await call('POST', `${ADMIN}/canned-replies/${cannedId}/delete`, { token: agent.token });
    const cannedAudit = await testApp.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'support_canned_reply')
      .where('target_id', '=', cannedId)
      .orderBy('id')
      .execute();
    expect(cannedAudit.map((row) => row.action)).toEqual([
      'support.canned.create',
      'support.canned.update',
      'support.canned.delete',
    ]);
  });

  it('measures the dashboard’s figures from the conversations', async () => {
    // Only these conversations count: every earlier one is moved out of the 30-day window.
    const db = testApp.database.db;
    const old = new Date(Date.now() - 60 * 86_400_000);
    await db.updateTable('support_conversations').set({ first_response_at: old, rated_at: old }).execute();
    await db.updateTable('support_conversations').set({ closed_at: old }).where('status', '=', 'closed').execute();
    const times = [60, 180, 600];
    for (const [index, seconds] of times.entries()) {
      const user = await createUserWithSession(testApp);
      const id = (await call<TSupportConversation>('POST', `${API}/conversations`, { token: user.token, body: {} }))
        .body.data.id;
      await call('POST', `${API}/conversations/${id}/messages`, { token: user.token, body: { text: 'help' } });
      await call('POST', `${ADMIN}/conversations/${id}/messages`, { token: agent.token, body: { text: 'here' } });
      await call('POST', `${ADMIN}/conversations/${id}/close`, { token: agent.token });
      await call('POST', `${API}/conversations/${id}/rating`, { token: user.token, body: { rating: 3 + index } });
      const base = Date.now() - 3_600_000;
      await db
        .updateTable('support_conversations')
        .set({
          created_at: new Date(base),
          first_user_message_at: new Date(base),
          first_response_at: new Date(base + seconds * 1000),
          closed_at: new Date(base + seconds * 2000),
        })
        .where('id', '=', id)
        .execute();
    }
    const reader = await createUserWithSession(testApp, ['user', 'reviewer']);
    const dashboard = await call<TAdminDashboard>('GET', '/swx/admin/dashboard', { token: reader.token });
    const counted = await db.selectFrom('support_conversations').select(['status']).execute();
    expect(dashboard.body.data.support).toEqual({
      openConversations: counted.filter((row) => row.status === 'open').length,
      waitingUser: counted.filter((row) => row.status === 'waiting_user').length,
      medianFirstResponseSeconds: 180,
      medianResolutionSeconds: 360,
      averageRating: '4.00',
      ratings: 3,
    });
  });
});

describe('a deployment with the captcha on', () => {
  let captchaApp: TestApp;
  beforeAll(async () => {
    captchaApp = await createTestApp({ CAPTCHA_ENABLED: 'true', CAPTCHA_DIFFICULTY: '8' });
  }, 60_000);
  afterAll(() => captchaApp.close());

  it('asks a new visitor for the proof of work first, and makes nothing without it', async () => {
    const count = async () =>
      (await captchaApp.database.db.selectFrom('support_visitors').select('id').execute()).length;
    const without = await captchaApp.app.inject({
      method: 'POST',
      url: `${API}/visitor/conversations`,
      payload: { email: 'bot@example.test' },
    });
    expect(without.json().code).toBe(CATALOGUE.CAPTCHA_INVALID.code);
    expect(await count()).toBe(0);
    const config = (await captchaApp.app.inject({ method: 'GET', url: '/swx/customer/login/captchaConfig' })).json()
      .data as { required: boolean; challenge: { challengeId: string; salt: string; difficulty: number } };
    expect(config.required).toBe(true);
    const { salt, difficulty } = config.challenge;
    let solution = '';
    for (let counter = 0; ; counter += 1) {
      const digest = createHash('sha256')
        .update(salt + counter.toString(36))
        .digest();
      const zeroBits = digest.readUInt32BE(0) === 0 ? 32 : Math.clz32(digest.readUInt32BE(0));
      if (zeroBits >= difficulty) {
        solution = counter.toString(36);
        break;
      }
    }
    const solved = await captchaApp.app.inject({
      method: 'POST',
      url: `${API}/visitor/conversations`,
      payload: { email: 'person@example.test', captcha: { challengeId: config.challenge.challengeId, solution } },
    });
    expect(solved.json().code, solved.body).toBe(200);
    expect(await count()).toBe(1);
  });
});

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
  const submitted = await call('POST', '/swx/customer/user/identification', {
    token: user.token,
    body: {
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
    },
  });
  expect(submitted.body.code, submitted.body.msg).toBe(CATALOGUE.SUBMITTED_FOR_REVIEW.code);
  const item = await testApp.database.db
    .selectFrom('review_items')
    .select('id')
    .where('kind', '=', 'kyc')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const reviewer = await createUserWithSession(testApp, ['reviewer']);
  const approved = await call('POST', `/swx/admin/queues/kyc/${item.id}/approve`, { token: reviewer.token });
  expect(approved.body.code, approved.body.msg).toBe(200);
  return { ...user, name: `Grace${mark} Hopper` };
}
