import { Anchor, Badge, Button, Drawer, Paper, Tabs, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { SUPPORT_QUEUES, type SupportQueue } from '@openbourse/contracts/constants';
import { IconUserCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { ContextPanel } from './ContextPanel';
import { ConversationPane } from './ConversationPane';
import { InboxList } from './InboxList';
import { useConversation, useInbox } from './support.api';
import { useAgentSelf } from './support-parts';
import { useSupportLive } from './use-support-live';

function readQueue(value: string | null): SupportQueue {
  return SUPPORT_QUEUES.find((queue) => queue === value) ?? 'open';
}

/** The open conversation with its context beside it (wide screens) or behind a button (narrower). */
function SelectedConversation({
  id,
  me,
  isAdmin,
  typing,
  noteTyping,
  listedLastMessageAt,
  layout,
  backLink,
}: {
  id: string;
  me: string | null;
  isAdmin: boolean;
  typing: ReadonlyMap<string, number>;
  noteTyping: (conversationId: string) => void;
  /** The conversation's line in the queue shown, as last read or pushed. */
  listedLastMessageAt: string | null;
  layout: 'wide' | 'medium' | 'phone';
  backLink: string;
}) {
  const { t } = useTranslation();
  const conversation = useConversation(id);
  const [contextOpened, { open, close }] = useDisclosure(false);
  const typingUntil = typing.get(id);
  // The read says whether the user is typing right now: the indicator starts from it.
  const isTypingAtRead = conversation.data?.typing === true;
  // A message the socket did not bring (a gap, or pushes that missed this agent) shows in the
  // queue's line first: the conversation is read again once for each such newer last message.
  const newestAt = conversation.data?.messages.at(-1)?.createdAt ?? null;
  const askedForRef = useRef<string | null>(null);
  const { refetch } = conversation;
  useEffect(() => {
    if (listedLastMessageAt === null || newestAt === null || askedForRef.current === listedLastMessageAt) return;
    if (Date.parse(listedLastMessageAt) <= Date.parse(newestAt)) return;
    askedForRef.current = listedLastMessageAt;
    void refetch();
  }, [listedLastMessageAt, newestAt, refetch]);
  const readAt = conversation.dataUpdatedAt;
  useEffect(() => {
    if (isTypingAtRead && readAt > 0) noteTyping(id);
  }, [isTypingAtRead, readAt, id, noteTyping]);
  return (
    <QueryState query={conversation}>
      {(data) => {
        const isUserTyping = (typingUntil !== undefined && typingUntil > Date.now()) || false;
        const pane = (
          <ConversationPane
            key={id}
            data={data}
            me={me}
            isUserTyping={isUserTyping}
            backLink={layout === 'phone' ? backLink : undefined}
            contextToggle={
              layout === 'wide' ? undefined : (
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconUserCircle size={16} aria-hidden />}
                  onClick={open}
                >
                  {data.context ? t('admin.support.context.title') : t('admin.support.context.visitorTitle')}
                </Button>
              )
            }
          />
        );
        if (layout === 'wide') {
          return (
            <>
              {pane}
              <ContextPanel data={data} isAdmin={isAdmin} />
            </>
          );
        }
        return (
          <>
            {pane}
            <Drawer
              opened={contextOpened}
              onClose={close}
              position="right"
              title={data.context ? t('admin.support.context.title') : t('admin.support.context.visitorTitle')}
            >
              <ContextPanel data={data} isAdmin={isAdmin} />
            </Drawer>
          </>
        );
      }}
    </QueryState>
  );
}

/**
 * The agent inbox (issue 20): the four queues with their counts, a queue's conversations and the
 * open one with the user's context. Kept live by the socket, read again every 30 s in case. On a
 * phone the list and the conversation take the screen in turn.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queue = readQueue(search.get('queue'));
  const { me, isAdmin } = useAgentSelf();
  const { typing, noteTyping } = useSupportLive(me);
  const inbox = useInbox(queue);
  const isWide = useMediaQuery('(min-width: 80em)', true, { getInitialValueInEffect: false });
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const layout = isPhone ? 'phone' : isWide ? 'wide' : 'medium';
  const queueSearch = queue === 'open' ? '' : `?queue=${queue}`;
  const listLink = `/admin/support${queueSearch}`;
  const counts = inbox.data?.counts;

  const showList = layout !== 'phone' || id === null;
  const showConversation = layout !== 'phone' || id !== null;
  return (
    <AdminPage
      title={t('admin.support.title')}
      description={t('admin.support.description')}
      actions={
        <Anchor component={Link} to="/admin/support/canned" size="sm">
          {t('admin.support.cannedLink')}
        </Anchor>
      }
    >
      <div className="ob-inbox" data-layout={layout} data-has-conversation={id !== null || undefined}>
        {showList && (
          <Paper withBorder radius="md" className="ob-inbox-side">
            <Tabs
              value={queue}
              onChange={(next) =>
                navigate(next === 'open' || next === null ? '/admin/support' : `/admin/support?queue=${next}`)
              }
              keepMounted={false}
            >
              <Tabs.List aria-label={t('admin.support.queues.label')} grow>
                {SUPPORT_QUEUES.map((name) => (
                  <Tabs.Tab
                    key={name}
                    value={name}
                    data-testid={`support-queue-${name}`}
                    rightSection={
                      counts ? (
                        <Badge
                          size="sm"
                          variant={name === queue ? 'filled' : 'light'}
                          color="gray.7"
                          circle={counts[name] < 10}
                        >
                          {counts[name]}
                        </Badge>
                      ) : null
                    }
                  >
                    {t(`admin.support.queues.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {SUPPORT_QUEUES.map((name) => (
                <Tabs.Panel key={name} value={name} className="ob-inbox-list-panel">
                  <QueryState query={inbox}>
                    {(data) => (
                      <InboxList
                        queue={queue}
                        items={data.items}
                        total={data.total}
                        selectedId={id}
                        me={me}
                        typing={typing}
                        onOpen={(next) => navigate(`/admin/support/conversations/${next}${queueSearch}`)}
                      />
                    )}
                  </QueryState>
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
        )}
        {showConversation &&
          (id === null ? (
            <Paper withBorder radius="md" p="xl" className="ob-inbox-placeholder">
              <Text c="dimmed" ta="center">
                {t('admin.support.pane.pick')}
              </Text>
            </Paper>
          ) : (
            <SelectedConversation
              key={id}
              id={id}
              me={me}
              isAdmin={isAdmin}
              typing={typing}
              noteTyping={noteTyping}
              listedLastMessageAt={inbox.data?.items.find((item) => item.id === id)?.lastMessageAt ?? null}
              layout={layout}
              backLink={listLink}
            />
          ))}
      </div>
    </AdminPage>
  );
}
