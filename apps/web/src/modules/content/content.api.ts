import type { TContentSummary } from '@openbourse/contracts';
import { contentEndpoints } from '@openbourse/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../shared/api/client';

// Content answers depend on the language, so it is part of every key.
function useLanguageKey(): string {
  return useTranslation().i18n.language;
}

export function useFooterPages() {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'pages', language],
    queryFn: ({ signal }) => callApi(contentEndpoints.listContents, { params: { type: '2' }, signal }),
    staleTime: 60_000,
  });
}

export function useContentById(id: string | null) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'id', id, language],
    queryFn: ({ signal }) => callApi(contentEndpoints.getContentsById, { params: { id: id ?? '' }, signal }),
    enabled: id !== null && id !== '',
    retry: false,
  });
}

export function useContentBySlug(slug: string) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'slug', slug, language],
    queryFn: ({ signal }) => callApi(contentEndpoints.getContentBySlug, { params: { slug }, signal }),
    retry: false,
  });
}

export function useHelpItems(kind: 'faq' | 'notice') {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'help', kind, language],
    queryFn: ({ signal }) => callApi(contentEndpoints.listHelp, { query: { kind }, signal }),
  });
}

export function useContentSearch(query: string) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'search', query, language],
    queryFn: ({ signal }) => callApi(contentEndpoints.searchContents, { query: { q: query }, signal }),
    enabled: query.trim().length >= 2,
    staleTime: 30_000,
  });
}

export function useCustomContents() {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'custom', language],
    queryFn: ({ signal }) => callApi(contentEndpoints.getCustomContents, { signal }),
    staleTime: 60_000,
  });
}

export function useSocialLinks() {
  return useQuery({
    queryKey: ['content', 'links'],
    queryFn: ({ signal }) => callApi(contentEndpoints.links, { signal }),
    staleTime: 300_000,
  });
}

export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => callApi(contentEndpoints.settingsPublic, { signal }),
    staleTime: 300_000,
  });
}

export function useCustomerServiceFooter() {
  return useQuery({
    queryKey: ['customer-service', 'footer'],
    queryFn: () => callApi(contentEndpoints.customerServiceFooter, {}),
    staleTime: 300_000,
  });
}

/** Where a content item opens: the configured about item → /about, others → /detail. */
export function contentHref(
  item: Pick<TContentSummary, 'id' | 'title'>,
  aboutContentId: number | null | undefined,
): string {
  const title = encodeURIComponent(item.title);
  return item.id === aboutContentId ? `/about?title=${title}` : `/detail?id=${item.id}&title=${title}`;
}
