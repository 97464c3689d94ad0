import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { ContentKind, TAdminContentItem } from '@openbourse/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ContentNav } from './ContentNav';
import { ITEMS_PAGE_SIZE, useContentItems } from './content-admin.api';
import { KIND_FILTERS } from './content-editor';
import { useDateTime } from './use-date-time';

function kindFrom(value: string | null): ContentKind | null {
  return KIND_FILTERS.find((kind) => kind === value) ?? null;
}

export const itemPath = (id: string) => `/admin/content/items/${id}`;

/** Every content item (pages of types 1–3, FAQ entries, notices), published or not, filtered by kind. */
export function ItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDate = useDateTime();
  const [search, setSearch] = useSearchParams();
  const kind = kindFrom(search.get('kind'));
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const items = useContentItems(kind, page);

  const setFilter = (next: Record<string, string | null>) => {
    const params = new URLSearchParams(search);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '') params.delete(key);
      else params.set(key, value);
    }
    setSearch(params, { replace: true });
  };

  const columns = useMemo<AdminColumn<TAdminContentItem>[]>(
    () => [
      { key: 'id', header: t('admin.content.items.id'), render: (row) => row.id, sortValue: (row) => Number(row.id) },
      {
        key: 'kind',
        header: t('admin.content.items.kind'),
        render: (row) => t(`admin.content.kinds.${row.kind}`),
        sortValue: (row) => row.kind,
      },
      {
        key: 'type',
        header: t('admin.content.items.type'),
        render: (row) => t(`admin.content.types.${row.type}`),
        sortValue: (row) => row.type,
      },
      {
        key: 'title',
        header: t('admin.content.items.title'),
        render: (row) => (
          <Stack gap={0}>
            <Anchor
              component={Link}
              to={itemPath(row.id)}
              onClick={(event) => event.stopPropagation()}
              data-testid={`content-item-${row.slug}`}
            >
              {row.title || row.slug}
            </Anchor>
            <Text size="xs" c="dimmed" ff="monospace">
              {row.slug}
            </Text>
          </Stack>
        ),
        sortValue: (row) => row.title,
      },
      {
        key: 'languages',
        header: t('admin.content.items.languages'),
        render: (row) => (
          <Group gap={4}>
            {row.languages.map((lang) => (
              <Badge key={lang} size="xs" variant="light">
                {lang}
              </Badge>
            ))}
          </Group>
        ),
        sortValue: (row) => row.languages.length,
      },
      {
        key: 'published',
        header: t('admin.content.items.published'),
        render: (row) => (
          <Text size="sm" fw={row.isPublished ? 400 : 600} fs={row.isPublished ? undefined : 'italic'}>
            {row.isPublished ? t('admin.content.items.isPublished') : t('admin.content.items.isHidden')}
          </Text>
        ),
        sortValue: (row) => (row.isPublished ? 1 : 0),
      },
      {
        key: 'order',
        header: t('admin.content.items.order'),
        render: (row) => row.sortOrder,
        sortValue: (row) => row.sortOrder,
        numeric: true,
      },
      {
        key: 'updated',
        header: t('admin.content.items.updated'),
        render: (row) => formatDate(row.updatedAt),
        sortValue: (row) => row.updatedAt,
      },
      {
        key: 'edit',
        header: t('admin.content.items.actions'),
        render: (row) => (
          <Button
            component={Link}
            to={itemPath(row.id)}
            size="compact-sm"
            variant="default"
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
            aria-label={t('admin.content.items.editNamed', { title: row.title || row.slug })}
          >
            {t('admin.content.items.edit')}
          </Button>
        ),
      },
    ],
    [t, formatDate],
  );

  return (
    <AdminPage
      title={t('admin.content.title')}
      description={t('admin.content.items.description')}
      actions={
        <Button component={Link} to="/admin/content/items/new">
          {t('admin.content.items.new')}
        </Button>
      }
    >
      <ContentNav />
      <NativeSelect
        label={t('admin.content.items.filter')}
        value={kind ?? ''}
        onChange={(event) => setFilter({ kind: event.currentTarget.value, page: null })}
        data={[
          { value: '', label: t('admin.content.items.allKinds') },
          ...KIND_FILTERS.map((value) => ({ value, label: t(`admin.content.kinds.${value}`) })),
        ]}
        w={240}
      />
      <QueryState query={items}>
        {(data) => (
          <AdminTable
            caption={t('admin.content.items.caption')}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.id}
            empty={t('admin.content.items.empty')}
            paging={{
              page,
              size: ITEMS_PAGE_SIZE,
              total: data.total,
              onPage: (next) => setFilter({ page: next === 1 ? null : String(next) }),
            }}
            onRowClick={(row) => navigate(itemPath(row.id))}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
