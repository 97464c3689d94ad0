import { z } from 'zod';
import { ZCaptchaSolution } from '../identity/identity.contracts.js';
import { LANGUAGES } from '../languages.js';
import { ZUploadId } from '../uploads/uploads.contracts.js';
import {
  SUPPORT_AUTHORS,
  SUPPORT_CANNED_TEXT_MAX_CHARS,
  SUPPORT_CANNED_TITLE_MAX_CHARS,
  SUPPORT_CONVERSATION_STATUSES,
  SUPPORT_MARKS,
  SUPPORT_MESSAGE_MAX_CHARS,
  SUPPORT_QUEUES,
  SUPPORT_RATING_MAX,
  SUPPORT_RATING_MIN,
  SUPPORT_SIDES,
  SUPPORT_SYSTEM_EVENTS,
} from './support.constants.js';

/**
 * Support chat (issue 20): conversations between a user (or a visitor known by a random token)
 * and the support agents, their messages with image attachments, delivery and read marks, the
 * typing indicator, the satisfaction rating; the agent inbox, its canned replies and the user's
 * context panel (SPEC §6). Times are ISO 8601 UTC strings; ids are decimal strings.
 */

const ZId = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,17}$/, `a ${what} id`)
    .describe(`The ${what} id`);

const ZLanguage = z.enum(LANGUAGES).describe('Language code: en zh hk ja ko es fr de it ar');
const ZTime = z.string().describe('ISO 8601 UTC');

export const ZSupportConversationStatus = z
  .enum(SUPPORT_CONVERSATION_STATUSES)
  .describe('open: waits for an agent; waiting_user: an agent answered last; closed');

/** A message's text: plain text (never HTML), trimmed by the server, at most SUPPORT_MESSAGE_MAX_CHARS. */
const ZMessageText = z.string().max(SUPPORT_MESSAGE_MAX_CHARS).describe('Plain text; no HTML is ever rendered');

/** An idempotency key the client makes per message: a retry with the same key answers the first message. */
const ZClientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'a client id')
  .describe('Chosen by the client per message (e.g. a UUID): a retry with the same one answers the message sent first');

export const ZSupportMessage = z.object({
  id: ZId('message'),
  conversationId: ZId('conversation'),
  author: z.enum(SUPPORT_AUTHORS),
  /** The agent's display name on an agent's or system message; null on the user's. */
  agentName: z.string().nullable().describe("The agent's display name (agent and system messages); null otherwise"),
  text: z.string().nullable().describe('Plain text; null on a picture alone or a system message'),
  fileId: ZUploadId.nullable().describe("An attached image (read through the conversation's files route)"),
  systemEvent: z.enum(SUPPORT_SYSTEM_EVENTS).nullable().describe('What a system message records'),
  clientId: z.string().nullable(),
  createdAt: ZTime,
  deliveredAt: ZTime.nullable().describe("When the recipient's device received it (the other side's mark)"),
  readAt: ZTime.nullable().describe('When the recipient read it'),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

/** A conversation as its user (or visitor) sees it. */
export const ZSupportConversation = z.object({
  id: ZId('conversation'),
  status: ZSupportConversationStatus,
  language: ZLanguage,
  createdAt: ZTime,
  lastMessageAt: ZTime.nullable(),
  closedAt: ZTime.nullable(),
  agentName: z.string().nullable().describe('The assigned agent, once one is'),
  unread: z.number().int().min(0).describe("The other side's messages the caller has not marked read"),
  rating: z.number().int().min(SUPPORT_RATING_MIN).max(SUPPORT_RATING_MAX).nullable(),
  ratingComment: z.string().nullable(),
  canRate: z.boolean().describe('Closed and not rated yet'),
});
export type TSupportConversation = z.infer<typeof ZSupportConversation>;

export const ZSupportConversationList = z.object({ items: z.array(ZSupportConversation) });
export type TSupportConversationList = z.infer<typeof ZSupportConversationList>;

export const ZSupportConversationParams = z.object({ id: ZId('conversation') });
export type TSupportConversationParams = z.infer<typeof ZSupportConversationParams>;

/** An attachment of one of the caller's conversations. */
export const ZSupportFileParams = z.object({ fileId: ZUploadId });

export const ZSupportMessagesQuery = z.object({
  before: ZId('message').optional().describe('Messages older than this one (paging back)'),
  size: z.coerce.number().int().min(1).max(200).optional(),
});

export const ZSupportMessagesPage = z.object({
  conversation: ZSupportConversation,
  messages: z.array(ZSupportMessage).describe('Oldest first'),
  hasMore: z.boolean().describe('Older messages exist (page with `before`)'),
});
export type TSupportMessagesPage = z.infer<typeof ZSupportMessagesPage>;

/** A signed-in user opens a chat (or gets the one still open). */
export const ZOpenSupportConversationRequest = z.object({
  language: ZLanguage.optional().describe("The conversation's language; the request's language otherwise"),
});

/** A visitor opens a chat: an e-mail for the reply; the captcha when the deployment's captcha is on. */
export const ZOpenVisitorConversationRequest = z.object({
  email: z.email().max(200).describe('Where replies go while the visitor is away'),
  language: ZLanguage.optional(),
  captcha: ZCaptchaSolution.optional().describe(
    'A solved proof-of-work challenge (GET /login/captchaConfig); required when it says so',
  ),
});

export const ZOpenVisitorConversationResponse = z.object({
  conversation: ZSupportConversation,
  visitorToken: z
    .string()
    .describe(
      "The visitor's secret: kept in the browser and sent as X-Support-Visitor; answered only when a new visitor was made",
    ),
});

export const ZSendSupportMessageRequest = z.object({
  text: ZMessageText.optional(),
  fileId: ZUploadId.optional().describe('An image the sender uploaded (POST /upload); a visitor cannot attach'),
  clientId: ZClientId.optional(),
});
export type TSendSupportMessageRequest = z.infer<typeof ZSendSupportMessageRequest>;

export const ZSendVisitorMessageRequest = z.object({ text: ZMessageText, clientId: ZClientId.optional() });

export const ZSupportMarksRequest = z.object({
  mark: z.enum(SUPPORT_MARKS),
  upToMessageId: ZId('message').describe("The newest of the other side's messages the mark covers"),
});

export const ZSupportRatingRequest = z.object({
  rating: z.number().int().min(SUPPORT_RATING_MIN).max(SUPPORT_RATING_MAX),
  comment: z.string().max(500).optional(),
});

export const ZSupportOk = z.object({ ok: z.literal(true) });

/** The image bytes of an attachment (not the envelope). */
export const ZSupportFileBytes = z.string().describe('The image bytes (image/jpeg, image/png or image/jp2)');

// ---- The agent inbox ----

export const ZSupportQueue = z.enum(SUPPORT_QUEUES);

export const ZAgentConversationsQuery = z.object({
  status: ZSupportQueue.default('open').describe(
    'The queue: open, mine (assigned to the caller, not closed), waiting_user, closed',
  ),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  size: z.coerce.number().int().min(1).max(100).optional(),
});

export const ZAgentConversationSummary = z.object({
  id: ZId('conversation'),
  status: ZSupportConversationStatus,
  language: ZLanguage,
  who: z.string().describe("The user's name, or 'Visitor <masked e-mail>'"),
  userId: z.string().nullable().describe('Null for a visitor'),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  createdAt: ZTime,
  lastMessageAt: ZTime.nullable(),
  lastMessagePreview: z.string().nullable().describe('The last message, cut to 120 characters'),
  unread: z.number().int().min(0).describe("The user's messages no agent marked read"),
  rating: z.number().int().nullable(),
});
export type TAgentConversationSummary = z.infer<typeof ZAgentConversationSummary>;

export const ZAgentConversationList = z.object({
  items: z.array(ZAgentConversationSummary),
  total: z.number().int().min(0),
  counts: z.object({
    open: z.number().int().min(0),
    mine: z.number().int().min(0),
    waiting_user: z.number().int().min(0),
    closed: z.number().int().min(0),
  }),
});
export type TAgentConversationList = z.infer<typeof ZAgentConversationList>;

/**
 * What an agent may know of the user (SPEC §6): id, level, wallet address, registration date and
 * verification status; real name, e-mail and phone **only** for a verified user (absent otherwise).
 */
export const ZSupportUserContext = z.object({
  userId: z.string(),
  level: z.string().describe('VIP level: Normal, VIP1 … VIP4'),
  walletAddress: z.string().nullable(),
  registeredAt: ZTime,
  verificationStatus: z.string().describe('KYC status: none, pending, passed, rejected …'),
  realName: z.string().optional().describe('Verified users only'),
  email: z.string().optional().describe('Verified users only'),
  phone: z.string().optional().describe('Verified users only'),
});
export type TSupportUserContext = z.infer<typeof ZSupportUserContext>;

export const ZAgentConversation = z.object({
  conversation: ZAgentConversationSummary.extend({
    closedAt: ZTime.nullable(),
    ratingComment: z.string().nullable(),
    firstResponseAt: ZTime.nullable(),
  }),
  context: ZSupportUserContext.nullable().describe('Null for a visitor'),
  visitorEmail: z.string().nullable().describe("A visitor's reply address (a visitor has no account)"),
  messages: z.array(ZSupportMessage).describe('Oldest first'),
  hasMore: z.boolean(),
  typing: z.boolean().describe('The user is typing now'),
});
export type TAgentConversation = z.infer<typeof ZAgentConversation>;

export const ZAssignSupportConversationRequest = z.object({
  agentId: ZId('agent').optional().describe('Transfer to this agent; the caller takes it when absent'),
});

export const ZSupportAgent = z.object({ id: z.string(), name: z.string(), online: z.boolean() });
export const ZSupportAgentList = z.object({ items: z.array(ZSupportAgent) });

export const ZCannedReply = z.object({
  id: ZId('canned reply'),
  language: ZLanguage,
  title: z.string(),
  text: z.string(),
  updatedAt: ZTime,
});
export type TCannedReply = z.infer<typeof ZCannedReply>;
export const ZCannedReplyList = z.object({ items: z.array(ZCannedReply) });
export const ZCannedRepliesQuery = z.object({ language: ZLanguage.optional() });
export const ZCannedReplyRequest = z.object({
  language: ZLanguage,
  title: z.string().trim().min(1).max(SUPPORT_CANNED_TITLE_MAX_CHARS),
  text: z.string().trim().min(1).max(SUPPORT_CANNED_TEXT_MAX_CHARS),
});
export const ZCannedReplyParams = z.object({ id: ZId('canned reply') });

/** The dashboard's support figures (over the last 30 days), measured from the conversations. */
export const ZSupportDashboardFigures = z.object({
  openConversations: z.number().int().min(0).describe('Conversations waiting for an agent now'),
  waitingUser: z.number().int().min(0),
  medianFirstResponseSeconds: z
    .number()
    .nullable()
    .describe("Median time from a conversation's first user message to the first agent answer, last 30 days"),
  medianResolutionSeconds: z.number().nullable().describe('Median time from opening to closing, last 30 days'),
  averageRating: z.string().nullable().describe('Average satisfaction 1–5, two decimals, last 30 days'),
  ratings: z.number().int().min(0),
});
export type TSupportDashboardFigures = z.infer<typeof ZSupportDashboardFigures>;

// ---- Realtime (the user gateway, `/swx/customer/message`) ----

/**
 * What the socket pushes about support as `{ op: 'support', data }`: to the user's sockets (or the
 * visitor's, signed in with `{ op: 'support-visitor', token }`) for their conversations, and to the
 * support agents' sockets for the inbox (`inbox` carries the changed summary).
 */
export type TSupportSocketEvent =
  | { kind: 'message'; conversationId: string; message: TSupportMessage }
  | {
      kind: 'marks';
      conversationId: string;
      side: 'user' | 'agent';
      mark: 'delivered' | 'read';
      upToMessageId: string;
      at: string;
    }
  | { kind: 'typing'; conversationId: string; side: 'user' | 'agent' }
  | { kind: 'conversation'; conversation: TSupportConversation }
  | { kind: 'inbox'; conversation: TAgentConversationSummary };

export const ZSupportSide = z.enum(SUPPORT_SIDES);
