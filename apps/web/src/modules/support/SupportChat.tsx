import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TSupportMessage } from '@openbourse/contracts';
import { isLanguage, LANGUAGE_BCP47, SUPPORT_MESSAGE_MAX_CHARS } from '@openbourse/contracts/constants';
import { IconCheck, IconChecks, IconClock, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { Loading } from '../../shared/ui/QueryState';
import { useObjectUrl } from '../../shared/ui/use-object-url';
import { MessageText } from './MessageText';
import { RatingForm } from './RatingForm';
import type { SupportApi } from './support.api';
import { compareIds, deliveryOf, type PendingMessage } from './support-state';
import type { SupportChat as Chat } from './use-support-chat';
import './support.css';

/** What the picker offers (the server checks the content whatever the browser lets through). */
const ACCEPT = 'image/jpeg,image/png,image/jp2,.jpg,.jpeg,.png,.jp2';

function useTimeFormat() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(LANGUAGE_BCP47[language], { hour: '2-digit', minute: '2-digit' });
    const full = new Intl.DateTimeFormat(LANGUAGE_BCP47[language], { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return '';
      return date.toDateString() === new Date().toDateString() ? time.format(date) : full.format(date);
    };
  }, [language]);
}

/**
 * The support chat itself (issue 20), inside the floating panel or on the /support page: the
 * visitor's e-mail step, the messages (announced politely as they arrive), the composer with a
 * photo for signed-in users, and once closed the rating and "Start a new chat".
 */
export function SupportChat({ chat, onLeave }: { chat: Chat; onLeave?: () => void }) {
  const { t } = useTranslation();
  const { state, phase } = chat;
  const conversation = state.conversation;

  if (chat.needsVisitorEmail && phase !== 'loading') {
    return <VisitorStart chat={chat} onLeave={onLeave} />;
  }
  if (phase === 'loading') return <Loading />;
  if (phase === 'error') {
    return (
      <Alert color="red" role="alert" title={t('supportChat.chat.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(chat.loadError)}</Text>
          <Button size="xs" variant="light" onClick={chat.reload}>
            {t('supportChat.chat.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const isClosed = conversation?.status === 'closed';
  return (
    <div className="ob-support-chat">
      <Text size="sm" c="dimmed" className="ob-support-status">
        {isClosed
          ? t('supportChat.chat.closedNotice')
          : conversation?.agentName
            ? t('supportChat.chat.withAgent', { name: conversation.agentName })
            : conversation
              ? t('supportChat.chat.waitingForAgent')
              : t('supportChat.chat.intro')}
      </Text>
      <MessageList chat={chat} />
      {isClosed ? <AfterClose chat={chat} /> : <Composer chat={chat} />}
    </div>
  );
}

function MessageList({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const { state } = chat;
  const listRef = useRef<HTMLOListElement>(null);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);
  const count = state.messages.length + state.pending.length;
  const newestId = state.messages[state.messages.length - 1]?.id;

  // Keep the newest message in view as messages arrive (not when older ones are read in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the newest message and the pending ones
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId, state.pending.length, chat.isAgentTyping]);

  const loadOlder = async () => {
    setLoadingOlder(true);
    setOlderError(null);
    try {
      await chat.loadOlder();
    } catch (error) {
      setOlderError(error);
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <>
      <ol
        ref={listRef}
        className="ob-support-messages"
        aria-label={t('supportChat.chat.messages')}
        // A scrolling region is reachable by keyboard (WCAG 2.1.1).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, and keyboard users must reach it
        tabIndex={0}
        data-testid="support-messages"
      >
        {state.hasMore && (
          <li className="ob-support-older">
            <Button size="compact-xs" variant="subtle" loading={isLoadingOlder} onClick={() => void loadOlder()}>
              {t('supportChat.chat.loadEarlier')}
            </Button>
            {olderError !== null && (
              <Text size="xs" c="red" role="alert">
                {errorMessage(olderError)}
              </Text>
            )}
          </li>
        )}
        {count === 0 && (
          <li className="ob-support-empty">
            <Text size="sm" c="dimmed">
              {t('supportChat.chat.empty')}
            </Text>
          </li>
        )}
        {state.messages.map((message) => (
          <MessageItem key={message.id} message={message} api={chat.api} format={format} />
        ))}
        {state.pending.map((pending) => (
          <PendingItem
            key={pending.clientId}
            pending={pending}
            onRetry={() => chat.retry(pending.clientId)}
            onDiscard={() => chat.discard(pending.clientId)}
          />
        ))}
      </ol>
      <div role="status" className="ob-support-typing" data-testid="support-typing">
        {chat.isAgentTyping ? t('supportChat.chat.typing') : ''}
      </div>
      <Announcer chat={chat} />
    </>
  );
}

/**
 * Reads out each message of the agents' side that arrives while the chat is open (not the
 * history read on open), through a polite live region.
 */
function Announcer({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const lastSeen = useRef<string | null | undefined>(undefined);
  const { messages } = chat.state;
  useEffect(() => {
    if (chat.phase !== 'ready') return;
    const newest = messages[messages.length - 1]?.id ?? null;
    if (lastSeen.current === undefined) {
      lastSeen.current = newest;
      return;
    }
    const since = lastSeen.current;
    const fresh = messages.filter(
      (message) => message.author !== 'user' && (since === null || compareIds(message.id, since) > 0),
    );
    lastSeen.current = newest;
    const last = fresh[fresh.length - 1];
    if (!last) return;
    const name = last.agentName ?? t('supportChat.chat.support');
    setAnnouncement(
      last.author === 'system'
        ? systemText(t, last)
        : last.text
          ? t('supportChat.chat.newMessage', { name, text: last.text })
          : t('supportChat.chat.newPicture', { name }),
    );
  }, [messages, chat.phase, t]);
  return (
    <div aria-live="polite" aria-atomic="true" className="ob-visually-hidden" data-testid="support-announcer">
      {announcement}
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A system message in the reader's language. */
function systemText(t: Translate, message: TSupportMessage): string {
  const event = message.systemEvent;
  if (!event) return message.text ?? '';
  if ((event === 'assigned' || event === 'transferred') && !message.agentName) {
    return t(`supportChat.chat.systemNoName.${event}`);
  }
  return t(`supportChat.chat.system.${event}`, { name: message.agentName ?? '' });
}

function MessageItem({
  message,
  api,
  format,
}: {
  message: TSupportMessage;
  api: SupportApi | null;
  format: (iso: string) => string;
}) {
  const { t } = useTranslation();
  if (message.author === 'system') {
    return (
      <li className="ob-support-system">
        <Text size="xs" c="dimmed" ta="center">
          {systemText(t, message)} · <time dateTime={message.createdAt}>{format(message.createdAt)}</time>
        </Text>
      </li>
    );
  }
  const isMine = message.author === 'user';
  const delivery = isMine ? deliveryOf(message) : null;
  return (
    <li className={isMine ? 'ob-support-message ob-support-message--mine' : 'ob-support-message'}>
      <Text size="xs" c="dimmed" className="ob-support-meta">
        <span className="ob-support-author">
          {isMine ? t('supportChat.chat.you') : (message.agentName ?? t('supportChat.chat.support'))}
        </span>{' '}
        <time dateTime={message.createdAt}>{format(message.createdAt)}</time>
      </Text>
      <div className="ob-support-bubble">
        {message.fileId && api && <SupportPicture api={api} fileId={message.fileId} />}
        {message.text && <MessageText text={message.text} />}
      </div>
      {delivery && (
        <Text size="xs" c={delivery === 'read' ? 'blue' : 'dimmed'} className="ob-support-tick">
          {delivery === 'sent' ? <IconCheck size={14} aria-hidden /> : <IconChecks size={14} aria-hidden />}
          <span>{t(`supportChat.chat.${delivery}`)}</span>
        </Text>
      )}
    </li>
  );
}

function PendingItem({
  pending,
  onRetry,
  onDiscard,
}: {
  pending: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      className="ob-support-message ob-support-message--mine ob-support-message--pending"
      aria-busy={pending.status === 'sending'}
    >
      <div className="ob-support-bubble ob-support-bubble--pending">
        {pending.previewUrl && (
          <Image
            src={pending.previewUrl}
            alt={t('supportChat.chat.attachmentPreview')}
            className="ob-support-picture"
          />
        )}
        {pending.text && <MessageText text={pending.text} />}
      </div>
      {pending.status === 'sending' ? (
        <Text size="xs" c="dimmed" className="ob-support-tick">
          <IconClock size={14} aria-hidden />
          <span>{t('supportChat.chat.sending')}</span>
        </Text>
      ) : (
        <Group gap="xs" justify="flex-end" role="alert">
          <Text size="xs" c="red">
            {t('supportChat.chat.failed', { reason: errorMessage(pending.error) })}
          </Text>
          <Button size="compact-xs" variant="light" onClick={onRetry}>
            {t('supportChat.chat.retrySend')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard}>
            {t('supportChat.chat.discard')}
          </Button>
        </Group>
      )}
    </li>
  );
}

/** A picture of the conversation, read with the chat's credentials into a blob URL. */
function SupportPicture({ api, fileId }: { api: SupportApi; fileId: string }) {
  const { t } = useTranslation();
  const picture = useQuery({
    queryKey: ['support', 'file', fileId],
    queryFn: () => api.file(fileId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });
  const url = useObjectUrl(picture.data);
  if (picture.isError) {
    return (
      <Text size="xs" c="red">
        {t('supportChat.chat.pictureFailed')}
      </Text>
    );
  }
  if (!url) {
    return (
      <Group gap={6} className="ob-support-picture-loading" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="xs">{t('supportChat.chat.pictureLoading')}</Text>
      </Group>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={t('supportChat.chat.picture')} className="ob-support-picture" />
    </a>
  );
}

function Composer({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const resetFile = useRef<() => void>(null);
  const previewUrl = useObjectUrl(file);
  const canAttach = chat.chatter?.kind === 'user';
  const isTooLong = text.length > SUPPORT_MESSAGE_MAX_CHARS;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (isTooLong || (!text.trim() && !file)) return;
    chat.send({ text, file });
    setText('');
    setFile(null);
    resetFile.current?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; an input method composing a word keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="ob-support-composer" onSubmit={submit}>
      {file && previewUrl && (
        <Group gap="xs" className="ob-support-attachment">
          <Image src={previewUrl} alt={t('supportChat.chat.attachmentPreview')} h={56} w={56} fit="cover" radius="sm" />
          <CloseButton
            aria-label={t('supportChat.chat.removeAttachment')}
            onClick={() => {
              setFile(null);
              resetFile.current?.();
            }}
          />
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {canAttach && (
          <FileButton onChange={setFile} accept={ACCEPT} resetRef={resetFile}>
            {(props) => (
              <ActionIcon {...props} variant="subtle" size="lg" aria-label={t('supportChat.chat.attach')}>
                <IconPaperclip size={20} aria-hidden />
              </ActionIcon>
            )}
          </FileButton>
        )}
        <Textarea
          className="ob-support-input"
          aria-label={t('supportChat.chat.composer')}
          aria-describedby={`${id}-hint`}
          placeholder={t('supportChat.chat.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (event.currentTarget.value.trim()) chat.notifyTyping();
          }}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={6}
          error={isTooLong ? t('supportChat.chat.tooLong', { max: SUPPORT_MESSAGE_MAX_CHARS }) : undefined}
          data-testid="support-input"
        />
        <ActionIcon
          type="submit"
          size="lg"
          aria-label={t('supportChat.chat.send')}
          className="ob-flip-rtl"
          disabled={isTooLong || (!text.trim() && !file)}
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed" id={`${id}-hint`} className="ob-support-hint">
        {t('supportChat.chat.composerHint')}
      </Text>
    </form>
  );
}

function AfterClose({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const conversation = chat.state.conversation;
  return (
    <Stack gap="sm" className="ob-support-after">
      {conversation?.canRate ? (
        <RatingForm onRate={chat.rate} />
      ) : conversation?.rating ? (
        <div role="status">
          <Text fw={600}>{t('supportChat.chat.rating.thanks')}</Text>
          <Text size="sm" c="dimmed">
            {t('supportChat.chat.rating.yours', { value: conversation.rating })}
          </Text>
        </div>
      ) : null}
      <Button variant="light" onClick={chat.startNewChat} style={{ alignSelf: 'flex-start' }}>
        {t('supportChat.chat.newChat')}
      </Button>
    </Stack>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A visitor's first step: an e-mail for the reply, the captcha solved when the deployment asks. */
function VisitorStart({ chat, onLeave }: { chat: Chat; onLeave?: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setProblem(t('supportChat.chat.visitor.emailInvalid'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await chat.startVisitorChat(address);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="ob-support-visitor">
      <Stack gap="sm">
        <Text size="sm">{t('supportChat.chat.intro')}</Text>
        <Text size="sm" c="dimmed">
          {t('supportChat.chat.visitor.intro')}
        </Text>
        <TextInput
          type="email"
          label={t('supportChat.chat.visitor.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setProblem(null);
          }}
          autoComplete="email"
          required
          error={problem ?? undefined}
          data-autofocus
        />
        <Button type="submit" loading={isBusy} style={{ alignSelf: 'flex-start' }}>
          {t('supportChat.chat.visitor.start')}
        </Button>
        {isBusy && (
          <Text size="xs" c="dimmed" role="status">
            {t('supportChat.chat.visitor.starting')}
          </Text>
        )}
        <Text size="sm">
          {t('supportChat.chat.visitor.haveAccount')}{' '}
          <Anchor component={Link} to="/pass/login" state={{ from: '/support' }} onClick={onLeave}>
            {t('supportChat.chat.visitor.logIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
