import type { TSupportMessage, TSupportSocketEvent } from '@openbourse/contracts';
import type { SupportContext } from './support.context.js';
import type { ConversationRow } from './support.repository.js';
import { conversationToWire, summaryToWire } from './support-wire.js';

/** The user's (or visitor's) sockets of a conversation. */
export function pushToParty(ctx: SupportContext, row: ConversationRow, event: TSupportSocketEvent): void {
  if (row.user_id !== null) ctx.push.toUser(String(row.user_id), event);
  else if (row.visitor_id !== null) ctx.push.toVisitor(String(row.visitor_id), event);
}

/** The agents' inbox line of a conversation as it is now. */
export async function pushInbox(ctx: SupportContext, row: ConversationRow): Promise<void> {
  ctx.push.toAgents({ kind: 'inbox', conversation: await summaryToWire(ctx, row) });
}

/**
 * After a commit: a new message to both sides, the conversation as its user sees it, and the
 * inbox line. A failure here is logged; what was committed stands (clients read it on reload).
 */
export async function announceMessage(
  ctx: SupportContext,
  row: ConversationRow,
  message: TSupportMessage | null,
  options: { conversation?: boolean } = {},
): Promise<void> {
  try {
    const conversationId = String(row.id);
    if (message) {
      const event: TSupportSocketEvent = { kind: 'message', conversationId, message };
      pushToParty(ctx, row, event);
      ctx.push.toAgents(event);
    }
    if (options.conversation) {
      pushToParty(ctx, row, { kind: 'conversation', conversation: await conversationToWire(ctx, row) });
    }
    await pushInbox(ctx, row);
  } catch (error) {
    ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'support: a push failed');
  }
}
