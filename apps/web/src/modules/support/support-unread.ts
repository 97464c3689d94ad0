import { subscribeSupport } from '../market/market-socket';

/**
 * The floating button's unread count (issue 20), loaded only for someone who can have a chat (a
 * signed-in user, or a visitor with a token): calls `onAgentMessage` with the id of each agent
 * message pushed over the socket. Answers the function that stops it.
 */
export function followAgentMessages(onAgentMessage: (messageId: string) => void): () => void {
  return subscribeSupport((event) => {
    if (event.kind === 'message' && event.message.author === 'agent') onAgentMessage(event.message.id);
  });
}
