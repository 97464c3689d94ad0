import { Group, Loader, Modal, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MARKET_TYPE_KEYS } from '@openbourse/contracts/constants';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import './search.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { contentHref, useContentSearch, usePublicSettings } from '../content/content.api';
import { instrumentHref } from '../market/market.api';
import { InstrumentLogo } from '../market/parts';
import { searchInstruments } from '../market/search';
import { useAllMarkets } from '../market/use-all-markets';

/** One entry of the results, instrument or page, as the keyboard walks them. */
type Option = { key: string; href: string };

/**
 * The search overlay (SPEC §2; on desktop too since issue 16): instruments by code, base asset
 * and name (the five market lists, fetched once and ranked here as the reader types), and help,
 * notices and policies through the content search. The field is a combobox over one listbox of
 * results: arrow keys move through them, Enter opens the active one (the first by default),
 * Escape closes. Full screen on a phone, a dialog near the top on desktop.
 */
export default function SearchOverlay({
  opened,
  onClose,
  fullScreen = true,
}: {
  opened: boolean;
  onClose: () => void;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = useId();
  const listboxId = `${ids}-results`;
  const [text, setText] = useState('');
  const trimmed = text.trim();
  // The instruments are ranked from memory at each key; only the server's content search waits.
  const [query] = useDebouncedValue(trimmed, 250);
  const search = useContentSearch(query);
  const settings = usePublicSettings();
  const markets = useAllMarkets();
  const isTextLongEnough = trimmed.length >= 2;
  const isQueryLongEnough = query.length >= 2;
  const instruments = useMemo(
    () => (isTextLongEnough ? searchInstruments(markets.items, trimmed) : []),
    [isTextLongEnough, markets.items, trimmed],
  );
  const pages = isQueryLongEnough && query === trimmed ? (search.data ?? []) : [];
  const isSearching = isTextLongEnough && (search.isFetching || markets.isPending || query !== trimmed);
  const isNothingFound =
    isTextLongEnough && !isSearching && instruments.length === 0 && search.data !== undefined && pages.length === 0;

  const pageHref = (item: (typeof pages)[number]) =>
    item.kind === 'faq'
      ? '/help/faq'
      : item.kind === 'notice'
        ? '/help/notice'
        : contentHref(item, settings.data?.aboutContentId);
  const options: Option[] = [
    ...instruments.map((item) => ({ key: `instrument-${item.code}`, href: instrumentHref(item) })),
    ...pages.map((item) => ({ key: `page-${item.id}`, href: pageHref(item) })),
  ];
  const [active, setActive] = useState(0);
  // New words, new results: the first is active again (results arriving later for the same
  // words, such as help pages, keep the reader's place).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the words change
  useEffect(() => setActive(0), [trimmed]);
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (key: string) => `${ids}-${key}`;
  const activeOption = options[activeIndex];

  const open = (option: Option | undefined) => {
    if (!option) return;
    onClose();
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((activeIndex + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((activeIndex - 1 + options.length) % options.length);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActive(options.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(activeOption);
    }
  };

  // Scrolls the active result into view as the arrow keys move.
  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(optionId(activeOption.key))?.scrollIntoView({ block: 'nearest' });
  });

  const optionProps = (option: Option, index: number) => ({
    id: optionId(option.key),
    role: 'option' as const,
    'aria-selected': index === activeIndex,
    'data-active': index === activeIndex || undefined,
    className: 'ob-search-option',
    // The field keeps the focus; a click opens the result.
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
    onMouseMove: () => {
      if (index !== activeIndex) setActive(index);
    },
    onClick: () => open(option),
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={fullScreen}
      size="lg"
      yOffset="8vh"
      title={t('search.title')}
      closeButtonProps={{ 'aria-label': t('search.close') }}
      transitionProps={{ duration: 0 }}
      data-testid="search-dialog"
    >
      <TextInput
        data-autofocus
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? optionId(activeOption.key) : undefined}
        autoComplete="off"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        description={isTextLongEnough ? t('search.keys') : t('search.hint')}
        data-testid="search-input"
      />
      <div aria-live="polite" className="ob-search-status">
        {isSearching && <Loader size="sm" mt="md" aria-label={t('app.loading')} />}
        {isQueryLongEnough && search.isError && (
          <Text c="red" mt="md" role="alert">
            {errorMessage(search.error)}
          </Text>
        )}
        {isTextLongEnough && markets.isError && instruments.length === 0 && (
          <Text c="red" mt="md" role="alert">
            {errorMessage(markets.error)}
          </Text>
        )}
        {isNothingFound && (
          <Text mt="md" c="dimmed" data-testid="search-nothing-found">
            {t('search.nothingFound', { query: trimmed })}
          </Text>
        )}
        {isTextLongEnough && options.length > 0 && (
          <Text size="sm" c="dimmed" mt="md">
            {t('search.results', { count: options.length })}
          </Text>
        )}
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-label={t('search.resultsLabel')}
        className="ob-search-results"
        data-testid="search-results"
      >
        {instruments.length > 0 && (
          <OptionGroup labelledBy={`${ids}-instruments`}>
            <Text fw={700} size="sm" mt="md" mb="xs" id={`${ids}-instruments`} role="presentation">
              {t('search.instruments')}
            </Text>
            {instruments.map((item, index) => {
              const option = options[index] as Option;
              return (
                <div key={item.code} {...optionProps(option, index)} data-testid={`search-result-${item.code}`}>
                  <Group gap="sm" wrap="nowrap" component="span">
                    <InstrumentLogo item={item} size={24} />
                    <span>
                      <span className="ob-market-app-name">{item.appName}</span>{' '}
                      <Text component="span" size="xs" c="dimmed" className="ob-amount">
                        {item.code} · {t(`market.types.${MARKET_TYPE_KEYS[item.type]}`)}
                      </Text>
                    </span>
                  </Group>
                </div>
              );
            })}
          </OptionGroup>
        )}
        {pages.length > 0 && (
          <OptionGroup labelledBy={`${ids}-pages`}>
            <Text fw={700} size="sm" mt="md" mb="xs" id={`${ids}-pages`} role="presentation">
              {t('search.pages')}
            </Text>
            {pages.map((item, index) => {
              const position = instruments.length + index;
              const option = options[position] as Option;
              return (
                <div key={item.id} {...optionProps(option, position)} data-testid={`search-page-${item.id}`}>
                  {item.title}
                </div>
              );
            })}
          </OptionGroup>
        )}
      </div>
    </Modal>
  );
}

/** A group of options in the listbox, named by its heading (the WAI-ARIA combobox pattern). */
function OptionGroup({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox; a fieldset groups form controls
    <div role="group" aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
