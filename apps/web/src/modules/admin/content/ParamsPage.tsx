import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import { ContentNav } from './ContentNav';
import { useContentParams, useSaveParam } from './content-admin.api';
import { PARAM_DESCRIPTION_MAX, PARAM_KEY_PATTERN, PARAM_VALUE_MAX, reasonOrUndefined } from './content-editor';
import { ReasonInput } from './ReasonInput';

type Param = { key: string; value: string; description: string };

/** The product constants the public site reads by key (minimum deposits, review times…). */
export function ParamsPage() {
  const { t } = useTranslation();
  const params = useContentParams();
  // null: no dialog; a param: editing it; 'new': adding one.
  const [editing, setEditing] = useState<Param | 'new' | null>(null);
  const columns = useMemo<AdminColumn<Param>[]>(
    () => [
      {
        key: 'key',
        header: t('admin.content.params.key'),
        render: (row) => <code>{row.key}</code>,
        sortValue: (row) => row.key,
      },
      {
        key: 'value',
        header: t('admin.content.params.value'),
        render: (row) => <Text style={{ overflowWrap: 'anywhere' }}>{row.value}</Text>,
        sortValue: (row) => row.value,
      },
      { key: 'description', header: t('admin.content.params.description'), render: (row) => row.description },
      {
        key: 'edit',
        header: t('admin.content.items.actions'),
        render: (row) => (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setEditing(row)}
            aria-label={t('admin.content.editNamed', { key: row.key })}
            data-testid={`content-param-${row.key}`}
          >
            {t('admin.content.edit')}
          </Button>
        ),
      },
    ],
    [t],
  );
  return (
    <AdminPage
      title={t('admin.content.params.heading')}
      description={t('admin.content.params.intro')}
      actions={<Button onClick={() => setEditing('new')}>{t('admin.content.params.new')}</Button>}
    >
      <ContentNav />
      <QueryState query={params}>
        {(data) => (
          <AdminTable
            caption={t('admin.content.params.caption')}
            columns={columns}
            rows={data}
            rowKey={(row) => row.key}
            empty={t('admin.content.params.empty')}
          />
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' ? t('admin.content.params.new') : t('admin.content.editNamed', { key: editing?.key ?? '' })
        }
        closeButtonProps={{ 'aria-label': t('app.close') }}
        centered
      >
        {editing !== null && <ParamForm param={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
    </AdminPage>
  );
}

function ParamForm({ param, onDone }: { param: Param | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveParam();
  const [key, setKey] = useState(param?.key ?? '');
  const [value, setValue] = useState(param?.value ?? '');
  const [description, setDescription] = useState(param?.description ?? '');
  const [reason, setReason] = useState('');
  const isKeyValid = PARAM_KEY_PATTERN.test(key);
  const isChanged = param === null || value !== param.value || description !== param.description;
  return (
    <Stack gap="sm">
      <TextInput
        label={t('admin.content.params.key')}
        value={key}
        onChange={(event) => setKey(event.currentTarget.value)}
        readOnly={param !== null}
        required
        error={key !== '' && !isKeyValid ? t('admin.content.params.keyInvalid') : undefined}
        data-autofocus={param === null ? true : undefined}
      />
      <Textarea
        label={t('admin.content.params.value')}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        maxLength={PARAM_VALUE_MAX}
        autosize
        minRows={1}
        data-autofocus={param !== null ? true : undefined}
      />
      <TextInput
        label={t('admin.content.params.description')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={PARAM_DESCRIPTION_MAX}
      />
      <ConfirmButton
        disabled={!isKeyValid || !isChanged}
        title={t('admin.content.params.confirmTitle', { key })}
        message={
          <>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('admin.content.from')}: {param ? param.value : t('admin.content.none')}
              <br />
              {t('admin.content.to')}: {value}
            </Text>
            {param && description !== param.description && (
              <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
                {t('admin.content.change', {
                  field: t('admin.content.params.description'),
                  from: param.description,
                  to: description,
                })}
              </Text>
            )}
            <Text size="sm" mt="xs">
              {t('admin.content.atOnce')}
            </Text>
            <ReasonInput value={reason} onChange={setReason} />
          </>
        }
        onConfirm={async () => {
          await save.mutateAsync({ key, value, description, reason: reasonOrUndefined(reason) });
          notifications.show({ color: 'green', message: t('admin.content.savedNamed', { key }) });
          onDone();
        }}
      >
        {t('admin.content.save')}
      </ConfirmButton>
    </Stack>
  );
}
