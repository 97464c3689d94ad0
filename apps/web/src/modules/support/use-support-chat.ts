import type { TSupportConversation, TSupportMessage, TSupportSocketEvent } from '@openbourse/contracts';
import { CATALOGUE } from '@openbourse/contracts/constants';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../shared/api/client';
import {
  followSupportVisitorToken,
  readSupportVisitorToken,
  storeSupportVisitorToken,
} from '../../shared/support-chat';
import { uploadImage } from '../../shared/upload/upload-image';
import { solveCaptchaIfRequired } from '../identity/captcha';
import { useSession } from '../identity/session';
import { subscribeSupport } from '../market/market-socket';
import {
  openUserConversation,
  openVisitorConversation,
  type SupportApi,
  type SupportChatter,
  supportApi,
} from './support.api';
import {
  type ChatState,
  chatReducer,
  compareIds,
  initialChatState,
  isAgentTyping,
  newestAgentMessageId,
} from './support-state';

/** The client sends "typing" at most this often (the contract's rule). */
export const TYPING_SEND_EVERY_MS = 3000;

export type ChatPhase = 'loading' | 'ready' | 'error';

export type SupportChat = {
  chatter: SupportChatter | null;
  api: SupportApi | null;
  state: ChatState;
  phase: ChatPhase;
  loadError: unknown;
  isAgentTyping: boolean;
  /** Whether the chat asks a visitor for an e-mail first (no visitor token, or a new chat). */
  needsVisitorEmail: boolean;
  /** Reads the conversation again (the retry of a failed load). */
  reload: () => void;
  loadOlder: () => Promise<void>;
  send: (input: { text: string; file: File | null }) => void;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  notifyTyping: () => void;
  rate: (rating: number, comment: string) => Promise<void>;
  startVisitorChat: (email: string) => Promise<void>;
  startNewChat: () => void;
};

/** A client id per message: what makes a retry safe (the server answers the first message again). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isDocumentVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

type Outgoing = { text: string | null; file: File | null; fileId: string | null };

/**
 * The support chat of whoever is here (issue 20): a signed-in user's, or a visitor's known by the
 * token this browser keeps. Reads the newest conversation on open and again after every socket
 * reconnect (so nothing pushed meanwhile is missed), follows the socket's pushes, sends with an
 * optimistic copy and a clientId, sets delivery marks when the agents' messages arrive and read
 * marks while `isVisible` (and the tab is), and sends "typing" at most every 3 s.
 */
export function useSupportChat({ isVisible }: { isVisible: boolean }): SupportChat {
  const { token } = useSession();
  const visitorToken = useSyncExternalStore(followSupportVisitorToken, readSupportVisitorToken, () => null);
  const chatter = useMemo<SupportChatter | null>(
    () => (token ? { kind: 'user' } : visitorToken ? { kind: 'visitor', token: visitorToken } : null),
    [token, visitorToken],
  );
  const api = useMemo(() => (chatter ? supportApi(chatter) : null), [chatter]);
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const [phase, setPhase] = useState<ChatPhase>('loading');
  const [loadError, setLoadError] = useState<unknown>(null);
  /** "Start a new chat" was asked: the closed conversation is not read again until a new one opens. */
  const [isFresh, setFresh] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  const stateRef = useRef(state);
  stateRef.current = state;
  const freshRef = useRef(isFresh);
  freshRef.current = isFresh;
  const outgoing = useRef(new Map<string, Outgoing>());
  const marksSent = useRef<{ delivered: string | null; read: string | null }>({ delivered: null, read: null });
  const lastTypingSent = useRef(0);

  const readConversation = useCallback(async (which: SupportApi, conversationId: string) => {
    const page = await which.messages(conversationId);
    dispatch({ type: 'loaded', page });
  }, []);

  const load = useCallback(async () => {
    if (!api) {
      dispatch({ type: 'reset' });
      setPhase('ready');
      return;
    }
    try {
      const current = stateRef.current.conversation;
      if (current) {
        await readConversation(api, current.id);
      } else if (!freshRef.current) {
        const { items } = await api.list();
        const newest = items[0];
        if (newest) await readConversation(api, newest.id);
        else dispatch({ type: 'reset' });
      }
      setLoadError(null);
      setPhase('ready');
    } catch (error) {
      if (
        chatter?.kind === 'visitor' &&
        error instanceof ApiError &&
        error.code === CATALOGUE.SUPPORT_VISITOR_UNKNOWN.code
      ) {
        // A token the server no longer knows: forget it and ask for the e-mail again.
        storeSupportVisitorToken(null);
        return;
      }
      setLoadError(error);
      setPhase((previous) => (previous === 'ready' && stateRef.current.conversation ? 'ready' : 'error'));
    }
  }, [api, chatter, readConversation]);

  // Whoever is chatting changed (signed in, out, a visitor's first chat): start over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chatter changes, on purpose
  useEffect(() => {
    dispatch({ type: 'reset' });
    marksSent.current = { delivered: null, read: null };
    setFresh(false);
    freshRef.current = false;
    setPhase('loading');
    void load();
  }, [api]);

  // The socket's pushes, and a fresh read after every (re)connected sign-in.
  useEffect(() => {
    if (!api) return;
    return subscribeSupport(
      (event: TSupportSocketEvent) => {
        const current = stateRef.current.conversation;
        const conversationId =
          event.kind === 'conversation' ? event.conversation.id : event.kind === 'inbox' ? null : event.conversationId;
        // A conversation opened on another device while this one shows none (or a closed one).
        if (
          conversationId !== null &&
          conversationId !== current?.id &&
          (current === null || current.status === 'closed') &&
          (event.kind === 'message' || event.kind === 'conversation')
        ) {
          setFresh(false);
          freshRef.current = false;
          void readConversation(api, conversationId).catch(() => undefined);
          return;
        }
        dispatch({ type: 'event', event, now: Date.now() });
      },
      () => void load(),
    );
  }, [api, load, readConversation]);

  // The typing indicator goes when its time is up.
  useEffect(() => {
    if (state.agentTypingUntil === null) return;
    const wait = state.agentTypingUntil - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 20);
    return () => clearTimeout(timer);
  }, [state.agentTypingUntil]);

  // Delivery marks as the agents' messages arrive; read marks while the chat is seen.
  const [isTabVisible, setTabVisible] = useState(isDocumentVisible);
  useEffect(() => {
    const follow = () => setTabVisible(isDocumentVisible());
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  useEffect(() => {
    const conversation = state.conversation;
    const newest = newestAgentMessageId(state.messages);
    if (!api || !conversation || !newest) return;
    const message = state.messages.find((item) => item.id === newest);
    const sent = marksSent.current;
    const isAfter = (mark: string | null) => mark === null || compareIds(newest, mark) > 0;
    if (isVisible && isTabVisible && !message?.readAt && isAfter(sent.read)) {
      sent.read = newest;
      sent.delivered = newest;
      void api.mark(conversation.id, 'read', newest).catch(() => {
        sent.read = null;
      });
    } else if (!message?.deliveredAt && isAfter(sent.delivered)) {
      sent.delivered = newest;
      void api.mark(conversation.id, 'delivered', newest).catch(() => {
        sent.delivered = null;
      });
    }
  }, [api, state.conversation, state.messages, isVisible, isTabVisible]);

  const deliver = useCallback(
    async (clientId: string) => {
      const item = outgoing.current.get(clientId);
      if (!api || !item) return;
      try {
        if (item.file && !item.fileId) item.fileId = (await uploadImage(item.file)).id;
        let conversation: TSupportConversation | null = stateRef.current.conversation;
        if (!conversation || conversation.status === 'closed') {
          if (chatter?.kind !== 'user') throw new ApiError(CATALOGUE.SUPPORT_CONVERSATION_CLOSED.code, '');
          conversation = await openUserConversation();
          setFresh(false);
          freshRef.current = false;
          dispatch({ type: 'conversation', conversation });
        }
        const message: TSupportMessage = await api.send(conversation.id, {
          text: item.text ?? undefined,
          fileId: item.fileId ?? undefined,
          clientId,
        });
        outgoing.current.delete(clientId);
        const previewUrl = stateRef.current.pending.find((pending) => pending.clientId === clientId)?.previewUrl;
        dispatch({ type: 'sent', clientId, message });
        if (previewUrl) URL.revokeObjectURL(previewUrl);
      } catch (error) {
        dispatch({ type: 'failed', clientId, error });
      }
    },
    [api, chatter],
  );

  const send = useCallback(
    ({ text, file }: { text: string; file: File | null }) => {
      const trimmed = text.trim();
      if (!trimmed && !file) return;
      const clientId = newClientId();
      outgoing.current.set(clientId, { text: trimmed || null, file, fileId: null });
      dispatch({
        type: 'sending',
        clientId,
        text: trimmed || null,
        fileId: null,
        previewUrl: file ? URL.createObjectURL(file) : null,
        createdAt: new Date().toISOString(),
      });
      void deliver(clientId);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      dispatch({ type: 'retrying', clientId });
      void deliver(clientId);
    },
    [deliver],
  );

  const discard = useCallback((clientId: string) => {
    outgoing.current.delete(clientId);
    const pending = stateRef.current.pending.find((item) => item.clientId === clientId);
    if (pending?.previewUrl) URL.revokeObjectURL(pending.previewUrl);
    dispatch({ type: 'discarded', clientId });
  }, []);

  // The local previews of pictures sent go with the chat.
  useEffect(
    () => () => {
      for (const item of stateRef.current.pending) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  const notifyTyping = useCallback(() => {
    const conversation = stateRef.current.conversation;
    if (!api || !conversation || conversation.status === 'closed') return;
    const at = Date.now();
    if (at - lastTypingSent.current < TYPING_SEND_EVERY_MS) return;
    lastTypingSent.current = at;
    void api.typing(conversation.id).catch(() => undefined);
  }, [api]);

  const rate = useCallback(
    async (rating: number, comment: string) => {
      const conversation = stateRef.current.conversation;
      if (!api || !conversation) return;
      const updated = await api.rate(conversation.id, rating, comment.trim() || undefined);
      dispatch({ type: 'conversation', conversation: updated });
    },
    [api],
  );

  const startVisitorChat = useCallback(
    async (email: string) => {
      // A known visitor is not asked again; a token the server forgot asks for the captcha (10119).
      let answer: Awaited<ReturnType<typeof openVisitorConversation>>;
      try {
        const captcha = visitorToken ? undefined : await solveCaptchaIfRequired();
        answer = await openVisitorConversation({ email, token: visitorToken, captcha });
      } catch (error) {
        if (!(visitorToken && error instanceof ApiError && error.code === CATALOGUE.CAPTCHA_INVALID.code)) throw error;
        answer = await openVisitorConversation({ email, token: null, captcha: await solveCaptchaIfRequired() });
      }
      setFresh(false);
      freshRef.current = false;
      if (answer.visitorToken && answer.visitorToken !== visitorToken) {
        // A new visitor: keeping the token re-reads the chat as this visitor (and signs the socket in).
        storeSupportVisitorToken(answer.visitorToken);
        return;
      }
      dispatch({ type: 'conversation', conversation: answer.conversation });
      if (api) await readConversation(api, answer.conversation.id);
    },
    [api, visitorToken, readConversation],
  );

  const startNewChat = useCallback(() => {
    setFresh(true);
    freshRef.current = true;
    marksSent.current = { delivered: null, read: null };
    dispatch({ type: 'reset' });
  }, []);

  const loadOlder = useCallback(async () => {
    const conversation = stateRef.current.conversation;
    const oldest = stateRef.current.messages[0];
    if (!api || !conversation || !oldest) return;
    const page = await api.messages(conversation.id, oldest.id);
    dispatch({ type: 'older', page });
  }, [api]);

  return {
    chatter,
    api,
    state,
    phase,
    loadError,
    isAgentTyping: isAgentTyping(state, Math.max(now, Date.now())),
    needsVisitorEmail: chatter === null || (chatter.kind === 'visitor' && state.conversation === null),
    reload: () => {
      setPhase('loading');
      void load();
    },
    loadOlder,
    send,
    retry,
    discard,
    notifyTyping,
    rate,
    startVisitorChat,
    startNewChat,
  };
}
