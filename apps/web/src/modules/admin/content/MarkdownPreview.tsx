import { Alert, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import type { Language } from '@openbourse/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { usePreview } from './content-admin.api';
import { textAttributes } from './content-editor';

/**
 * What the public page will show for this text: the HTML comes from the server's preview, which
 * renders and sanitises Markdown exactly as the public pages are served (scripts, event handlers
 * and javascript: links removed), and is inserted as the public page inserts it. What was typed
 * is never inserted as HTML. The title is a level-3 heading here: the page's h1 is the editor's.
 */
export function MarkdownPreview({ title, markdown, lang }: { title: string; markdown: string; lang: Language }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { query, isBehind } = usePreview(markdown);
  const attributes = textAttributes(lang);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('admin.content.preview.heading')}
      </Title>
      <Text size="xs" c="dimmed" role="status" aria-live="polite" mih={18}>
        {isBehind ? t('admin.content.preview.updating') : ''}
      </Text>
      {query.data && !query.data.isSafe && (
        <Alert color="yellow" title={t('admin.content.preview.unsafeTitle')}>
          {t('admin.content.preview.unsafeBody')}
        </Alert>
      )}
      {query.isError && (
        <Alert color="red" title={t('admin.content.preview.failed')}>
          {errorMessage(query.error)}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" lang={attributes.lang} dir={attributes.dir} data-testid="content-preview">
        <article>
          <Title order={3} mb="sm" className="ob-page-title">
            {title.trim() === '' ? t('admin.content.preview.noTitle') : title}
          </Title>
          {query.data && (
            <Typography>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering, as on the public page */}
              <div className="ob-content" dangerouslySetInnerHTML={{ __html: query.data.html }} />
            </Typography>
          )}
        </article>
      </Paper>
    </Stack>
  );
}
