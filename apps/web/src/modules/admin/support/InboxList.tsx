import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TAgentConversationSummary } from '@openbourse/contracts';
import { LANGUAGE_BCP47, LANGUAGE_NATIVE_NAMES, type SupportQueue } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { formatDuration, secondsSince } from './support-format';
import { useLocale, useNow } from './support-parts';

type Props = {
  queue: SupportQueue;
  items: readonly TAgentConversationSummary[];
  total: number;
  selectedId: string | null;
  me: string | null;
  typing: ReadonlyMap<string, number>;
  onOpen: (id: string) => void;
};

/**
 * A queue's conversations: who, the language, the last message, how long the user has waited
 * (or how long ago the last message was), unread messages and the agent. Each is a button that
 * opens the conversation; the open one is marked as current.
 */
export function InboxList({ queue, items, total, selectedId, me, typing, onOpen }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow(15_000);
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="support-queue-empty">
        {t(`admin.support.list.empty.${queue}`)}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <ul
        className="ob-inbox-list"
        aria-label={t('admin.support.list.label', { queue: t(`admin.support.queues.${queue}`) })}
      >
        {items.map((item) => {
          const isSelected = item.id === selectedId;
          const lastAt = item.lastMessageAt ?? item.createdAt;
          const duration = formatDuration(secondsSince(lastAt, now), locale);
          const isTyping = (typing.get(item.id) ?? 0) > now;
          return (
            <li key={item.id}>
              <UnstyledButton
                className="ob-inbox-item"
                data-selected={isSelected || undefined}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onOpen(item.id)}
                data-testid={`support-conversation-${item.id}`}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
                  <Text fw={item.unread > 0 ? 700 : 600} size="sm" truncate>
                    {item.who}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {item.status === 'open'
                      ? t('admin.support.list.waiting', { duration })
                      : t('admin.support.list.ago', { duration })}
                  </Text>
                </Group>
                <Text
                  size="sm"
                  c="dimmed"
                  lineClamp={2}
                  lang={item.lastMessagePreview ? LANGUAGE_BCP47[item.language] : undefined}
                >
                  {isTyping
                    ? t('admin.support.pane.typing')
                    : (item.lastMessagePreview ?? t('admin.support.list.noMessages'))}
                </Text>
                <Group gap={6} mt={4} wrap="wrap">
                  <Badge variant="light" color="gray" tt="none" size="sm" lang={LANGUAGE_BCP47[item.language]}>
                    {LANGUAGE_NATIVE_NAMES[item.language]}
                  </Badge>
                  {item.unread > 0 && (
                    <Badge color="red.9" size="sm" tt="none">
                      {t('admin.support.list.unread', { count: item.unread })}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {item.agentId === null
                      ? t('admin.support.list.unassigned')
                      : item.agentId === me
                        ? t('admin.support.list.assignedToYou')
                        : t('admin.support.list.assignedTo', { name: item.agentName ?? item.agentId })}
                  </Text>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
      {total > items.length && (
        <Text size="xs" c="dimmed" ta="center" py="xs">
          {t('admin.support.list.more', { shown: items.length, total })}
        </Text>
      )}
    </Stack>
  );
}
