import { Anchor, Badge } from '@mantine/core';
import { isLanguage, LANGUAGE_BCP47, type SupportConversationStatus } from '@openbourse/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../identity/identity.api';
import { linkify } from '../../support/linkify';

/** The reader's BCP 47 locale for numbers, dates and durations. */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? LANGUAGE_BCP47[i18n.language] : 'en';
}

/** The signed-in agent's id and roles (the back office read them already). */
export function useAgentSelf(): { me: string | null; isAdmin: boolean } {
  const user = useUserInfo();
  return {
    me: user.data ? String(user.data.id) : null,
    isAdmin: user.data?.roles.includes('admin') ?? false,
  };
}

/** The time now, moving every `everyMs` (waiting times in the list). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const STATUS_COLOURS: Record<SupportConversationStatus, string> = {
  open: 'yellow',
  waiting_user: 'blue',
  closed: 'gray',
};

/** A conversation's state in words, with a dot of colour beside them (the words carry the meaning). */
export function ConversationStatusBadge({ status }: { status: SupportConversationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="dot" tt="none" styles={{ label: { overflow: 'visible' } }}>
      {t(`admin.support.status.${status}`)}
    </Badge>
  );
}

/**
 * A message's plain text with its http(s) links made anchors (the chat's linkify.ts): React text nodes
 * only, never HTML; the links open in a new tab without the opener or a referrer, and pass no
 * ranking (nofollow).
 */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((piece, index) =>
        piece.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move.
          <span key={index}>{piece.text}</span>
        ) : (
          <Anchor
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move.
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            style={{ wordBreak: 'break-all' }}
          >
            {piece.text}
          </Anchor>
        ),
      )}
    </>
  );
}
