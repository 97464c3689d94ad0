import { Anchor, Group, Image, Loader, Paper, Text } from '@mantine/core';
import type { TSupportMessage } from '@openbourse/contracts';
import { IconCheck, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { useObjectUrl } from '../../../shared/ui/use-object-url';
import { tickOf } from './inbox-state';
import { useSupportFile } from './support.api';
import { LinkifiedText } from './support-parts';

/** An attached image, read with the agent's session into a blob URL (the CSP allows blob: images). */
export function SupportImage({ fileId, alt }: { fileId: string; alt: string }) {
  const { t } = useTranslation();
  const file = useSupportFile(fileId);
  const url = useObjectUrl(file.data);
  if (file.isError) {
    return (
      <Text size="sm" c="red.8">
        {t('admin.support.pane.imageFailed')} {errorMessage(file.error)}
      </Text>
    );
  }
  if (!url) return <Loader size="sm" aria-label={t('app.loading')} />;
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('admin.support.pane.openImage', { alt })}
    >
      <Image src={url} alt={alt} maw={260} mah={260} fit="contain" radius="sm" />
    </Anchor>
  );
}

/** The delivery or read tick of an agent's message, with its word for screen readers and a tooltip. */
function Tick({ message }: { message: TSupportMessage }) {
  const { t } = useTranslation();
  const tick = tickOf(message);
  if (tick === null) return null;
  const label = t(`admin.support.pane.ticks.${tick}`);
  return (
    <span title={label} className="ob-inbox-tick" data-tick={tick} data-testid={`tick-${message.id}`}>
      {tick === 'sent' ? <IconCheck size={14} aria-hidden /> : <IconChecks size={14} aria-hidden />}
      <span className="ob-visually-hidden">{label}</span>
    </span>
  );
}

/**
 * One message of the conversation: the user's on one side, the agents' on the other, the
 * platform's (taken, transferred, closed, reopened) as a line in the middle, said in the reader's
 * language. Text is plain (links made safe anchors), pictures come from the files route.
 */
export function MessageItem({
  message,
  who,
  lang,
  time,
}: {
  message: TSupportMessage;
  /** The user's name as the inbox shows it. */
  who: string;
  /** The conversation's language (BCP 47), for the user's and agents' texts. */
  lang: string;
  time: (iso: string) => string;
}) {
  const { t } = useTranslation();
  if (message.author === 'system') {
    const event = message.systemEvent ?? 'assigned';
    return (
      <li className="ob-inbox-message" data-author="system" data-testid={`message-${message.id}`}>
        <Text size="xs" c="dimmed" ta="center">
          {t(`admin.support.pane.system.${event}`, { name: message.agentName ?? '—' })} ·{' '}
          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
        </Text>
      </li>
    );
  }
  const author = message.author === 'user' ? who : (message.agentName ?? t('admin.support.pane.agent'));
  return (
    <li className="ob-inbox-message" data-author={message.author} data-testid={`message-${message.id}`}>
      <Paper className="ob-inbox-bubble" p="xs" radius="md">
        <Text size="xs" fw={600} c="dimmed">
          {author}
        </Text>
        {message.fileId && (
          <SupportImage fileId={message.fileId} alt={t('admin.support.pane.image', { who: author })} />
        )}
        {message.text && (
          <Text size="sm" className="ob-inbox-text" lang={lang}>
            <LinkifiedText text={message.text} />
          </Text>
        )}
        <Group gap={4} justify="flex-end" mt={2}>
          <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
            {time(message.createdAt)}
          </Text>
          <Tick message={message} />
        </Group>
      </Paper>
    </li>
  );
}
