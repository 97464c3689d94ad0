import { Badge, Button, Checkbox, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import { ContentNav } from './ContentNav';
import { useContentSettings, useSaveSetting } from './content-admin.api';
import {
  FIXED_SETTING_KEYS,
  parseSettingValue,
  reasonOrUndefined,
  SETTING_KEY_PATTERN,
  SETTING_TEXT_MAX,
  type SettingValue,
  type SettingValueKind,
  settingValueKind,
  settingValueText,
} from './content-editor';
import { ReasonInput } from './ReasonInput';
import { useDateTime } from './use-date-time';

type Setting = { key: string; value: SettingValue | null; isPublic: boolean; updatedAt: string };
const VALUE_KINDS: readonly SettingValueKind[] = ['text', 'number', 'boolean'];

/** The operator's settings; public ones are what the public site reads by key. */
export function SettingsPage() {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const settings = useContentSettings();
  const [editing, setEditing] = useState<Setting | 'new' | null>(null);
  const shown = useCallback(
    (value: SettingValue | null) =>
      value === null
        ? t('admin.content.none')
        : typeof value === 'boolean'
          ? value
            ? t('admin.content.yes')
            : t('admin.content.no')
          : String(value),
    [t],
  );
  const columns = useMemo<AdminColumn<Setting>[]>(
    () => [
      {
        key: 'key',
        header: t('admin.content.settings.key'),
        render: (row) => <code>{row.key}</code>,
        sortValue: (row) => row.key,
      },
      {
        key: 'value',
        header: t('admin.content.settings.value'),
        render: (row) => <Text style={{ overflowWrap: 'anywhere' }}>{shown(row.value)}</Text>,
        sortValue: (row) => settingValueText(row.value),
      },
      {
        key: 'public',
        header: t('admin.content.settings.public'),
        render: (row) => (row.isPublic ? t('admin.content.yes') : t('admin.content.no')),
        sortValue: (row) => (row.isPublic ? 1 : 0),
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
        render: (row) =>
          FIXED_SETTING_KEYS.includes(row.key) ? (
            <Badge variant="outline" color="gray" size="sm" tt="none">
              {t('admin.content.settings.fixed')}
            </Badge>
          ) : (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => setEditing(row)}
              aria-label={t('admin.content.editNamed', { key: row.key })}
              data-testid={`content-setting-${row.key}`}
            >
              {t('admin.content.edit')}
            </Button>
          ),
      },
    ],
    [t, formatDate, shown],
  );
  return (
    <AdminPage
      title={t('admin.content.settings.heading')}
      description={t('admin.content.settings.intro')}
      actions={<Button onClick={() => setEditing('new')}>{t('admin.content.settings.new')}</Button>}
    >
      <ContentNav />
      <QueryState query={settings}>
        {(data) => (
          <AdminTable
            caption={t('admin.content.settings.caption')}
            columns={columns}
            rows={data}
            rowKey={(row) => row.key}
            empty={t('admin.content.settings.empty')}
          />
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new'
            ? t('admin.content.settings.new')
            : t('admin.content.editNamed', { key: editing?.key ?? '' })
        }
        closeButtonProps={{ 'aria-label': t('app.close') }}
        centered
      >
        {editing !== null && (
          <SettingForm setting={editing === 'new' ? null : editing} shown={shown} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </AdminPage>
  );
}

function SettingForm({
  setting,
  shown,
  onDone,
}: {
  setting: Setting | null;
  shown: (value: SettingValue | null) => string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const [key, setKey] = useState(setting?.key ?? '');
  const [kind, setKind] = useState<SettingValueKind>(settingValueKind(setting?.value ?? null));
  const [text, setText] = useState(settingValueText(setting?.value ?? null) || (kind === 'boolean' ? 'false' : ''));
  const [isPublic, setPublic] = useState(setting?.isPublic ?? false);
  const [reason, setReason] = useState('');
  const value = parseSettingValue(kind, text);
  const isKeyValid = SETTING_KEY_PATTERN.test(key) && !FIXED_SETTING_KEYS.includes(key);
  const isChanged = setting === null || value !== setting.value || isPublic !== setting.isPublic;

  const changeKind = (next: SettingValueKind) => {
    setKind(next);
    if (next === 'boolean') setText(text === 'true' ? 'true' : 'false');
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('admin.content.settings.key')}
        value={key}
        onChange={(event) => setKey(event.currentTarget.value)}
        readOnly={setting !== null}
        required
        error={key !== '' && !isKeyValid ? t('admin.content.settings.keyInvalid') : undefined}
        data-autofocus={setting === null ? true : undefined}
      />
      <NativeSelect
        label={t('admin.content.settings.kind')}
        value={kind}
        onChange={(event) => changeKind(VALUE_KINDS.find((k) => k === event.currentTarget.value) ?? 'text')}
        data={VALUE_KINDS.map((k) => ({ value: k, label: t(`admin.content.settings.kinds.${k}`) }))}
      />
      {kind === 'boolean' ? (
        <Checkbox
          label={t('admin.content.settings.value')}
          checked={text === 'true'}
          onChange={(event) => setText(event.currentTarget.checked ? 'true' : 'false')}
        />
      ) : (
        <Textarea
          label={t('admin.content.settings.value')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={SETTING_TEXT_MAX}
          autosize
          minRows={1}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          error={value === null && text !== '' ? t('admin.content.settings.notNumber') : undefined}
          data-autofocus={setting !== null ? true : undefined}
        />
      )}
      <Checkbox
        label={t('admin.content.settings.publicLabel')}
        checked={isPublic}
        onChange={(event) => setPublic(event.currentTarget.checked)}
      />
      <ConfirmButton
        disabled={!isKeyValid || value === null || !isChanged}
        title={t('admin.content.settings.confirmTitle', { key })}
        message={
          <>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('admin.content.from')}: {setting ? shown(setting.value) : t('admin.content.none')}
              <br />
              {t('admin.content.to')}: {shown(value)}
            </Text>
            {setting !== null && isPublic !== setting.isPublic && (
              <Text size="sm" mt="xs">
                {t('admin.content.change', {
                  field: t('admin.content.settings.public'),
                  from: setting.isPublic ? t('admin.content.yes') : t('admin.content.no'),
                  to: isPublic ? t('admin.content.yes') : t('admin.content.no'),
                })}
              </Text>
            )}
            <ReasonInput value={reason} onChange={setReason} />
          </>
        }
        onConfirm={async () => {
          if (value === null) return;
          await save.mutateAsync({ key, value, isPublic, reason: reasonOrUndefined(reason) });
          notifications.show({ color: 'green', message: t('admin.content.savedNamed', { key }) });
          onDone();
        }}
      >
        {t('admin.content.save')}
      </ConfirmButton>
    </Stack>
  );
}
