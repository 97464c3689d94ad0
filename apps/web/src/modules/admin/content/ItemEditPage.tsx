import { Anchor, Badge, Button, Divider, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { TAdminContentItemDetail } from '@openbourse/contracts';
import { isLanguage, type Language } from '@openbourse/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { ContentNav } from './ContentNav';
import { useContentItem } from './content-admin.api';
import { isDraftChanged, languageChoices, publicPath, savedText, type TextDraft } from './content-editor';
import { ItemSettingsForm } from './ItemSettingsForm';
import { TranslationEditor } from './TranslationEditor';
import { useDateTime } from './use-date-time';

/** One content item: its fields, and its text in each of the ten languages with a live preview. */
export function ItemEditPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const item = useContentItem(id);
  const title = item.data
    ? t('admin.content.item.heading', { title: item.data.title || item.data.slug })
    : t('admin.content.item.headingLoading');
  return (
    <AdminPage
      title={title}
      actions={
        <Button component={Link} to="/admin/content" variant="default">
          {t('admin.content.item.back')}
        </Button>
      }
    >
      <ContentNav />
      <QueryState query={item}>{(data) => <ItemEditor key={data.id} item={data} />}</QueryState>
    </AdminPage>
  );
}

function ItemEditor({ item }: { item: TAdminContentItemDetail }) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('lang');
  const lang: Language = isLanguage(requested) ? requested : 'en';
  const choices = languageChoices(item.languages);
  // Unsaved edits per language, kept while another language is open.
  const [drafts, setDrafts] = useState<Partial<Record<Language, TextDraft>>>({});
  const hasUnsaved = (code: Language) => {
    const draft = drafts[code];
    return draft !== undefined && isDraftChanged(savedText(item, code), draft);
  };
  const setDraft = (draft: TextDraft | null) =>
    setDrafts((current) => {
      const next = { ...current };
      if (draft === null) delete next[lang];
      else next[lang] = draft;
      return next;
    });
  const chooseLanguage = (next: string) => {
    const params = new URLSearchParams(search);
    params.set('lang', next);
    setSearch(params, { replace: true });
  };

  return (
    <Stack gap="lg">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          {t('admin.content.item.kind')}: <strong>{t(`admin.content.kinds.${item.kind}`)}</strong>
        </Text>
        <Text size="sm">
          {t('admin.content.item.slug')}: <code>{item.slug}</code>
        </Text>
        <Text size="sm">
          {t('admin.content.item.updated')}: {formatDate(item.updatedAt)}
        </Text>
        {item.isPublished && (
          <Anchor href={publicPath(item)} target="_blank" rel="noopener" size="sm">
            {t('admin.content.item.openPublic')}
          </Anchor>
        )}
      </Group>
      <ItemSettingsForm key={`${item.type}:${item.sortOrder}:${item.isPublished}`} item={item} />
      <Divider />
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('admin.content.item.texts')}
        </Title>
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label={t('admin.content.item.language')}
            value={lang}
            onChange={(event) => chooseLanguage(event.currentTarget.value)}
            data={choices.map((choice) => ({
              value: choice.lang,
              label: [
                `${choice.nativeName} (${choice.lang}) — ${
                  choice.hasText ? t('admin.content.item.hasText') : t('admin.content.item.noText')
                }`,
                ...(hasUnsaved(choice.lang) ? [t('admin.content.item.unsaved')] : []),
              ].join(' · '),
            }))}
            w={320}
            data-testid="content-language"
          />
          <Group gap={4} pb={6}>
            <Text size="xs" c="dimmed">
              {t('admin.content.item.translatedInto')}
            </Text>
            {item.languages.map((code) => (
              <Badge key={code} size="xs" variant="light">
                {code}
              </Badge>
            ))}
          </Group>
        </Group>
      </Stack>
      <TranslationEditor key={lang} item={item} lang={lang} draft={drafts[lang]} onDraft={setDraft} />
    </Stack>
  );
}
