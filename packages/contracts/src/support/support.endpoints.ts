import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZAgentConversation,
  ZAgentConversationList,
  ZAgentConversationSummary,
  ZAgentConversationsQuery,
  ZAssignSupportConversationRequest,
  ZCannedRepliesQuery,
  ZCannedReply,
  ZCannedReplyList,
  ZCannedReplyParams,
  ZCannedReplyRequest,
  ZOpenSupportConversationRequest,
  ZOpenVisitorConversationRequest,
  ZOpenVisitorConversationResponse,
  ZSendSupportMessageRequest,
  ZSendVisitorMessageRequest,
  ZSupportAgentList,
  ZSupportConversation,
  ZSupportConversationList,
  ZSupportConversationParams,
  ZSupportFileParams,
  ZSupportMarksRequest,
  ZSupportMessage,
  ZSupportMessagesPage,
  ZSupportMessagesQuery,
  ZSupportOk,
  ZSupportRatingRequest,
} from './support.contracts.js';

/**
 * Support chat (issue 20), types only; the server's declarations add the schemas (support.routes.ts).
 * A signed-in user's conversations (both books alike: support is not a book's), a visitor's (public
 * routes; the visitor is known by the token sent as X-Support-Visitor), and the agent inbox.
 * Attachments answer the image's bytes.
 */
export const supportEndpoints = {
  openConversation: endpoint<
    { body: InputOf<typeof ZOpenSupportConversationRequest> },
    OutputOf<typeof ZSupportConversation>,
    'user'
  >('POST', '/swx/customer/support/conversations', 'user'),
  listConversations: endpoint<NoInput, OutputOf<typeof ZSupportConversationList>, 'user'>(
    'GET',
    '/swx/customer/support/conversations',
    'user',
  ),
  conversationMessages: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; query: InputOf<typeof ZSupportMessagesQuery> },
    OutputOf<typeof ZSupportMessagesPage>,
    'user'
  >('GET', '/swx/customer/support/conversations/:id/messages', 'user'),
  sendMessage: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZSendSupportMessageRequest> },
    OutputOf<typeof ZSupportMessage>,
    'user'
  >('POST', '/swx/customer/support/conversations/:id/messages', 'user'),
  setMarks: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZSupportMarksRequest> },
    OutputOf<typeof ZSupportOk>,
    'user'
  >('POST', '/swx/customer/support/conversations/:id/marks', 'user'),
  typing: endpoint<{ params: InputOf<typeof ZSupportConversationParams> }, OutputOf<typeof ZSupportOk>, 'user'>(
    'POST',
    '/swx/customer/support/conversations/:id/typing',
    'user',
  ),
  rate: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZSupportRatingRequest> },
    OutputOf<typeof ZSupportConversation>,
    'user'
  >('POST', '/swx/customer/support/conversations/:id/rating', 'user'),
  file: endpoint<{ params: InputOf<typeof ZSupportFileParams> }, Blob, 'user'>(
    'GET',
    '/swx/customer/support/files/:fileId',
    'user',
  ),
};

/** A visitor's chat: the same as a user's, known by the X-Support-Visitor token; text only. */
export const supportVisitorEndpoints = {
  openVisitorConversation: endpoint<
    { body: InputOf<typeof ZOpenVisitorConversationRequest> },
    OutputOf<typeof ZOpenVisitorConversationResponse>,
    'public'
  >('POST', '/swx/customer/support/visitor/conversations', 'public'),
  listVisitorConversations: endpoint<NoInput, OutputOf<typeof ZSupportConversationList>, 'public'>(
    'GET',
    '/swx/customer/support/visitor/conversations',
    'public',
  ),
  visitorConversationMessages: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; query: InputOf<typeof ZSupportMessagesQuery> },
    OutputOf<typeof ZSupportMessagesPage>,
    'public'
  >('GET', '/swx/customer/support/visitor/conversations/:id/messages', 'public'),
  sendVisitorMessage: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZSendVisitorMessageRequest> },
    OutputOf<typeof ZSupportMessage>,
    'public'
  >('POST', '/swx/customer/support/visitor/conversations/:id/messages', 'public'),
  setVisitorMarks: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZSupportMarksRequest> },
    OutputOf<typeof ZSupportOk>,
    'public'
  >('POST', '/swx/customer/support/visitor/conversations/:id/marks', 'public'),
  visitorTyping: endpoint<
    { params: InputOf<typeof ZSupportConversationParams> },
    OutputOf<typeof ZSupportOk>,
    'public'
  >('POST', '/swx/customer/support/visitor/conversations/:id/typing', 'public'),
  rateVisitor: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZSupportRatingRequest> },
    OutputOf<typeof ZSupportConversation>,
    'public'
  >('POST', '/swx/customer/support/visitor/conversations/:id/rating', 'public'),
  visitorFile: endpoint<{ params: InputOf<typeof ZSupportFileParams> }, Blob, 'public'>(
    'GET',
    '/swx/customer/support/visitor/files/:fileId',
    'public',
  ),
};

/** The agent inbox (role support; an admin holds every role). */
export const supportAdminEndpoints = {
  conversations: endpoint<
    { query: InputOf<typeof ZAgentConversationsQuery> },
    OutputOf<typeof ZAgentConversationList>,
    'support'
  >('GET', '/swx/admin/support/conversations', 'support'),
  conversation: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; query: InputOf<typeof ZSupportMessagesQuery> },
    OutputOf<typeof ZAgentConversation>,
    'support'
  >('GET', '/swx/admin/support/conversations/:id', 'support'),
  reply: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZSendSupportMessageRequest> },
    OutputOf<typeof ZSupportMessage>,
    'support'
  >('POST', '/swx/admin/support/conversations/:id/messages', 'support'),
  assign: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZAssignSupportConversationRequest> },
    OutputOf<typeof ZAgentConversationSummary>,
    'support'
  >('POST', '/swx/admin/support/conversations/:id/assign', 'support'),
  close: endpoint<
    { params: InputOf<typeof ZSupportConversationParams> },
    OutputOf<typeof ZAgentConversationSummary>,
    'support'
  >('POST', '/swx/admin/support/conversations/:id/close', 'support'),
  reopen: endpoint<
    { params: InputOf<typeof ZSupportConversationParams> },
    OutputOf<typeof ZAgentConversationSummary>,
    'support'
  >('POST', '/swx/admin/support/conversations/:id/reopen', 'support'),
  agentMarks: endpoint<
    { params: InputOf<typeof ZSupportConversationParams>; body: InputOf<typeof ZSupportMarksRequest> },
    OutputOf<typeof ZSupportOk>,
    'support'
  >('POST', '/swx/admin/support/conversations/:id/marks', 'support'),
  agentTyping: endpoint<{ params: InputOf<typeof ZSupportConversationParams> }, OutputOf<typeof ZSupportOk>, 'support'>(
    'POST',
    '/swx/admin/support/conversations/:id/typing',
    'support',
  ),
  agentFile: endpoint<{ params: InputOf<typeof ZSupportFileParams> }, Blob, 'support'>(
    'GET',
    '/swx/admin/support/files/:fileId',
    'support',
  ),
  agents: endpoint<NoInput, OutputOf<typeof ZSupportAgentList>, 'support'>(
    'GET',
    '/swx/admin/support/agents',
    'support',
  ),
  cannedReplies: endpoint<{ query: InputOf<typeof ZCannedRepliesQuery> }, OutputOf<typeof ZCannedReplyList>, 'support'>(
    'GET',
    '/swx/admin/support/canned-replies',
    'support',
  ),
  createCannedReply: endpoint<{ body: InputOf<typeof ZCannedReplyRequest> }, OutputOf<typeof ZCannedReply>, 'support'>(
    'POST',
    '/swx/admin/support/canned-replies',
    'support',
  ),
  updateCannedReply: endpoint<
    { params: InputOf<typeof ZCannedReplyParams>; body: InputOf<typeof ZCannedReplyRequest> },
    OutputOf<typeof ZCannedReply>,
    'support'
  >('POST', '/swx/admin/support/canned-replies/:id', 'support'),
  deleteCannedReply: endpoint<{ params: InputOf<typeof ZCannedReplyParams> }, OutputOf<typeof ZSupportOk>, 'support'>(
    'POST',
    '/swx/admin/support/canned-replies/:id/delete',
    'support',
  ),
};
