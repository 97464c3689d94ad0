import { Anchor, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MARKET_TYPE_KEYS } from '@openbourse/contracts/constants';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { contentHref, useContentSearch, usePublicSettings } from '../content/content.api';
import { instrumentHref } from '../market/market.api';
import { InstrumentLogo } from '../market/parts';
import { searchInstruments } from '../market/search';
import { useAllMarkets } from '../market/use-all-markets';

/**
 * The mobile search overlay (SPEC §2): instruments by code and name (the five market lists,
 * fetched once and filtered here), and help, notices and policies through the content search.
 */
export default function SearchOverlay({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 250);
  const search = useContentSearch(query);
  const settings = usePublicSettings();
  const markets = useAllMarkets();
  const isQueryLongEnough = query.length >= 2;
  const instruments = useMemo(
    () => (isQueryLongEnough ? searchInstruments(markets.items, query) : []),
    [isQueryLongEnough, markets.items, query],
  );
  const pages = isQueryLongEnough ? (search.data ?? []) : [];
  const isSearching = isQueryLongEnough && (search.isFetching || markets.isPending);
  const isNothingFound =
    isQueryLongEnough && !isSearching && instruments.length === 0 && search.data !== undefined && pages.length === 0;

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
        {isSearching && <Loader size="sm" mt="md" aria-label={t('app.loading')} />}
        {isQueryLongEnough && search.isError && (
          <Text c="red" mt="md" role="alert">
            {errorMessage(search.error)}
          </Text>
        )}
        {isQueryLongEnough && markets.isError && instruments.length === 0 && (
          <Text c="red" mt="md" role="alert">
            {errorMessage(markets.error)}
          </Text>
        )}
        {isNothingFound && (
          <Text mt="md" c="dimmed" data-testid="search-nothing-found">
            {t('search.nothingFound', { query })}
          </Text>
        )}
        {isQueryLongEnough && !isSearching && instruments.length + pages.length > 0 && (
          <Text size="sm" c="dimmed" mt="md">
            {t('search.results', { count: instruments.length + pages.length })}
          </Text>
        )}
        {instruments.length > 0 && (
          <section aria-labelledby="search-instruments">
            <Text fw={700} size="sm" mt="md" mb="xs" component="h3" id="search-instruments">
              {t('search.instruments')}
            </Text>
            <Stack gap="xs" component="ul" className="ob-plain-list">
              {instruments.map((item) => (
                <li key={item.code}>
                  <Anchor
                    component={Link}
                    to={instrumentHref(item)}
                    onClick={onClose}
                    data-testid={`search-result-${item.code}`}
                    className="ob-search-instrument"
                  >
                    <Group gap="sm" wrap="nowrap" component="span">
                      <InstrumentLogo item={item} size={24} />
                      <span>
                        <span className="ob-market-app-name">{item.appName}</span>{' '}
                        <Text component="span" size="xs" c="gray.7" className="ob-amount">
                          {item.code} · {t(`market.types.${MARKET_TYPE_KEYS[item.type]}`)}
                        </Text>
                      </span>
                    </Group>
                  </Anchor>
                </li>
              ))}
            </Stack>
          </section>
        )}
        {isQueryLongEnough && pages.length > 0 && (
          <section aria-labelledby="search-pages">
            <Text fw={700} size="sm" mt="md" mb="xs" component="h3" id="search-pages">
              {t('search.pages')}
            </Text>
            <Stack gap="xs" component="ul" className="ob-plain-list">
              {pages.map((item) => (
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
          </section>
        )}
      </div>
    </Modal>
  );
}
