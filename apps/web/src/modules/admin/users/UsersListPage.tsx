import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TAdminUserItem } from '@openbourse/contracts';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { useDateTime } from './use-date-time';
import { StatusBadge, useLevelLabel, useRolesText } from './user-badges';
import { pageFromParam, searchText } from './user-rules';
import { USERS_PAGE_SIZE, useUserSearch } from './users.api';

/** Where the user page's back link returns to: the list as it was (search and page). */
export type UserPageState = { listSearch?: string };

/** The users list (#14): a search by id, user name, e-mail prefix or wallet address, paged by the server. */
export function UsersListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageFromParam(params.get('page'));
  const [draft, setDraft] = useState(q);
  const users = useUserSearch(q, page);
  const formatDate = useDateTime();
  const levelText = useLevelLabel();
  const rolesText = useRolesText();

  const show = (next: { q: string; page: number }) => {
    const query = new URLSearchParams();
    if (next.q) query.set('q', next.q);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = searchText(draft);
    setDraft(text);
    show({ q: text, page: 1 });
  };
  const state: UserPageState = { listSearch: search };
  const open = (user: TAdminUserItem) => void navigate(`/admin/users/${user.id}`, { state });

  const columns: ReadonlyArray<AdminColumn<TAdminUserItem>> = [
    { key: 'id', header: t('admin.users.columns.id'), render: (user) => user.id, sortValue: (user) => Number(user.id) },
    {
      key: 'userName',
      header: t('admin.users.columns.userName'),
      render: (user) => (
        <Anchor
          component={Link}
          to={`/admin/users/${user.id}`}
          state={state}
          data-testid={`admin-user-link-${user.id}`}
          // The row opens the page too; the link is the keyboard's way in, and must not open it twice.
          onClick={(event) => event.stopPropagation()}
        >
          {user.userName}
        </Anchor>
      ),
      sortValue: (user) => user.userName.toLowerCase(),
    },
    {
      key: 'email',
      header: t('admin.users.columns.email'),
      render: (user) => user.email ?? '—',
      sortValue: (user) => user.email ?? '',
    },
    {
      key: 'status',
      header: t('admin.users.columns.status'),
      render: (user) => <StatusBadge status={user.status} />,
      sortValue: (user) => user.status,
    },
    {
      key: 'level',
      header: t('admin.users.columns.level'),
      render: (user) => levelText(user.level),
      sortValue: (user) => user.level,
    },
    { key: 'roles', header: t('admin.users.columns.roles'), render: (user) => rolesText(user.roles) },
    {
      key: 'online',
      header: t('admin.users.columns.online'),
      render: (user) => (user.isOnline ? t('admin.users.yes') : t('admin.users.no')),
      sortValue: (user) => (user.isOnline ? 1 : 0),
    },
    {
      key: 'registered',
      header: t('admin.users.columns.registered'),
      render: (user) => formatDate(user.createdAt),
      sortValue: (user) => user.createdAt,
    },
  ];

  return (
    <AdminPage title={t('admin.users.title')} description={t('admin.users.description')}>
      <Stack gap="md">
        <form onSubmit={submit}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('admin.users.search.label')}
              description={t('admin.users.search.hint')}
              value={draft}
              maxLength={200}
              onChange={(event) => setDraft(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              w={{ base: '100%', sm: 420 }}
            />
            <Button type="submit">{t('admin.users.search.submit')}</Button>
            {q !== '' && (
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft('');
                  show({ q: '', page: 1 });
                }}
              >
                {t('admin.users.search.clear')}
              </Button>
            )}
          </Group>
        </form>
        <QueryState query={users}>
          {(data) => (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {q
                  ? t('admin.users.foundFor', { count: data.total, q })
                  : t('admin.users.found', { count: data.total })}
              </Text>
              <AdminTable
                caption={t('admin.users.tableCaption')}
                columns={columns}
                rows={data.items}
                rowKey={(user) => user.id}
                empty={t('admin.users.empty')}
                paging={{
                  page,
                  size: USERS_PAGE_SIZE,
                  total: data.total,
                  onPage: (next) => show({ q, page: next }),
                }}
                onRowClick={open}
              />
            </>
          )}
        </QueryState>
      </Stack>
    </AdminPage>
  );
}
