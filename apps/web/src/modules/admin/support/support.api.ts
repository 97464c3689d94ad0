import type {
  TAgentConversation,
  TAgentConversationList,
  TAgentConversationSummary,
  TCannedReply,
  TSupportMessage,
} from '@openbourse/contracts';
import { type Language, type SupportQueue, supportAdminEndpoints } from '@openbourse/contracts/constants';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, callApi, endpointPath } from '../../../shared/api/client';
import { useSession } from '../../identity/session';
import { addMessage, applyMarks, findKnown, mergeConversationSummary, mergeSummary } from './inbox-state';

/** The inbox's reads under one key, so an action or a reconnect can read them all again. */
export const SUPPORT_KEY = ['admin', 'support'] as const;
/** How many conversations a queue shows (the longest waiting first). */
export const INBOX_PAGE_SIZE = 50;
/** The fallback read of the queues while the socket keeps them current (or while it is down). */
export const INBOX_REFRESH_MS = 30_000;

const queueKey = (token: string | null, queue: SupportQueue) => [...SUPPORT_KEY, 'queue', token, queue] as const;
const conversationKey = (token: string | null, id: string) => [...SUPPORT_KEY, 'conversation', token, id] as const;

/** One queue of the inbox with the count of every queue, read again every 30 s. */
export function useInbox(queue: SupportQueue) {
  const { token } = useSession();
  return useQuery({
    queryKey: queueKey(token, queue),
    queryFn: ({ signal }) =>
      callApi(supportAdminEndpoints.conversations, { query: { status: queue, size: INBOX_PAGE_SIZE }, signal }),
    enabled: token !== null,
    refetchInterval: INBOX_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * One conversation with its messages and the user's context. The server writes every such read
 * to the audit log, so it is read each time the agent opens it (and after a socket reconnect),
 * never on a timer or a network change: the socket's events keep it current meanwhile.
 */
export function useConversation(id: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: conversationKey(token, id),
    queryFn: ({ signal }) => callApi(supportAdminEndpoints.conversation, { params: { id }, query: {}, signal }),
    enabled: token !== null,
    refetchOnMount: 'always',
    refetchOnReconnect: false,
  });
}

/** An older page of a conversation (the messages before `before`), when the agent asks for it. */
export function readOlderMessages(id: string, before: string) {
  return callApi(supportAdminEndpoints.conversation, { params: { id }, query: { before } });
}

/** The agents a conversation can be transferred to. */
export function useAgents(isEnabled: boolean) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'agents', token],
    queryFn: ({ signal }) => callApi(supportAdminEndpoints.agents, { signal }),
    enabled: token !== null && isEnabled,
  });
}

/** The canned replies of one language, or of all when `language` is null. */
export function useCannedReplies(language: Language | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'canned', token, language],
    queryFn: ({ signal }) =>
      callApi(supportAdminEndpoints.cannedReplies, { query: language ? { language } : {}, signal }),
    enabled: token !== null,
    select: (data) => data.items,
  });
}

export type CannedReplyInput = { language: Language; title: string; text: string };

/** Adds, changes or removes a canned reply; the lists are read again after. */
export function useCannedReplyChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { action: 'create'; reply: CannedReplyInput }
        | { action: 'update'; id: string; reply: CannedReplyInput }
        | { action: 'delete'; id: string },
    ): Promise<TCannedReply | { ok: true }> => {
      if (change.action === 'create') return callApi(supportAdminEndpoints.createCannedReply, { body: change.reply });
      if (change.action === 'update') {
        return callApi(supportAdminEndpoints.updateCannedReply, { params: { id: change.id }, body: change.reply });
      }
      return callApi(supportAdminEndpoints.deleteCannedReply, { params: { id: change.id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'canned'] }),
  });
}

/** Every queue list the cache holds now, with its key. */
function cachedQueues(queryClient: QueryClient) {
  return queryClient.getQueriesData<TAgentConversationList>({ queryKey: [...SUPPORT_KEY, 'queue'] });
}

/**
 * A changed conversation summary (pushed, or answered by an action) into every cached queue and
 * the open conversation. Answers whether the inbox knew the conversation before: when it did
 * not, its counts are a guess the caller corrects with a read.
 */
export function applySummary(queryClient: QueryClient, summary: TAgentConversationSummary, me: string | null): boolean {
  const queues = cachedQueues(queryClient);
  const previous = findKnown(
    queues.map(([, list]) => list),
    summary.id,
  );
  for (const [key, list] of queues) {
    const queue = key[4] as SupportQueue;
    if (list) queryClient.setQueryData(key, mergeSummary(list, queue, summary, previous, me));
  }
  queryClient.setQueriesData<TAgentConversation>(
    { queryKey: [...SUPPORT_KEY, 'conversation'] },
    (conversation) => conversation && mergeConversationSummary(conversation, summary, new Date().toISOString()),
  );
  return previous !== null;
}

/** A message into its conversation, if the inbox has it open. */
export function applyMessage(queryClient: QueryClient, message: TSupportMessage): void {
  queryClient.setQueriesData<TAgentConversation>({ queryKey: [...SUPPORT_KEY, 'conversation'] }, (conversation) =>
    conversation && conversation.conversation.id === message.conversationId
      ? { ...conversation, messages: addMessage(conversation.messages, message) }
      : conversation,
  );
}

/** Delivery or read marks into their conversation. */
export function applyMarksEvent(
  queryClient: QueryClient,
  event: {
    conversationId: string;
    side: 'user' | 'agent';
    mark: 'delivered' | 'read';
    upToMessageId: string;
    at: string;
  },
): void {
  queryClient.setQueriesData<TAgentConversation>({ queryKey: [...SUPPORT_KEY, 'conversation'] }, (conversation) =>
    conversation && conversation.conversation.id === event.conversationId
      ? {
          ...conversation,
          messages: applyMarks(conversation.messages, event.side, event.mark, event.upToMessageId, event.at),
        }
      : conversation,
  );
}

/** The conversation's actions: take, transfer, close, reopen. Their answer updates the inbox at once. */
export function useConversationAction(me: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { kind: 'take' | 'close' | 'reopen'; id: string } | { kind: 'transfer'; id: string; agentId: string },
    ) => {
      const params = { id: action.id };
      if (action.kind === 'take') return callApi(supportAdminEndpoints.assign, { params, body: {} });
      if (action.kind === 'transfer') {
        return callApi(supportAdminEndpoints.assign, { params, body: { agentId: action.agentId } });
      }
      if (action.kind === 'close') return callApi(supportAdminEndpoints.close, { params });
      return callApi(supportAdminEndpoints.reopen, { params });
    },
    onSuccess: (summary) => {
      applySummary(queryClient, summary, me);
    },
    // The counts and lists are read again whatever the answer (a refusal means they are stale).
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'queue'] }),
  });
}

export type Reply = { id: string; clientId: string; text?: string; fileId?: string };

/** An agent's answer: the message the server answers joins the conversation at once. */
export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, clientId, text, fileId }: Reply) =>
      callApi(supportAdminEndpoints.reply, {
        params: { id },
        body: { clientId, ...(text ? { text } : {}), ...(fileId ? { fileId } : {}) },
      }),
    // The composer keeps a failed message on screen with its own error and a retry.
    meta: { errorShownByCaller: true },
    onSuccess: (message) => applyMessage(queryClient, message),
  });
}

/** The user's messages up to one are read: said to the server (and so to the user). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, upToMessageId }: { id: string; upToMessageId: string }) =>
      callApi(supportAdminEndpoints.agentMarks, { params: { id }, body: { mark: 'read', upToMessageId } }),
    // A mark that did not go is tried again at the next view; no toast for it.
    meta: { errorShownByCaller: true },
    onSuccess: (_answer, { id, upToMessageId }) =>
      applyMarksEvent(queryClient, {
        conversationId: id,
        side: 'agent',
        mark: 'read',
        upToMessageId,
        at: new Date().toISOString(),
      }),
  });
}

/** "The agent is typing" (the caller throttles it to one every 3 s); a lost one is not worth a word. */
export function sendTyping(id: string): void {
  void callApi(supportAdminEndpoints.agentTyping, { params: { id } }).catch(() => undefined);
}

/**
 * An image attached to a conversation, read with the agent's session as a blob (the server logs
 * each view); kept while the inbox is open, since a file never changes.
 */
export function useSupportFile(fileId: string | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'file', token, fileId],
    queryFn: async () => {
      const { blob } = await apiDownload({
        path: endpointPath(supportAdminEndpoints.agentFile.path, { fileId: fileId ?? '' }),
      });
      return blob;
    },
    enabled: token !== null && fileId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}
