import { declareRoute } from '../http/route-declaration.js';
import {
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
  ZSupportFileBytes,
  ZSupportFileParams,
  ZSupportMarksRequest,
  ZSupportMessage,
  ZSupportMessagesPage,
  ZSupportMessagesQuery,
  ZSupportOk,
  ZSupportRatingRequest,
} from './support.contracts.js';
import { supportAdminEndpoints, supportEndpoints, supportVisitorEndpoints } from './support.endpoints.js';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jp2'] as const;
const CONVERSATION = { record: 'support-conversation', at: 'params.id' } as const;

/** The support chat's routes as the server declares them (issue 20). */
export const supportRoutes = {
  openConversation: declareRoute(supportEndpoints.openConversation, {
    summary:
      "Open a support chat, or answer the caller's conversation that is not closed (one at a time). Pushes to the agents' inbox",
    tags: ['support'],
    owner: 'caller',
    body: ZOpenSupportConversationRequest,
    response: ZSupportConversation,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  listConversations: declareRoute(supportEndpoints.listConversations, {
    summary: "The caller's support conversations, newest first (at most 50)",
    tags: ['support'],
    owner: 'caller',
    response: ZSupportConversationList,
  }),
  conversationMessages: declareRoute(supportEndpoints.conversationMessages, {
    summary:
      "A page of one of the caller's conversations (10035 for another's), oldest first; the agents' messages it answers are marked delivered",
    tags: ['support'],
    owner: CONVERSATION,
    params: ZSupportConversationParams,
    query: ZSupportMessagesQuery,
    response: ZSupportMessagesPage,
  }),
  sendMessage: declareRoute(supportEndpoints.sendMessage, {
    summary:
      'Send a message: text (plain, at most 2,000 characters) and/or an image the caller uploaded (10185 for another file). 10230 empty, 10229 closed. Delivered to the agents in real time; a retry with the same clientId answers the first message',
    tags: ['support'],
    owner: { ...CONVERSATION, with: { text: 'Hello, I need help' } },
    params: ZSupportConversationParams,
    body: ZSendSupportMessageRequest,
    response: ZSupportMessage,
    rateLimit: { max: 30, timeWindow: '1 minute' },
  }),
  setMarks: declareRoute(supportEndpoints.setMarks, {
    summary: "Mark the agents' messages up to one as delivered or read (marks only move forward); pushed to the agents",
    tags: ['support'],
    owner: { ...CONVERSATION, with: { mark: 'read', upToMessageId: '1' } },
    params: ZSupportConversationParams,
    body: ZSupportMarksRequest,
    response: ZSupportOk,
    rateLimit: { max: 120, timeWindow: '1 minute' },
  }),
  typing: declareRoute(supportEndpoints.typing, {
    summary: 'The caller is typing: the agents see an indicator for a few seconds (clients send it at most every 3 s)',
    tags: ['support'],
    owner: CONVERSATION,
    params: ZSupportConversationParams,
    response: ZSupportOk,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  rate: declareRoute(supportEndpoints.rate, {
    summary:
      'Rate a closed conversation once, 1 to 5 with an optional comment (10232 when not closed or already rated)',
    tags: ['support'],
    owner: { ...CONVERSATION, with: { rating: 5 } },
    params: ZSupportConversationParams,
    body: ZSupportRatingRequest,
    response: ZSupportConversation,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  file: declareRoute(supportEndpoints.file, {
    summary: "An image attached to one of the caller's conversations, as its bytes (10185 otherwise)",
    tags: ['support'],
    owner: { record: 'support-file', at: 'params.fileId' },
    params: ZSupportFileParams,
    response: ZSupportFileBytes,
    answerTypes: IMAGE_TYPES,
  }),
};

/** A visitor's chat (public routes; the visitor is the X-Support-Visitor token's, 10231 without a valid one). */
export const supportVisitorRoutes = {
  openVisitorConversation: declareRoute(supportVisitorEndpoints.openVisitorConversation, {
    summary:
      "A visitor opens a chat with an e-mail for replies: the deployment's proof-of-work captcha first when it is on (10160). Answers the conversation and, for a new visitor, the token to keep (sent as X-Support-Visitor); a known visitor's open conversation is answered as it is",
    tags: ['support'],
    body: ZOpenVisitorConversationRequest,
    response: ZOpenVisitorConversationResponse,
    rateLimit: { max: 5, timeWindow: '1 minute' },
  }),
  listVisitorConversations: declareRoute(supportVisitorEndpoints.listVisitorConversations, {
    summary: "The visitor's conversations (10231 without a valid X-Support-Visitor)",
    tags: ['support'],
    response: ZSupportConversationList,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  visitorConversationMessages: declareRoute(supportVisitorEndpoints.visitorConversationMessages, {
    summary: "A page of one of the visitor's conversations (10035 for anyone else's), oldest first",
    tags: ['support'],
    params: ZSupportConversationParams,
    query: ZSupportMessagesQuery,
    response: ZSupportMessagesPage,
    rateLimit: { max: 120, timeWindow: '1 minute' },
  }),
  sendVisitorMessage: declareRoute(supportVisitorEndpoints.sendVisitorMessage, {
    summary: 'A visitor sends a text message (no attachments): 10230 empty, 10229 closed',
    tags: ['support'],
    params: ZSupportConversationParams,
    body: ZSendVisitorMessageRequest,
    response: ZSupportMessage,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
  setVisitorMarks: declareRoute(supportVisitorEndpoints.setVisitorMarks, {
    summary: "Mark the agents' messages up to one as delivered or read",
    tags: ['support'],
    params: ZSupportConversationParams,
    body: ZSupportMarksRequest,
    response: ZSupportOk,
    rateLimit: { max: 120, timeWindow: '1 minute' },
  }),
  visitorTyping: declareRoute(supportVisitorEndpoints.visitorTyping, {
    summary: 'The visitor is typing',
    tags: ['support'],
    params: ZSupportConversationParams,
    response: ZSupportOk,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  rateVisitor: declareRoute(supportVisitorEndpoints.rateVisitor, {
    summary: 'A visitor rates a closed conversation once (10232 otherwise)',
    tags: ['support'],
    params: ZSupportConversationParams,
    body: ZSupportRatingRequest,
    response: ZSupportConversation,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  visitorFile: declareRoute(supportVisitorEndpoints.visitorFile, {
    summary: "An image an agent attached to one of the visitor's conversations, as its bytes (10185 otherwise)",
    tags: ['support'],
    params: ZSupportFileParams,
    response: ZSupportFileBytes,
    answerTypes: IMAGE_TYPES,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
};

/** The agent inbox (issue 20). Every view of a conversation is written to the audit log. */
export const supportAdminRoutes = {
  conversations: declareRoute(supportAdminEndpoints.conversations, {
    summary:
      'A queue of the inbox (open, mine, waiting_user, closed), the longest waiting first (closed: newest first), with the count of every queue',
    tags: ['admin', 'support'],
    owner: 'operator',
    query: ZAgentConversationsQuery,
    response: ZAgentConversationList,
  }),
  conversation: declareRoute(supportAdminEndpoints.conversation, {
    summary:
      "One conversation with its messages and the user's context as SPEC §6 allows (real name, e-mail and phone only for a verified user); the view is audit-logged. Marks the user's messages delivered",
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZSupportConversationParams,
    query: ZSupportMessagesQuery,
    response: ZAgentConversation,
  }),
  reply: declareRoute(supportAdminEndpoints.reply, {
    summary:
      "An agent's answer (text and/or an image the agent uploaded): takes the conversation when nobody has it, sets it waiting for the user, notifies the user (and e-mails one who is away)",
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZSupportConversationParams,
    body: ZSendSupportMessageRequest,
    response: ZSupportMessage,
    rateLimit: { max: 120, timeWindow: '1 minute' },
  }),
  assign: declareRoute(supportAdminEndpoints.assign, {
    summary:
      'Take a conversation (no agentId) or transfer it to another agent (10233 when that is not an agent); audited',
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZSupportConversationParams,
    body: ZAssignSupportConversationRequest,
    response: ZAgentConversationSummary,
  }),
  close: declareRoute(supportAdminEndpoints.close, {
    summary: 'Close a conversation (the user is asked for a rating); audited',
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZSupportConversationParams,
    response: ZAgentConversationSummary,
  }),
  reopen: declareRoute(supportAdminEndpoints.reopen, {
    summary: 'Reopen a closed conversation; audited',
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZSupportConversationParams,
    response: ZAgentConversationSummary,
  }),
  agentMarks: declareRoute(supportAdminEndpoints.agentMarks, {
    summary: "Mark the user's messages up to one as delivered or read; pushed to the user",
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZSupportConversationParams,
    body: ZSupportMarksRequest,
    response: ZSupportOk,
  }),
  agentTyping: declareRoute(supportAdminEndpoints.agentTyping, {
    summary: 'The agent is typing: the user sees an indicator for a few seconds',
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZSupportConversationParams,
    response: ZSupportOk,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  }),
  agentFile: declareRoute(supportAdminEndpoints.agentFile, {
    summary: 'An image attached to a conversation, as its bytes; each view audit-logged',
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZSupportFileParams,
    response: ZSupportFileBytes,
    answerTypes: IMAGE_TYPES,
  }),
  agents: declareRoute(supportAdminEndpoints.agents, {
    summary: 'The operators who hold the support role (or admin), to transfer a conversation to',
    tags: ['admin', 'support'],
    owner: 'operator',
    response: ZSupportAgentList,
  }),
  cannedReplies: declareRoute(supportAdminEndpoints.cannedReplies, {
    summary: 'Canned replies, of one language or all',
    tags: ['admin', 'support'],
    owner: 'operator',
    query: ZCannedRepliesQuery,
    response: ZCannedReplyList,
  }),
  createCannedReply: declareRoute(supportAdminEndpoints.createCannedReply, {
    summary: 'Add a canned reply in a language; audited',
    tags: ['admin', 'support'],
    owner: 'operator',
    body: ZCannedReplyRequest,
    response: ZCannedReply,
  }),
  updateCannedReply: declareRoute(supportAdminEndpoints.updateCannedReply, {
    summary: 'Change a canned reply; audited',
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZCannedReplyParams,
    body: ZCannedReplyRequest,
    response: ZCannedReply,
  }),
  deleteCannedReply: declareRoute(supportAdminEndpoints.deleteCannedReply, {
    summary: 'Remove a canned reply; audited',
    tags: ['admin', 'support'],
    owner: 'operator',
    params: ZCannedReplyParams,
    response: ZSupportOk,
  }),
};
