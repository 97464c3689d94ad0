import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminContentItemDetail } from '@openbourse/contracts';
import { LANGUAGE_BCP47, type Language } from '@openbourse/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { ConfirmButton } from '../ui/ConfirmButton';
import { useDeleteTranslation, useSaveTranslation } from './content-admin.api';
import {
  BODY_MAX,
  isDraftChanged,
  languageName,
  reasonOrUndefined,
  savedText,
  type TextDraft,
  TITLE_MAX,
  textAttributes,
} from './content-editor';
import { MarkdownPreview } from './MarkdownPreview';
import { ReasonInput } from './ReasonInput';
import { RefusalAlert } from './RefusalAlert';

/**
 * One language's text of an item: title and Markdown beside the server's live preview. Saving
 * publishes at once, so it asks first; a refusal is shown beside the editor and the draft stays.
 * The parent keeps the drafts (null: none, the stored text shows), so switching languages loses
 * no unsaved edit; it keys this editor by language.
 */
export function TranslationEditor({
  item,
  lang,
  draft,
  onDraft,
}: {
  item: TAdminContentItemDetail;
  lang: Language;
  draft: TextDraft | undefined;
  onDraft: (draft: TextDraft | null) => void;
}) {
  const { t } = useTranslation();
  const saved = savedText(item, lang);
  const english = savedText(item, 'en');
  const { title, body } = draft ?? saved ?? { title: '', body: '' };
  const [reason, setReason] = useState('');
  const save = useSaveTranslation(item.id);
  const remove = useDeleteTranslation(item.id);
  const [lastAction, setLastAction] = useState<'save' | 'remove' | null>(null);
  const failed = lastAction === 'save' ? save.error : lastAction === 'remove' ? remove.error : null;

  const text = textAttributes(lang);
  const language = languageName(lang, currentLanguage());
  const readerLocale = LANGUAGE_BCP47[currentLanguage()];
  const isChanged = isDraftChanged(saved, { title, body });
  const shownTitle = title.trim() || saved?.title || english?.title || item.slug;
  const fieldLabels = {
    'body.title': t('admin.content.editor.titleLabel'),
    'body.body': t('admin.content.editor.bodyLabel'),
  };

  const edit = (next: { title?: string; body?: string }) => {
    onDraft({ title, body, ...next });
    setLastAction(null);
  };

  const publish = async () => {
    setLastAction('save');
    try {
      await save.mutateAsync({ lang, title: title.trim(), body, reason: reasonOrUndefined(reason) });
      onDraft(null);
      notifications.show({ color: 'green', message: t('admin.content.editor.saved', { language }) });
    } catch {
      // Refused: the dialog closes and the server's message shows beside the editor; the draft stays.
    }
  };

  const deleteText = async () => {
    setLastAction('remove');
    try {
      await remove.mutateAsync({ lang, reason: reasonOrUndefined(reason) });
      onDraft(null);
      notifications.show({ color: 'green', message: t('admin.content.editor.deleted', { language }) });
    } catch {
      // Shown beside the editor.
    }
  };

  return (
    <Stack gap="md">
      {!saved && (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('admin.content.editor.noText', { language })}
          </Text>
          {english && lang !== 'en' && title === '' && body === '' && (
            <Button size="compact-sm" variant="default" onClick={() => edit(english)}>
              {t('admin.content.editor.copyEnglish')}
            </Button>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            label={t('admin.content.editor.titleLabel')}
            value={title}
            onChange={(event) => edit({ title: event.currentTarget.value })}
            maxLength={TITLE_MAX}
            required
            lang={text.lang}
            dir={text.dir}
            attributes={{ input: { dir: text.dir } }}
          />
          <Textarea
            label={t('admin.content.editor.bodyLabel')}
            description={t('admin.content.editor.bodyHint')}
            value={body}
            onChange={(event) => edit({ body: event.currentTarget.value })}
            autosize
            minRows={14}
            maxRows={32}
            lang={text.lang}
            dir={text.dir}
            attributes={{ input: { dir: text.dir } }}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            error={
              body.length > BODY_MAX
                ? t('admin.content.editor.tooLong', { max: BODY_MAX.toLocaleString(readerLocale) })
                : undefined
            }
          />
          <Text size="xs" c="dimmed">
            {t('admin.content.editor.count', {
              length: body.length.toLocaleString(readerLocale),
              max: BODY_MAX.toLocaleString(readerLocale),
            })}
          </Text>
          {failed !== null && <RefusalAlert error={failed} fieldLabels={fieldLabels} />}
          <Group gap="sm">
            <ConfirmButton
              disabled={!isChanged || title.trim() === ''}
              title={t('admin.content.editor.publishTitle', { language })}
              message={
                <>
                  <Text size="sm">{t('admin.content.editor.publishMessage', { language, title: shownTitle })}</Text>
                  <ReasonInput value={reason} onChange={setReason} />
                </>
              }
              confirmLabel={t('admin.content.editor.publish')}
              onConfirm={publish}
            >
              {t('admin.content.editor.save')}
            </ConfirmButton>
            <Button
              variant="default"
              disabled={!isChanged}
              onClick={() => {
                onDraft(null);
                setLastAction(null);
              }}
            >
              {t('admin.content.editor.discard')}
            </Button>
            {lang !== 'en' && saved && (
              <ConfirmButton
                color="red"
                variant="light"
                title={t('admin.content.editor.deleteTitle', { language })}
                message={
                  <>
                    <Text size="sm">{t('admin.content.editor.deleteMessage', { language, title: saved.title })}</Text>
                    <ReasonInput value={reason} onChange={setReason} />
                  </>
                }
                confirmLabel={t('admin.content.editor.deleteConfirm')}
                onConfirm={deleteText}
              >
                {t('admin.content.editor.delete')}
              </ConfirmButton>
            )}
          </Group>
          {lang === 'en' && (
            <Text size="xs" c="dimmed">
              {t('admin.content.editor.englishStays')}
            </Text>
          )}
        </Stack>
        <MarkdownPreview title={title} markdown={body} lang={lang} />
      </SimpleGrid>
    </Stack>
  );
}
