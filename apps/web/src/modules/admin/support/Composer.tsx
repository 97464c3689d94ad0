import {
  ActionIcon,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Menu,
  Paper,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { LANGUAGE_NATIVE_NAMES, type Language, SUPPORT_MESSAGE_MAX_CHARS } from '@openbourse/contracts/constants';
import { IconMessageCircleBolt, IconPaperclip, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { uploadImage } from '../../../shared/upload/upload-image';
import { sendTyping, useCannedReplies } from './support.api';
import { createTypingThrottle } from './support-format';

/** What the picker offers (the server checks the content whatever the browser lets through). */
const ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';
/** One typing signal at most every 3 s (the contract's rule). */
const TYPING_INTERVAL_MS = 3000;

type Attachment =
  | { state: 'uploading'; name: string; preview: string; progress: number }
  | { state: 'ready'; name: string; preview: string; fileId: string }
  | { state: 'failed'; name: string; preview: string; error: string };

/**
 * The agent's answer box: Enter sends, Shift+Enter starts a new line (and Enter that ends an
 * input method's composition only ends it); an image attached through the upload pipeline
 * (POST /upload, then sent by its id); canned replies of the conversation's language inserted
 * where the cursor is; typing signals at most every 3 s while the agent writes.
 */
export function Composer({
  conversationId,
  language,
  onSend,
}: {
  conversationId: string;
  language: Language;
  onSend: (reply: { text: string; fileId: string | null }) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const resetFileRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);
  const shouldSignalTyping = useMemo(() => createTypingThrottle(TYPING_INTERVAL_MS), []);
  const canned = useCannedReplies(language);

  // A new conversation starts with an empty box; an upload under way for the old one stops.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversation changes.
  useEffect(() => {
    setText('');
    setAttachment(null);
    return () => abortRef.current?.abort();
  }, [conversationId]);
  // The preview's object URL is released when it changes or the box goes away.
  const preview = attachment?.preview;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const trimmed = text.trim();
  const isTooLong = text.length > SUPPORT_MESSAGE_MAX_CHARS;
  const fileId = attachment?.state === 'ready' ? attachment.fileId : null;
  const canSend = !isTooLong && attachment?.state !== 'uploading' && (trimmed !== '' || fileId !== null);

  const send = () => {
    if (!canSend) return;
    onSend({ text: trimmed, fileId });
    setText('');
    setAttachment(null);
    resetFileRef.current?.();
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const attach = async (file: File | null) => {
    if (!file) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    const preview = URL.createObjectURL(file);
    setAttachment({ state: 'uploading', name: file.name, preview, progress: 0 });
    try {
      const { id } = await uploadImage(file, {
        signal: controller.signal,
        onProgress: (progress) =>
          setAttachment((current) =>
            current?.preview === preview && current.state === 'uploading' ? { ...current, progress } : current,
          ),
      });
      setAttachment((current) =>
        current?.preview === preview ? { state: 'ready', name: file.name, preview, fileId: id } : current,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      setAttachment((current) =>
        current?.preview === preview
          ? { state: 'failed', name: file.name, preview, error: errorMessage(error) }
          : current,
      );
    }
  };

  const insert = (snippet: string) => {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${snippet}${text.slice(end)}`;
    setText(next);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  const replies = canned.data ?? [];
  return (
    <Stack gap={6} className="ob-inbox-composer">
      {attachment && (
        <Paper withBorder p={6} radius="sm">
          <Group gap="xs" wrap="nowrap">
            <Image src={attachment.preview} alt="" w={48} h={48} fit="cover" radius="sm" />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate>
                {t('admin.support.composer.attached', { name: attachment.name })}
              </Text>
              {attachment.state === 'uploading' && (
                <Progress
                  value={Math.round(attachment.progress * 100)}
                  size="sm"
                  aria-label={t('admin.support.composer.uploading', {
                    percent: Math.round(attachment.progress * 100),
                  })}
                />
              )}
              {attachment.state === 'failed' && (
                <Text size="sm" c="red.8" role="alert">
                  {attachment.error}
                </Text>
              )}
            </Stack>
            <CloseButton
              aria-label={t('admin.support.composer.removeAttachment')}
              onClick={() => {
                abortRef.current?.abort();
                setAttachment(null);
                resetFileRef.current?.();
              }}
            />
          </Group>
        </Paper>
      )}
      <Textarea
        ref={textareaRef}
        label={t('admin.support.composer.label')}
        labelProps={{ className: 'ob-visually-hidden' }}
        placeholder={t('admin.support.composer.placeholder')}
        aria-describedby={hintId}
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        error={
          isTooLong
            ? t('admin.support.composer.tooLong', { max: SUPPORT_MESSAGE_MAX_CHARS, count: text.length })
            : undefined
        }
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (event.currentTarget.value.trim() !== '' && shouldSignalTyping()) sendTyping(conversationId);
        }}
        onKeyDown={onKeyDown}
        data-testid="support-composer"
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <FileButton
            resetRef={resetFileRef}
            onChange={(file) => void attach(file)}
            accept={ACCEPT}
            inputProps={{ 'data-testid': 'support-attach-input' } as Record<string, string>}
          >
            {(props) => (
              <ActionIcon
                {...props}
                variant="default"
                size="lg"
                aria-label={t('admin.support.composer.attach')}
                title={t('admin.support.composer.attach')}
              >
                <IconPaperclip size={18} aria-hidden />
              </ActionIcon>
            )}
          </FileButton>
          <Menu position="top-start" withinPortal>
            <Menu.Target>
              <Button variant="default" size="sm" leftSection={<IconMessageCircleBolt size={16} aria-hidden />}>
                {t('admin.support.composer.canned')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
              <Menu.Label>
                {t('admin.support.composer.cannedIn', { language: LANGUAGE_NATIVE_NAMES[language] })}
              </Menu.Label>
              {canned.isPending && <Menu.Item disabled>{t('app.loading')}</Menu.Item>}
              {canned.isError && <Menu.Item disabled>{errorMessage(canned.error)}</Menu.Item>}
              {canned.isSuccess && replies.length === 0 && (
                <Menu.Item disabled>{t('admin.support.composer.cannedNone')}</Menu.Item>
              )}
              {replies.map((reply) => (
                <Menu.Item key={reply.id} onClick={() => insert(reply.text)} maw={360}>
                  <Text size="sm" fw={600}>
                    {reply.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {reply.text}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" id={hintId} visibleFrom="sm">
            {t('admin.support.composer.hint')}
          </Text>
          <Button onClick={send} disabled={!canSend} rightSection={<IconSend size={16} aria-hidden />}>
            {t('admin.support.composer.send')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
