/**
 * Support chat (issue 20): the constants both sides read. No zod here (the web's widget reads it
 * before the schemas load); the schemas are in support.contracts.ts.
 */

/**
 * A conversation's state: `open` waits for an agent (the user wrote last, or nobody answered yet),
 * `waiting_user` waits for the user (an agent wrote last), `closed` is done (rated or not).
 */
export const SUPPORT_CONVERSATION_STATUSES = ['open', 'waiting_user', 'closed'] as const;
export type SupportConversationStatus = (typeof SUPPORT_CONVERSATION_STATUSES)[number];

/** The agent inbox's queues: `mine` is every conversation not closed that is assigned to the caller. */
export const SUPPORT_QUEUES = ['open', 'mine', 'waiting_user', 'closed'] as const;
export type SupportQueue = (typeof SUPPORT_QUEUES)[number];

/** Who wrote a message: the user (or visitor), an agent, or the platform (assigned, closed, reopened). */
export const SUPPORT_AUTHORS = ['user', 'agent', 'system'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

/** What a system message records; the web says it in the reader's language. */
export const SUPPORT_SYSTEM_EVENTS = ['assigned', 'transferred', 'closed', 'reopened'] as const;
export type SupportSystemEvent = (typeof SUPPORT_SYSTEM_EVENTS)[number];

/** The two sides of a conversation, for delivery and read marks and the typing indicator. */
export const SUPPORT_SIDES = ['user', 'agent'] as const;
export type SupportSide = (typeof SUPPORT_SIDES)[number];

/** The marks a recipient's client sets on the other side's messages, up to one message. */
export const SUPPORT_MARKS = ['delivered', 'read'] as const;
export type SupportMark = (typeof SUPPORT_MARKS)[number];

/** The longest message text, in characters. */
export const SUPPORT_MESSAGE_MAX_CHARS = 2000;
/** A canned reply's title and text limits. */
export const SUPPORT_CANNED_TITLE_MAX_CHARS = 80;
export const SUPPORT_CANNED_TEXT_MAX_CHARS = 2000;
/** Messages a page of a conversation holds unless the client asks for fewer (at most 200). */
export const SUPPORT_MESSAGES_PAGE_SIZE = 100;
/** How long a typing indicator lasts after the last typing signal; clients send one at most every 3 s. */
export const SUPPORT_TYPING_TTL_MS = 6000;
/** The header a visitor sends its token in (the token the first POST /support/visitor/conversations answered). */
export const SUPPORT_VISITOR_HEADER = 'x-support-visitor';
/** The browser storage key the web keeps a visitor's token under. */
export const SUPPORT_VISITOR_STORAGE_KEY = 'ob.support.visitor';
/** The web route of the built-in chat (what POST /customer-service/type answers without SUPPORT_CHAT_URL). */
export const SUPPORT_CHAT_PATH = '/support';
/** Satisfaction ratings: 1 (poor) to 5 (excellent). */
export const SUPPORT_RATING_MIN = 1;
export const SUPPORT_RATING_MAX = 5;
