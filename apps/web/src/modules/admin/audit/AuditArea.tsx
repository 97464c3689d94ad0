import { Alert, Anchor, Box, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  type adminEndpoints,
  type EndpointResponseOf,
  LANGUAGE_BCP47,
  type Language,
} from '@openbourse/contracts/constants';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { AUDIT_PAGE_SIZE, useAuditLog } from './audit.api';
import { diffAudit, formatChanges } from './audit-diff';
import {
  AUDIT_FILTER_FIELDS,
  type AuditFilterField,
  type AuditFilters,
  auditSearch,
  invalidAuditFilters,
  NO_AUDIT_FILTERS,
  readAuditSearch,
} from './audit-filters';

type AuditEntry = EndpointResponseOf<typeof adminEndpoints.auditLog>['items'][number];

/** The audit log (#14): every operator action, newest first, filtered by action, operator and target from the URL. */
export default function AuditArea() {
  const { t, i18n } = useTranslation();
  const locale = LANGUAGE_BCP47[i18n.language as Language] ?? 'en';
  const [search, setSearch] = useSearchParams();
  const { filters, page } = readAuditSearch(search);
  const invalid = invalidAuditFilters(filters);
  const log = useAuditLog(filters, page, invalid.length === 0);
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }), [locale]);

  const columns: AdminColumn<AuditEntry>[] = [
    {
      key: 'time',
      header: t('admin.audit.columns.time'),
      render: (entry) => <time dateTime={entry.createdAt}>{time.format(new Date(entry.createdAt))}</time>,
      sortValue: (entry) => Number(entry.id),
    },
    {
      key: 'operator',
      header: t('admin.audit.columns.operator'),
      render: (entry) =>
        entry.operatorId === null
          ? t('admin.audit.system')
          : entry.operatorName
            ? t('admin.audit.operatorNamed', { name: entry.operatorName, id: entry.operatorId })
            : t('admin.audit.operatorId', { id: entry.operatorId }),
      sortValue: (entry) => entry.operatorName ?? entry.operatorId ?? '',
    },
    {
      key: 'action',
      header: t('admin.audit.columns.action'),
      render: (entry) => <Code data-testid={`audit-action-${entry.id}`}>{entry.action}</Code>,
      sortValue: (entry) => entry.action,
    },
    {
      key: 'target',
      header: t('admin.audit.columns.target'),
      render: (entry) => <Target target={entry.target} />,
      sortValue: (entry) => `${entry.target.type ?? ''}:${entry.target.id ?? ''}`,
    },
    { key: 'reason', header: t('admin.audit.columns.reason'), render: (entry) => entry.reason ?? '' },
    {
      key: 'requestId',
      header: t('admin.audit.columns.requestId'),
      render: (entry) => (entry.requestId ? <Code>{entry.requestId}</Code> : ''),
    },
    { key: 'ip', header: t('admin.audit.columns.ip'), render: (entry) => entry.ip ?? '' },
    {
      key: 'details',
      header: t('admin.audit.columns.details'),
      render: (entry) => <EntryDetails entry={entry} />,
    },
  ];

  return (
    <AdminPage title={t('admin.audit.title')} description={t('admin.audit.description')}>
      <FilterForm
        applied={filters}
        invalid={invalid}
        onApply={(next) => setSearch(auditSearch(next))}
        onClear={() => setSearch({})}
      />
      {invalid.length > 0 ? (
        <Alert color="yellow" role="alert">
          {t('admin.audit.filters.fixFirst')}
        </Alert>
      ) : (
        <QueryState query={log}>
          {(data) => (
            <AdminTable
              caption={t('admin.audit.caption')}
              columns={columns}
              rows={data.items}
              rowKey={(entry) => entry.id}
              empty={t('admin.audit.empty')}
              paging={{
                page,
                size: AUDIT_PAGE_SIZE,
                total: data.total,
                onPage: (next) => setSearch(auditSearch(filters, next)),
              }}
            />
          )}
        </QueryState>
      )}
    </AdminPage>
  );
}

/**
 * The filter fields, applied on submit. What the URL carries is shown again when it changes (a
 * link, the back button); a malformed value is named under its field, as the server would refuse it.
 */
function FilterForm({
  applied,
  invalid,
  onApply,
  onClear,
}: {
  applied: AuditFilters;
  invalid: readonly AuditFilterField[];
  onApply: (filters: AuditFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const [errors, setErrors] = useState<readonly AuditFilterField[]>(invalid);
  const { action, operator, target } = applied;
  const invalidKey = invalid.join();
  useEffect(() => {
    setDraft({ action, operator, target });
    setErrors(invalidKey ? (invalidKey.split(',') as AuditFilterField[]) : []);
  }, [action, operator, target, invalidKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = invalidAuditFilters(draft);
    setErrors(wrong);
    if (wrong.length === 0) onApply(draft);
  };
  const isEmpty = AUDIT_FILTER_FIELDS.every((field) => draft[field] === '' && applied[field] === '');

  return (
    <form onSubmit={submit} aria-label={t('admin.audit.filters.legend')} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        {AUDIT_FILTER_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(`admin.audit.filters.${field}`)}
            description={t(`admin.audit.filters.${field}Hint`)}
            placeholder={t(`admin.audit.filters.${field}Example`)}
            value={draft[field]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((current) => ({ ...current, [field]: value }));
            }}
            error={errors.includes(field) ? t(`admin.audit.filters.${field}Invalid`) : undefined}
            maxLength={field === 'operator' ? 32 : field === 'action' ? 100 : 141}
            w={{ base: '100%', sm: 240 }}
            // The hint under the field, so the three fields line up whatever its length.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            styles={{ input: { color: 'var(--mantine-color-text)' } }}
            autoComplete="off"
            spellCheck={false}
          />
        ))}
      </Group>
      <Group gap="sm" mt="sm">
        <Button type="submit">{t('admin.audit.filters.apply')}</Button>
        <Button
          type="button"
          variant="default"
          disabled={isEmpty}
          onClick={() => {
            setDraft(NO_AUDIT_FILTERS);
            setErrors([]);
            onClear();
          }}
        >
          {t('admin.audit.filters.clear')}
        </Button>
      </Group>
    </form>
  );
}

function Target({ target }: { target: AuditEntry['target'] }) {
  if (target.type === null) return null;
  const text = target.id === null ? target.type : `${target.type}:${target.id}`;
  if (target.type === 'user' && target.id !== null && /^\d+$/.test(target.id)) {
    return (
      <Anchor component={Link} to={`/admin/users/${target.id}`} size="sm">
        {text}
      </Anchor>
    );
  }
  return <>{text}</>;
}

/** A row's disclosure: the one-line summary of changed keys and the before, after and details JSON. */
function EntryDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        size="compact-sm"
        variant="subtle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={t(isOpen ? 'admin.audit.hideDetailsOf' : 'admin.audit.showDetailsOf', { id: entry.id })}
        onClick={() => setOpen((open) => !open)}
        data-testid={`audit-details-${entry.id}`}
      >
        {t(isOpen ? 'admin.audit.hideDetails' : 'admin.audit.showDetails')}
      </Button>
      <Box id={panelId} hidden={!isOpen}>
        {isOpen && (
          <Stack gap="xs" miw={260} maw={420}>
            <Text size="sm" fw={500}>
              <DiffSummary before={entry.before} after={entry.after} />
            </Text>
            <JsonBlock label={t('admin.audit.before')} value={entry.before} />
            <JsonBlock label={t('admin.audit.after')} value={entry.after} />
            <JsonBlock label={t('admin.audit.details')} value={entry.details} />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function DiffSummary({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const diff = diffAudit(before, after);
  switch (diff.kind) {
    case 'none':
      return t('admin.audit.diff.none');
    case 'after-only':
      return t('admin.audit.diff.afterOnly');
    case 'before-only':
      return t('admin.audit.diff.beforeOnly');
    case 'whole':
      return diff.isChanged ? t('admin.audit.diff.whole') : t('admin.audit.diff.same');
    case 'keys':
      return diff.changes.length === 0
        ? t('admin.audit.diff.same')
        : t('admin.audit.diff.changed', { changes: formatChanges(diff.changes) });
  }
}

/** JSON pretty-printed in a scrollable block that the keyboard can reach and scroll. */
function JsonBlock({ label, value }: { label: string; value: unknown }) {
  const { t } = useTranslation();
  const labelId = useId();
  const isAbsent = value === null || value === undefined;
  return (
    <Box>
      <Text size="xs" c="dimmed" id={labelId}>
        {label}
      </Text>
      {isAbsent ? (
        <Text size="sm">{t('admin.audit.nothing')}</Text>
      ) : (
        <Box
          component="pre"
          role="region"
          aria-labelledby={labelId}
          tabIndex={0}
          m={0}
          p="xs"
          fz="xs"
          style={{
            maxHeight: 320,
            overflow: 'auto',
            // Long values wrap inside the cell rather than widen the whole table.
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            background: 'var(--mantine-color-default-hover)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          {JSON.stringify(value, null, 2)}
        </Box>
      )}
    </Box>
  );
}
