import { Anchor, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contentHref, useContentSearch, usePublicSettings } from '../../modules/content/content.api';
import { errorMessage } from '../api/errors';

/**
 * The mobile search overlay (SPEC §2). It searches what the platform has today: help,
 * notices and policies; instruments join when the market module lands.
 */
export default function SearchOverlay({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 250);
  const search = useContentSearch(query);
  const settings = usePublicSettings();
  const isQueryLongEnough = query.length >= 2;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      title={t('search.title')}
      closeButtonProps={{ 'aria-label': t('search.close') }}
      transitionProps={{ duration: 0 }}
    >
      <TextInput
        data-autofocus
        type="search"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={isQueryLongEnough ? undefined : t('search.hint')}
      />
      <div aria-live="polite" className="ob-search-results">
        {isQueryLongEnough && search.isFetching && <Loader size="sm" mt="md" aria-label={t('app.loading')} />}
        {isQueryLongEnough && search.isError && (
          <Text c="red" mt="md" role="alert">
            {errorMessage(search.error)}
          </Text>
        )}
        {isQueryLongEnough && search.data && search.data.length === 0 && (
          <Text mt="md" c="dimmed" data-testid="search-nothing-found">
            {t('search.nothingFound', { query })}
          </Text>
        )}
        {isQueryLongEnough && search.data && search.data.length > 0 && (
          <Stack gap="xs" mt="md" component="ul" className="ob-plain-list">
            <Text size="sm" c="dimmed">
              {t('search.results', { count: search.data.length })}
            </Text>
            {search.data.map((item) => (
              <li key={item.id}>
                <Anchor
                  component={Link}
                  to={
                    item.kind === 'faq'
                      ? '/help/faq'
                      : item.kind === 'notice'
                        ? '/help/notice'
                        : contentHref(item, settings.data?.aboutContentId)
                  }
                  onClick={onClose}
                >
                  {item.title}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </div>
    </Modal>
  );
}
