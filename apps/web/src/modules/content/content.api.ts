import type { TContentDetail, TContentSummary, TPublicSettings } from '@openbourse/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/client';

// Content answers depend on the language, so it is part of every key.
function useLanguageKey(): string {
  return useTranslation().i18n.language;
}

export function useFooterPages() {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'pages', language],
    queryFn: ({ signal }) => api.get<TContentSummary[]>('/index/listContents/2', undefined, signal),
    staleTime: 60_000,
  });
}

export function useContentById(id: string | null) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'id', id, language],
    queryFn: ({ signal }) =>
      api.get<TContentDetail>(`/index/getContentsById/${encodeURIComponent(id ?? '')}`, undefined, signal),
    enabled: id !== null && id !== '',
    retry: false,
  });
}

export function useContentBySlug(slug: string) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'slug', slug, language],
    queryFn: ({ signal }) => api.get<TContentDetail>(`/index/getContentBySlug/${slug}`, undefined, signal),
    retry: false,
  });
}

export function useHelpItems(kind: 'faq' | 'notice') {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'help', kind, language],
    queryFn: ({ signal }) => api.get<TContentDetail[]>('/index/listHelp', { kind }, signal),
  });
}

export function useContentSearch(query: string) {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'search', query, language],
    queryFn: ({ signal }) => api.get<TContentSummary[]>('/index/searchContents', { q: query }, signal),
    enabled: query.trim().length >= 2,
    staleTime: 30_000,
  });
}

export function useCustomContents() {
  const language = useLanguageKey();
  return useQuery({
    queryKey: ['content', 'custom', language],
    queryFn: ({ signal }) =>
      api.get<Array<{ key: string; content: string }>>('/index/getCustomContents', undefined, signal),
    staleTime: 60_000,
  });
}

export function useSocialLinks() {
  return useQuery({
    queryKey: ['content', 'links'],
    queryFn: ({ signal }) =>
      api.get<Array<{ type: 'discord' | 'twitter' | 'telegram'; url: string }>>('/index/links', undefined, signal),
    staleTime: 300_000,
  });
}

export function usePublicSettings() {
  return useQuery({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => api.get<TPublicSettings>('/settings/public', undefined, signal),
    staleTime: 300_000,
  });
}

export function useCustomerServiceFooter() {
  return useQuery({
    queryKey: ['customer-service', 'footer'],
    queryFn: () => api.post<{ onlineService: boolean; email: string | null }>('/customer-service/footer'),
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
