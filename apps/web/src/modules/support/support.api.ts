import type {
  TSupportConversation,
  TSupportConversationList,
  TSupportMessage,
  TSupportMessagesPage,
} from '@openbourse/contracts';
import {
  isLanguage,
  type Language,
  SUPPORT_VISITOR_HEADER,
  supportEndpoints,
  supportVisitorEndpoints,
} from '@openbourse/contracts/constants';
import i18next from 'i18next';
import { apiDownload, callApi, endpointPath } from '../../shared/api/client';

/**
 * The support chat's calls (issue 20) for whoever is chatting: a signed-in user (the session's
 * headers), or a visitor known by the token kept in this browser (sent as X-Support-Visitor).
 * The two sides call the same things at different paths; the chat reads one interface.
 */
export type SupportChatter = { kind: 'user' } | { kind: 'visitor'; token: string };

export type SupportApi = {
  list(): Promise<TSupportConversationList>;
  messages(conversationId: string, before?: string): Promise<TSupportMessagesPage>;
  send(conversationId: string, message: { text?: string; fileId?: string; clientId: string }): Promise<TSupportMessage>;
  mark(conversationId: string, mark: 'delivered' | 'read', upToMessageId: string): Promise<unknown>;
  typing(conversationId: string): Promise<unknown>;
  rate(conversationId: string, rating: number, comment?: string): Promise<TSupportConversation>;
  file(fileId: string): Promise<Blob>;
};

export function chatLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

export function supportApi(chatter: SupportChatter): SupportApi {
  if (chatter.kind === 'user') {
    return {
      list: () => callApi(supportEndpoints.listConversations, {}),
      messages: (id, before) => callApi(supportEndpoints.conversationMessages, { params: { id }, query: { before } }),
      send: (id, body) => callApi(supportEndpoints.sendMessage, { params: { id }, body }),
      mark: (id, mark, upToMessageId) =>
        callApi(supportEndpoints.setMarks, { params: { id }, body: { mark, upToMessageId } }),
      typing: (id) => callApi(supportEndpoints.typing, { params: { id } }),
      rate: (id, rating, comment) => callApi(supportEndpoints.rate, { params: { id }, body: { rating, comment } }),
      file: async (fileId) => (await apiDownload({ path: endpointPath(supportEndpoints.file.path, { fileId }) })).blob,
    };
  }
  const headers = { [SUPPORT_VISITOR_HEADER]: chatter.token };
  return {
    list: () => callApi(supportVisitorEndpoints.listVisitorConversations, { headers }),
    messages: (id, before) =>
      callApi(supportVisitorEndpoints.visitorConversationMessages, { params: { id }, query: { before }, headers }),
    send: (id, body) => {
      // A visitor sends text only (the server refuses attachments from visitors).
      const { text = '', clientId } = body;
      return callApi(supportVisitorEndpoints.sendVisitorMessage, { params: { id }, body: { text, clientId }, headers });
    },
    mark: (id, mark, upToMessageId) =>
      callApi(supportVisitorEndpoints.setVisitorMarks, { params: { id }, body: { mark, upToMessageId }, headers }),
    typing: (id) => callApi(supportVisitorEndpoints.visitorTyping, { params: { id }, headers }),
    rate: (id, rating, comment) =>
      callApi(supportVisitorEndpoints.rateVisitor, { params: { id }, body: { rating, comment }, headers }),
    file: async (fileId) =>
      (
        await apiDownload(
          { path: endpointPath(supportVisitorEndpoints.visitorFile.path, { fileId }) },
          undefined,
          headers,
        )
      ).blob,
  };
}

/** A signed-in user opens a chat, or gets the one not closed yet. */
export function openUserConversation(): Promise<TSupportConversation> {
  return callApi(supportEndpoints.openConversation, { body: { language: chatLanguage() } });
}

/** A visitor opens a chat with an e-mail for replies (and a solved captcha when the deployment asks). */
export function openVisitorConversation(input: {
  email: string;
  token: string | null;
  captcha?: { challengeId: string; solution: string };
}): Promise<{ conversation: TSupportConversation; visitorToken: string }> {
  return callApi(supportVisitorEndpoints.openVisitorConversation, {
    body: { email: input.email, language: chatLanguage(), captcha: input.captcha },
    headers: input.token ? { [SUPPORT_VISITOR_HEADER]: input.token } : undefined,
  });
}
