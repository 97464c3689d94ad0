import { SUPPORT_VISITOR_HEADER, supportAdminRoutes, supportRoutes, supportVisitorRoutes } from '@openbourse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import {
  agentFile,
  agentTyping,
  assignConversation,
  closeConversation,
  listQueue,
  reopenConversation,
  replyAsAgent,
  setAgentMarks,
  viewConversation,
} from './agent-inbox.js';
import { cannedReplies, createCanned, deleteCanned, updateCanned } from './canned-replies.js';
import {
  conversationPage,
  listConversations,
  openConversationToWire,
  partyFile,
  partyTyping,
  rateConversation,
  sendPartyMessage,
  setPartyMarks,
} from './party-conversations.js';
import type { AgentAction, SupportContext, SupportParty } from './support.context.js';
import { openVisitorConversation, visitorParty } from './visitors.js';

type Options = { ctx: SupportContext };

/** The image itself, not the envelope; never cached by a shared cache, never sniffed as anything else. */
function sendImage(reply: FastifyReply, file: { bytes: Buffer; contentType: string }) {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(file.bytes);
}

const userParty = (caller: { id: string }): SupportParty => ({ kind: 'user', userId: caller.id });

const visitorToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers[SUPPORT_VISITOR_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** A signed-in user's support chat (issue 20), under the API prefix; the same in both books. */
export async function supportPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const { ctx } = options;
  defineRoute(app, supportRoutes.openConversation, ({ body, caller, request }) =>
    openConversationToWire(ctx, userParty(caller), body.language ?? request.language),
  );
  defineRoute(app, supportRoutes.listConversations, ({ caller }) => listConversations(ctx, userParty(caller)));
  defineRoute(app, supportRoutes.conversationMessages, ({ params, query, caller }) =>
    conversationPage(ctx, userParty(caller), params.id, query),
  );
  defineRoute(app, supportRoutes.sendMessage, ({ params, body, caller }) =>
    sendPartyMessage(ctx, userParty(caller), params.id, body),
  );
  defineRoute(app, supportRoutes.setMarks, ({ params, body, caller }) =>
    setPartyMarks(ctx, userParty(caller), params.id, body),
  );
  defineRoute(app, supportRoutes.typing, ({ params, caller }) => partyTyping(ctx, userParty(caller), params.id));
  defineRoute(app, supportRoutes.rate, ({ params, body, caller }) =>
    rateConversation(ctx, userParty(caller), params.id, body),
  );
  defineRoute(app, supportRoutes.file, async ({ params, caller, reply }) =>
    sendImage(reply, await partyFile(ctx, userParty(caller), params.fileId)),
  );
}

/** A visitor's chat (public; the visitor is the X-Support-Visitor token's, 10231 without one). */
export async function supportVisitorPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const { ctx } = options;
  defineRoute(app, supportVisitorRoutes.openVisitorConversation, ({ body, request }) =>
    openVisitorConversation(ctx, visitorToken(request), body, request.language),
  );
  defineRoute(app, supportVisitorRoutes.listVisitorConversations, async ({ request }) =>
    listConversations(ctx, await visitorParty(ctx, visitorToken(request))),
  );
  defineRoute(app, supportVisitorRoutes.visitorConversationMessages, async ({ params, query, request }) =>
    conversationPage(ctx, await visitorParty(ctx, visitorToken(request)), params.id, query),
  );
  defineRoute(app, supportVisitorRoutes.sendVisitorMessage, async ({ params, body, request }) =>
    sendPartyMessage(ctx, await visitorParty(ctx, visitorToken(request)), params.id, body),
  );
  defineRoute(app, supportVisitorRoutes.setVisitorMarks, async ({ params, body, request }) =>
    setPartyMarks(ctx, await visitorParty(ctx, visitorToken(request)), params.id, body),
  );
  defineRoute(app, supportVisitorRoutes.visitorTyping, async ({ params, request }) =>
    partyTyping(ctx, await visitorParty(ctx, visitorToken(request)), params.id),
  );
  defineRoute(app, supportVisitorRoutes.rateVisitor, async ({ params, body, request }) =>
    rateConversation(ctx, await visitorParty(ctx, visitorToken(request)), params.id, body),
  );
  defineRoute(app, supportVisitorRoutes.visitorFile, async ({ params, request, reply }) =>
    sendImage(reply, await partyFile(ctx, await visitorParty(ctx, visitorToken(request)), params.fileId)),
  );
}

/** The agent inbox (issue 20), under the admin prefix: role support (an admin holds every role). */
export async function supportAdminPlugin(app: FastifyInstance, options: Options): Promise<void> {
  const { ctx } = options;
  const action = (request: FastifyRequest, caller: { id: string }): AgentAction => ({
    agentId: caller.id,
    requestId: request.id,
    ip: request.ip,
  });
  defineRoute(app, supportAdminRoutes.conversations, ({ query, caller }) => listQueue(ctx, caller.id, query));
  defineRoute(app, supportAdminRoutes.conversation, ({ params, query, request, caller }) =>
    viewConversation(ctx, action(request, caller), params.id, query),
  );
  defineRoute(app, supportAdminRoutes.reply, ({ params, body, request, caller }) =>
    replyAsAgent(ctx, action(request, caller), params.id, body),
  );
  defineRoute(app, supportAdminRoutes.assign, ({ params, body, request, caller }) =>
    assignConversation(ctx, action(request, caller), params.id, body),
  );
  defineRoute(app, supportAdminRoutes.close, ({ params, request, caller }) =>
    closeConversation(ctx, action(request, caller), params.id),
  );
  defineRoute(app, supportAdminRoutes.reopen, ({ params, request, caller }) =>
    reopenConversation(ctx, action(request, caller), params.id),
  );
  defineRoute(app, supportAdminRoutes.agentMarks, ({ params, body }) => setAgentMarks(ctx, params.id, body));
  defineRoute(app, supportAdminRoutes.agentTyping, ({ params }) => agentTyping(ctx, params.id));
  defineRoute(app, supportAdminRoutes.agentFile, async ({ params, request, caller, reply }) =>
    sendImage(reply, await agentFile(ctx, action(request, caller), params.fileId)),
  );
  defineRoute(app, supportAdminRoutes.agents, async () => ({ items: await ctx.identity.agents() }));
  defineRoute(app, supportAdminRoutes.cannedReplies, ({ query }) => cannedReplies(ctx, query.language));
  defineRoute(app, supportAdminRoutes.createCannedReply, ({ body, request, caller }) =>
    createCanned(ctx, action(request, caller), body),
  );
  defineRoute(app, supportAdminRoutes.updateCannedReply, ({ params, body, request, caller }) =>
    updateCanned(ctx, action(request, caller), params.id, body),
  );
  defineRoute(app, supportAdminRoutes.deleteCannedReply, ({ params, request, caller }) =>
    deleteCanned(ctx, action(request, caller), params.id),
  );
}
