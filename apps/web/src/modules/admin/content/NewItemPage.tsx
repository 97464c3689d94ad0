import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ContentKind } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmButton } from '../ui/ConfirmButton';
import { ContentNav } from './ContentNav';
import { useCreateItem } from './content-admin.api';
import { KIND_FILTERS, reasonOrUndefined, SLUG_PATTERN, TITLE_MAX } from './content-editor';
import { type ItemPlacement, ItemPlacementFields } from './ItemPlacementFields';
import { itemPath } from './ItemsPage';
import { MarkdownPreview } from './MarkdownPreview';
import { ReasonInput } from './ReasonInput';
import { RefusalAlert } from './RefusalAlert';

/** A new content item with its English text (required); the other languages are added on its page. */
export function NewItemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateItem();
  const [slug, setSlug] = useState('');
  const [kind, setKind] = useState<ContentKind>('faq');
  const [placement, setPlacement] = useState<ItemPlacement>({ type: 3, sortOrder: 0, isPublished: true });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [reason, setReason] = useState('');

  const isSlugValid = SLUG_PATTERN.test(slug);
  const canCreate = isSlugValid && title.trim() !== '';
  const kindName = t(`admin.content.kinds.${kind}`);
  const { isPublished } = placement;

  const confirm = async () => {
    try {
      const item = await create.mutateAsync({
        slug,
        kind,
        ...placement,
        translations: [{ lang: 'en', title: title.trim(), body }],
        reason: reasonOrUndefined(reason),
      });
      notifications.show({ color: 'green', message: t('admin.content.create.created', { title: item.title }) });
      navigate(itemPath(item.id));
    } catch {
      // Refused: the server's message shows beside the form; nothing was created.
    }
  };

  return (
    <AdminPage
      title={t('admin.content.create.heading')}
      description={t('admin.content.create.description')}
      actions={
        <Button component={Link} to="/admin/content" variant="default">
          {t('admin.content.item.back')}
        </Button>
      }
    >
      <ContentNav />
      <Group align="flex-start" gap="md" wrap="wrap">
        <TextInput
          label={t('admin.content.create.slug')}
          description={t('admin.content.create.slugHint')}
          value={slug}
          onChange={(event) => setSlug(event.currentTarget.value)}
          error={slug !== '' && !isSlugValid ? t('admin.content.create.slugInvalid') : undefined}
          required
          w={260}
        />
        <NativeSelect
          label={t('admin.content.item.kind')}
          value={kind}
          onChange={(event) => setKind(KIND_FILTERS.find((k) => k === event.currentTarget.value) ?? 'faq')}
          data={KIND_FILTERS.map((value) => ({ value, label: t(`admin.content.kinds.${value}`) }))}
          w={180}
        />
        <ItemPlacementFields value={placement} onChange={setPlacement} publishedOffset={{ mt: 32 }} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('admin.content.create.englishFirst')}
          </Text>
          <TextInput
            label={t('admin.content.editor.titleLabel')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={TITLE_MAX}
            required
            lang="en"
          />
          <Textarea
            label={t('admin.content.editor.bodyLabel')}
            description={t('admin.content.editor.bodyHint')}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            autosize
            minRows={12}
            maxRows={30}
            lang="en"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          {create.isError && (
            <RefusalAlert
              error={create.error}
              fieldLabels={{
                'body.slug': t('admin.content.create.slug'),
                'body.translations.0.title': t('admin.content.editor.titleLabel'),
                'body.translations.0.body': t('admin.content.editor.bodyLabel'),
              }}
            />
          )}
          <Group>
            <ConfirmButton
              disabled={!canCreate}
              title={t('admin.content.create.confirmTitle', { kind: kindName })}
              message={
                <>
                  <Text size="sm">
                    {t(isPublished ? 'admin.content.create.confirmPublished' : 'admin.content.create.confirmHidden', {
                      kind: kindName,
                      title: title.trim(),
                    })}
                  </Text>
                  <ReasonInput value={reason} onChange={setReason} />
                </>
              }
              confirmLabel={t('admin.content.create.submit')}
              onConfirm={confirm}
            >
              {t('admin.content.create.submit')}
            </ConfirmButton>
          </Group>
        </Stack>
        <MarkdownPreview title={title} markdown={body} lang="en" />
      </SimpleGrid>
    </AdminPage>
  );
}
