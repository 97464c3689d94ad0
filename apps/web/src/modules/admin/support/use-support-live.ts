import { SUPPORT_TYPING_TTL_MS } from '@openbourse/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeSupport } from '../../market/market-socket';
import { applyMarksEvent, applyMessage, applySummary, SUPPORT_KEY } from './support.api';
import { toSupportEvent } from './support-events';

/** After an event the inbox could not place, the queues are read again once things settle. */
const RESYNC_DELAY_MS = 1000;

/**
 * Keeps the inbox live while it is open, over the page's socket (signed in as the agent): every
 * support event the server pushes to this agent
 * (inbox summaries, messages, marks) goes into the cached queues and conversation at once;
 * typing signals are kept per conversation until they expire. After a reconnect the queues and
 * the open conversation are read again (what happened meanwhile was not pushed to this socket).
 * Answers the conversations whose user is typing now, with when each indicator ends.
 */
export function useSupportLive(me: string | null): {
  typing: ReadonlyMap<string, number>;
  /** The user of a conversation is typing as of now (the conversation's read said so). */
  noteTyping: (conversationId: string) => void;
} {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<ReadonlyMap<string, number>>(new Map());
  const meRef = useRef(me);
  meRef.current = me;

  useEffect(() => {
    let resync: ReturnType<typeof setTimeout> | null = null;
    let signIns = 0;
    const readQueuesSoon = () => {
      if (resync !== null) return;
      resync = setTimeout(() => {
        resync = null;
        void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'queue'] });
      }, RESYNC_DELAY_MS);
    };
    const stop = subscribeSupport(
      (pushed) => {
        const event = toSupportEvent(pushed);
        if (event === null) return;
        if (event.kind === 'inbox') {
          if (!applySummary(queryClient, event.conversation, meRef.current)) readQueuesSoon();
        } else if (event.kind === 'message') {
          applyMessage(queryClient, event.message);
          // The user's answer ends their typing indicator.
          if (event.message.author === 'user') {
            setTyping((current) => {
              if (!current.has(event.conversationId)) return current;
              const next = new Map(current);
              next.delete(event.conversationId);
              return next;
            });
          }
        } else if (event.kind === 'marks') {
          applyMarksEvent(queryClient, event);
        } else if (event.kind === 'typing' && event.side === 'user') {
          setTyping((current) => new Map(current).set(event.conversationId, Date.now() + SUPPORT_TYPING_TTL_MS));
        }
      },
      () => {
        signIns += 1;
        // The first sign-in follows the first reads; a later one follows a gap.
        if (signIns > 1) {
          void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'queue'] });
          void queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'conversation'] });
        }
      },
    );
    return () => {
      stop();
      if (resync !== null) clearTimeout(resync);
    };
  }, [queryClient]);

  // Expired indicators go away on their own.
  useEffect(() => {
    if (typing.size === 0) return;
    const soonest = Math.min(...typing.values());
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setTyping((current) => new Map([...current].filter(([, until]) => until > now)));
      },
      Math.max(0, soonest - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [typing]);

  const noteTyping = useCallback(
    (conversationId: string) =>
      setTyping((current) => new Map(current).set(conversationId, Date.now() + SUPPORT_TYPING_TTL_MS)),
    [],
  );
  return { typing, noteTyping };
}
