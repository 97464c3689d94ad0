import { SUPPORT_CHAT_PATH } from '@openbourse/contracts/constants';
import { IconMessageCircle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  followSupportVisitorToken,
  readSupportVisitorToken,
  registerSupportChatOpener,
} from '../../shared/support-chat';
import { useSession } from '../identity/session';

// The panel, its texts, the chat's logic and the socket's support listener load on first click
// (or for the unread badge, once someone can have a chat): none of it is in the first page's JS.
const SupportWidget = lazy(() => import('./SupportWidget'));

/**
 * "Chat with support" (issue 20): a small floating button on every page of the user app, with
 * an unread badge for agent messages pushed while the panel is closed. It is the chat's
 * launcher: "Contact support" links open the same panel (shared/support-chat.ts). Not shown on
 * the chat's own page.
 */
export function SupportLauncher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { token } = useSession();
  const visitorToken = useSyncExternalStore(followSupportVisitorToken, readSupportVisitorToken, () => null);
  const [isLoaded, setLoaded] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const [unread, setUnread] = useState<ReadonlySet<string>>(new Set());
  /** What had the focus when the chat opened (this button, or a "Contact support" link): it gets it back. */
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef(isOpen);
  openRef.current = isOpen;
  const isOnChatPage = pathname === SUPPORT_CHAT_PATH;

  const open = useCallback(() => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLoaded(true);
    setOpen(true);
    setUnread(new Set());
  }, []);
  useEffect(() => (isOnChatPage ? undefined : registerSupportChatOpener(open)), [open, isOnChatPage]);
  // The chat page is the chat: the panel closes there.
  useEffect(() => {
    if (isOnChatPage) setOpen(false);
  }, [isOnChatPage]);

  useEffect(() => {
    if (!token && !visitorToken) return;
    let stop: (() => void) | null = null;
    let isCancelled = false;
    void import('./support-unread').then(({ followAgentMessages }) => {
      if (isCancelled) return;
      stop = followAgentMessages((messageId) => {
        if (!openRef.current) setUnread((ids) => new Set(ids).add(messageId));
      });
    });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [token, visitorToken]);

  const close = useCallback(() => {
    setOpen(false);
    const target = returnFocusTo.current?.isConnected ? returnFocusTo.current : buttonRef.current;
    // After the dialog let go of the focus (its trap ends as it closes).
    requestAnimationFrame(() => target?.focus());
  }, []);

  if (isOnChatPage) return null;
  const count = unread.size;
  const label = count > 0 ? `${t('support.chat')} (${t('support.unread', { count })})` : t('support.chat');
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={compact ? 'ob-support-fab ob-support-fab--compact' : 'ob-support-fab'}
        onClick={open}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-label={label}
        data-testid="support-launcher"
      >
        <IconMessageCircle size={22} aria-hidden />
        {!compact && <span className="ob-support-fab-label">{t('support.chat')}</span>}
        {count > 0 && (
          <span className="ob-support-fab-badge" aria-hidden data-testid="support-unread">
            {count > 9 ? '9+' : count}
          </span>
        )}
      </button>
      {isLoaded && (
        <Suspense fallback={null}>
          <SupportWidget opened={isOpen} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
