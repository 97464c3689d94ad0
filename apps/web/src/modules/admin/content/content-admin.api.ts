import { useDebouncedValue } from '@mantine/hooks';
import type { ContentKind, Language, TAdminContentItemDetail } from '@openbourse/contracts';
import { type EndpointInputOf, contentAdminEndpoints as endpoints } from '@openbourse/contracts/constants';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client';

/** The content editor's calls (#14). Every change also drops the public site's cached content reads. */

export const ITEMS_PAGE_SIZE = 50;
/** How long the editor waits after the last keystroke before asking the server for a preview. */
export const PREVIEW_DEBOUNCE_MS = 300;

const KEY = ['admin', 'content'] as const;

function afterContentChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [...KEY, 'items'] });
  // The public pages' reads (FAQ, notices, pages, links) are keyed under 'content'.
  void queryClient.invalidateQueries({ queryKey: ['content'] });
}

export function useContentItems(kind: ContentKind | null, page: number) {
  return useQuery({
    queryKey: [...KEY, 'items', kind, page],
    queryFn: ({ signal }) =>
      callApi(endpoints.items, { query: { kind: kind ?? undefined, page, size: ITEMS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContentItem(id: string) {
  return useQuery({
    queryKey: [...KEY, 'item', id],
    queryFn: ({ signal }) => callApi(endpoints.item, { params: { id }, signal }),
  });
}

function useItemMutation<Input>(run: (input: Input) => Promise<TAdminContentItemDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (item) => {
      queryClient.setQueryData([...KEY, 'item', item.id], item);
      afterContentChange(queryClient);
    },
  });
}

type CreateBody = EndpointInputOf<typeof endpoints.createItem>['body'];
type UpdateBody = EndpointInputOf<typeof endpoints.updateItem>['body'];

export function useCreateItem() {
  return useItemMutation((body: CreateBody) => callApi(endpoints.createItem, { body }));
}

export function useUpdateItem(id: string) {
  return useItemMutation((body: UpdateBody) => callApi(endpoints.updateItem, { params: { id }, body }));
}

export function useSaveTranslation(id: string) {
  return useItemMutation(
    ({ lang, title, body, reason }: { lang: Language; title: string; body: string; reason?: string }) =>
      callApi(endpoints.saveTranslation, { params: { id, lang }, body: { title, body, reason } }),
  );
}

export function useDeleteTranslation(id: string) {
  return useItemMutation(({ lang, reason }: { lang: Language; reason?: string }) =>
    callApi(endpoints.deleteTranslation, { params: { id, lang }, query: { reason } }),
  );
}

/**
 * The server's rendering of the Markdown being typed (the public pages' sanitiser), asked for
 * once typing pauses; the last preview stays on screen while the next one comes.
 */
export function usePreview(markdown: string) {
  const [settled] = useDebouncedValue(markdown, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: [...KEY, 'preview', settled],
    queryFn: ({ signal }) => callApi(endpoints.preview, { body: { markdown: settled }, signal }),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { query, isBehind: settled !== markdown || query.isFetching };
}

export function useLinks() {
  return useQuery({
    queryKey: [...KEY, 'links'],
    queryFn: ({ signal }) => callApi(endpoints.links, { signal }),
  });
}

export function useSaveLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, url, reason }: { type: 'discord' | 'twitter' | 'telegram'; url: string; reason?: string }) =>
      callApi(endpoints.saveLink, { params: { type }, body: { url, reason } }),
    onSuccess: (links) => {
      queryClient.setQueryData([...KEY, 'links'], links);
      afterContentChange(queryClient);
    },
  });
}

export function useContentParams() {
  return useQuery({
    queryKey: [...KEY, 'params'],
    queryFn: ({ signal }) => callApi(endpoints.params, { signal }),
  });
}

export function useSaveParam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: { key: string; value: string; description?: string; reason?: string }) =>
      callApi(endpoints.saveParam, { params: { key }, body }),
    onSuccess: (params) => {
      queryClient.setQueryData([...KEY, 'params'], params);
      afterContentChange(queryClient);
    },
  });
}

export function useContentSettings() {
  return useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: ({ signal }) => callApi(endpoints.settings, { signal }),
  });
}

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      key,
      ...body
    }: {
      key: string;
      value: string | number | boolean;
      isPublic: boolean;
      reason?: string;
    }) => callApi(endpoints.saveSetting, { params: { key }, body }),
    onSuccess: (settings) => {
      queryClient.setQueryData([...KEY, 'settings'], settings);
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
      afterContentChange(queryClient);
    },
  });
}
