import { Alert, Anchor, Button, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentVisibility } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TAgentConversation, TSupportMessage } from '@openbourse/contracts';
import { LANGUAGE_BCP47, LANGUAGE_NATIVE_NAMES } from '@openbourse/contracts/constants';
import { IconArrowBackUp, IconArrowLeft, IconArrowsExchange, IconHandGrab, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/errors';
import { ConfirmButton } from '../ui/ConfirmButton';
import { Composer } from './Composer';
import { addMessage, compareIds, newestUnreadFromUser } from './inbox-state';
import { MessageItem } from './MessageItem';
import { readOlderMessages, useAgents, useConversationAction, useMarkRead, useReply } from './support.api';
import { newClientId } from './support-format';
import { ConversationStatusBadge, useLocale } from './support-parts';

type Pending = { clientId: string; text: string; fileId: string | null; error: string | null };

/** The agent's messages that are on their way (or failed), sent again with the same clientId on retry. */
function usePendingReplies(conversationId: string) {
  const reply = useReply();
  const [pending, setPending] = useState<readonly Pending[]>([]);
  const send = (item: Pending) => {
    setPending((current) => [...current.filter((other) => other.clientId !== item.clientId), { ...item, error: null }]);
    reply.mutate(
      {
        id: conversationId,
        clientId: item.clientId,
        ...(item.text ? { text: item.text } : {}),
        ...(item.fileId ? { fileId: item.fileId } : {}),
      },
      {
        onSuccess: () => setPending((current) => current.filter((other) => other.clientId !== item.clientId)),
        onError: (error) =>
          setPending((current) =>
            current.map((other) =>
              other.clientId === item.clientId ? { ...other, error: errorMessage(error) } : other,
            ),
          ),
      },
    );
  };
  return {
    pending,
    send: (text: string, fileId: string | null) => send({ clientId: newClientId(), text, fileId, error: null }),
    retry: send,
    discard: (clientId: string) => setPending((current) => current.filter((other) => other.clientId !== clientId)),
  };
}

/** Transfer to another agent: chosen from the support agents, confirmed in a dialog. */
function TransferButton({ data, me }: { data: TAgentConversation; me: string | null }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [agentId, setAgentId] = useState<string | null>(null);
  const agents = useAgents(opened);
  const action = useConversationAction(me);
  const choices = (agents.data?.items ?? [])
    .filter((agent) => agent.id !== data.conversation.agentId)
    .map((agent) => ({
      value: agent.id,
      label: t('admin.support.actions.agentOption', {
        name: agent.id === me ? t('admin.support.list.you') : agent.name,
        state: t(agent.online ? 'admin.support.actions.online' : 'admin.support.actions.offline'),
      }),
    }));
  const chosen = agents.data?.items.find((agent) => agent.id === agentId);
  return (
    <>
      <Button variant="default" size="sm" leftSection={<IconArrowsExchange size={16} aria-hidden />} onClick={open}>
        {t('admin.support.actions.transfer')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('admin.support.actions.transferTitle')} centered>
        <Stack>
          {agents.isError && (
            <Alert color="red" role="alert">
              {errorMessage(agents.error)}
            </Alert>
          )}
          <Select
            label={t('admin.support.actions.transferTo')}
            data={choices}
            value={agentId}
            onChange={setAgentId}
            disabled={agents.isPending}
            placeholder={agents.isPending ? t('app.loading') : undefined}
            nothingFoundMessage={t('admin.support.actions.noOtherAgents')}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          {agents.isSuccess && choices.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('admin.support.actions.noOtherAgents')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={action.isPending}>
              {t('admin.shell.confirm.cancel')}
            </Button>
            <Button
              disabled={agentId === null}
              loading={action.isPending}
              onClick={() => {
                if (agentId === null) return;
                action.mutate(
                  { kind: 'transfer', id: data.conversation.id, agentId },
                  {
                    onSuccess: () => {
                      notifications.show({
                        color: 'green',
                        message: t('admin.support.actions.transferred', { name: chosen?.name ?? agentId }),
                        autoClose: 4000,
                      });
                      setAgentId(null);
                      close();
                    },
                  },
                );
              }}
            >
              {t('admin.support.actions.transferConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Take, transfer, close or reopen, as the conversation's state allows. */
function ConversationActions({ data, me }: { data: TAgentConversation; me: string | null }) {
  const { t } = useTranslation();
  const action = useConversationAction(me);
  const { conversation } = data;
  const done = (key: string) => notifications.show({ color: 'green', message: t(key), autoClose: 3000 });
  if (conversation.status === 'closed') {
    return (
      <Button
        variant="light"
        size="sm"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        loading={action.isPending}
        onClick={() =>
          action.mutate(
            { kind: 'reopen', id: conversation.id },
            { onSuccess: () => done('admin.support.actions.reopened') },
          )
        }
      >
        {t('admin.support.actions.reopen')}
      </Button>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      {conversation.agentId !== me && (
        <Button
          size="sm"
          leftSection={<IconHandGrab size={16} aria-hidden />}
          loading={action.isPending && action.variables?.kind === 'take'}
          onClick={() =>
            action.mutate(
              { kind: 'take', id: conversation.id },
              { onSuccess: () => done('admin.support.actions.taken') },
            )
          }
        >
          {t('admin.support.actions.take')}
        </Button>
      )}
      <TransferButton data={data} me={me} />
      <ConfirmButton
        variant="light"
        color="red"
        confirmColor="red.8"
        size="sm"
        leftSection={<IconX size={16} aria-hidden />}
        title={t('admin.support.actions.closeTitle')}
        message={t('admin.support.actions.closeMessage', { who: conversation.who })}
        confirmLabel={t('admin.support.actions.closeConfirm')}
        onConfirm={async () => {
          await action.mutateAsync({ kind: 'close', id: conversation.id });
          done('admin.support.actions.closed');
        }}
      >
        {t('admin.support.actions.close')}
      </ConfirmButton>
    </Group>
  );
}

/**
 * One conversation in the inbox: its header and actions, the messages (older ones on request),
 * the user's typing indicator, the agent's pending answers and the answer box. New messages from
 * the user are announced to screen readers; the user's messages are marked read while the page
 * is in view.
 */
export function ConversationPane({
  data,
  me,
  isUserTyping,
  backLink,
  contextToggle,
}: {
  data: TAgentConversation;
  me: string | null;
  isUserTyping: boolean;
  /** On a phone: the way back to the list. */
  backLink?: string;
  /** On a narrow screen: the button that shows the user's context. */
  contextToggle?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const { conversation } = data;
  const lang = LANGUAGE_BCP47[conversation.language];
  const time = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);

  // Older pages the agent asked for, before the first message the conversation read holds.
  const [older, setOlder] = useState<{ messages: readonly TSupportMessage[]; hasMore: boolean } | null>(null);
  const [olderError, setOlderError] = useState<string | null>(null);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const messages = useMemo(
    () => (older ? older.messages.reduce(addMessage, data.messages) : data.messages),
    [older, data.messages],
  );
  const hasMore = older ? older.hasMore : data.hasMore;
  const loadOlder = async () => {
    const first = messages[0];
    if (!first) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await readOlderMessages(conversation.id, first.id);
      setOlder((current) => ({ messages: [...page.messages, ...(current?.messages ?? [])], hasMore: page.hasMore }));
    } catch (error) {
      setOlderError(errorMessage(error));
    } finally {
      setLoadingOlder(false);
    }
  };

  const { pending, send, retry, discard } = usePendingReplies(conversation.id);

  // The user's messages are read while this pane is in view.
  const visibility = useDocumentVisibility();
  const markRead = useMarkRead();
  const unreadUpTo = newestUnreadFromUser(messages);
  const markingRef = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks once per newest unread message.
  useEffect(() => {
    if (visibility !== 'visible' || unreadUpTo === null || markingRef.current === unreadUpTo) return;
    markingRef.current = unreadUpTo;
    markRead.mutate(
      { id: conversation.id, upToMessageId: unreadUpTo },
      {
        onError: () => {
          markingRef.current = null;
        },
      },
    );
  }, [visibility, unreadUpTo, conversation.id]);

  // New messages from the user are said aloud (polite), the history is not.
  const [announcement, setAnnouncement] = useState('');
  const newestSeenRef = useRef<string | null>(null);
  const newest = messages.at(-1);
  useEffect(() => {
    if (!newest) return;
    const seen = newestSeenRef.current;
    newestSeenRef.current = newest.id;
    if (seen === null || compareIds(newest.id, seen) <= 0 || newest.author !== 'user') return;
    setAnnouncement(
      newest.text
        ? t('admin.support.pane.announce', { who: conversation.who, text: newest.text })
        : t('admin.support.pane.announcePhoto', { who: conversation.who }),
    );
  }, [newest, conversation.who, t]);

  // The newest message stays in view as messages arrive, unless the agent scrolled up to read.
  const scrollRef = useRef<HTMLElement>(null);
  const isAtBottomRef = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows new messages and pending answers.
  useEffect(() => {
    const box = scrollRef.current;
    if (box && isAtBottomRef.current) box.scrollTop = box.scrollHeight;
  }, [newest?.id, pending.length, isUserTyping]);

  const isClosed = conversation.status === 'closed';
  return (
    <Stack gap="sm" className="ob-inbox-pane" component="section" aria-labelledby={headingId}>
      <Paper withBorder p="sm" radius="md">
        <Stack gap={6}>
          {backLink && (
            <Anchor component={Link} to={backLink} size="sm">
              <Group gap={4} wrap="nowrap" className="ob-flip-rtl">
                <IconArrowLeft size={14} aria-hidden />
                {t('admin.support.pane.back')}
              </Group>
            </Anchor>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <div>
              <Title order={2} size="h4" id={headingId} data-testid="support-conversation-title">
                {conversation.who}
              </Title>
              <Group gap={6} mt={4} wrap="wrap">
                <ConversationStatusBadge status={conversation.status} />
                <Text size="xs" c="dimmed" lang={lang}>
                  {LANGUAGE_NATIVE_NAMES[conversation.language]}
                </Text>
                <Text size="xs" c="dimmed">
                  {conversation.agentId === null
                    ? t('admin.support.list.unassigned')
                    : conversation.agentId === me
                      ? t('admin.support.list.assignedToYou')
                      : t('admin.support.list.assignedTo', { name: conversation.agentName ?? conversation.agentId })}
                </Text>
              </Group>
            </div>
            <Group gap="xs" wrap="wrap">
              {contextToggle}
              <ConversationActions data={data} me={me} />
            </Group>
          </Group>
        </Stack>
      </Paper>

      <section
        ref={scrollRef}
        className="ob-inbox-messages"
        // A scrolling region the keyboard can reach and scroll.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling box must be reachable by keyboard.
        tabIndex={0}
        aria-label={t('admin.support.pane.messages')}
        onScroll={(event) => {
          const box = event.currentTarget;
          isAtBottomRef.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
        }}
      >
        {hasMore && (
          <Group justify="center" mb="xs">
            <Button variant="subtle" size="compact-sm" loading={isLoadingOlder} onClick={() => void loadOlder()}>
              {t('admin.support.pane.older')}
            </Button>
          </Group>
        )}
        {olderError && (
          <Text size="sm" c="red.8" ta="center" role="alert">
            {olderError}
          </Text>
        )}
        {messages.length === 0 && pending.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('admin.support.pane.noMessages')}
          </Text>
        ) : (
          <ol className="ob-inbox-thread">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} who={conversation.who} lang={lang} time={time} />
            ))}
            {pending.map((item) => (
              <li key={item.clientId} className="ob-inbox-message" data-author="agent" data-pending>
                <Paper className="ob-inbox-bubble" p="xs" radius="md">
                  {item.text && (
                    <Text size="sm" className="ob-inbox-text" lang={lang}>
                      {item.text}
                    </Text>
                  )}
                  {item.fileId && (
                    <Text size="xs" c="dimmed">
                      {t('admin.support.pane.pendingImage')}
                    </Text>
                  )}
                  {item.error === null ? (
                    <Text size="xs" c="dimmed" ta="end">
                      {t('admin.support.composer.sending')}
                    </Text>
                  ) : (
                    <Stack gap={4} mt={4}>
                      <Text size="xs" c="red.8" role="alert">
                        {t('admin.support.composer.failed', { error: item.error })}
                      </Text>
                      <Group gap="xs" justify="flex-end">
                        <Button size="compact-xs" variant="light" onClick={() => retry(item)}>
                          {t('admin.support.composer.retry')}
                        </Button>
                        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => discard(item.clientId)}>
                          {t('admin.support.composer.discard')}
                        </Button>
                      </Group>
                    </Stack>
                  )}
                </Paper>
              </li>
            ))}
          </ol>
        )}
      </section>
      <div role="status" aria-live="polite" className="ob-inbox-typing">
        {isUserTyping && !isClosed ? (
          <Text size="sm" c="dimmed" fs="italic" data-testid="support-typing">
            {t('admin.support.pane.typing')}
          </Text>
        ) : null}
      </div>
      <div className="ob-visually-hidden" aria-live="polite" data-testid="support-announcer">
        {announcement}
      </div>
      {isClosed ? (
        <Alert color="gray" data-testid="support-closed-note">
          {t('admin.support.pane.closedNote')}
        </Alert>
      ) : (
        <Composer
          conversationId={conversation.id}
          language={conversation.language}
          onSend={({ text, fileId }) => send(text, fileId)}
        />
      )}
    </Stack>
  );
}
