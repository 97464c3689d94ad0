import { Anchor, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { TCannedReply } from '@openbourse/contracts';
import {
  isLanguage,
  LANGUAGE_BCP47,
  LANGUAGE_NATIVE_NAMES,
  LANGUAGES,
  type Language,
  SUPPORT_CANNED_TEXT_MAX_CHARS,
  SUPPORT_CANNED_TITLE_MAX_CHARS,
} from '@openbourse/contracts/constants';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import { useDateTime } from '../users/use-date-time';
import { type CannedReplyInput, useCannedReplies, useCannedReplyChange } from './support.api';

const LANGUAGE_CHOICES = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NATIVE_NAMES[language] }));

type Draft = { id: string | null; language: Language; title: string; text: string };

/** A draft's problems, as keys of the texts (or null when it may be saved). */
export function draftProblems(draft: Pick<Draft, 'title' | 'text'>): { title?: string; text?: string } {
  const problems: { title?: string; text?: string } = {};
  const title = draft.title.trim();
  const text = draft.text.trim();
  if (title === '') problems.title = 'required';
  else if (title.length > SUPPORT_CANNED_TITLE_MAX_CHARS) problems.title = 'tooLong';
  if (text === '') problems.text = 'required';
  else if (text.length > SUPPORT_CANNED_TEXT_MAX_CHARS) problems.text = 'tooLong';
  return problems;
}

/** The form of a new or changed canned reply, in a dialog. */
function ReplyForm({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useCannedReplyChange();
  const [value, setValue] = useState(draft);
  const [isSubmitted, setSubmitted] = useState(false);
  const problems = isSubmitted ? draftProblems(value) : {};
  const problemText = (problem: string | undefined, max: number) =>
    problem === undefined
      ? undefined
      : problem === 'required'
        ? t('admin.support.canned.required')
        : t('admin.support.canned.tooLong', { max });
  const save = () => {
    setSubmitted(true);
    const found = draftProblems(value);
    if (found.title || found.text) return;
    const reply: CannedReplyInput = { language: value.language, title: value.title.trim(), text: value.text.trim() };
    change.mutate(draft.id === null ? { action: 'create', reply } : { action: 'update', id: draft.id, reply }, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('admin.support.canned.saved'), autoClose: 3000 });
        onClose();
      },
    });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      noValidate
    >
      <Stack>
        <Select
          label={t('admin.support.canned.language')}
          data={LANGUAGE_CHOICES}
          value={value.language}
          onChange={(next) => isLanguage(next) && setValue({ ...value, language: next })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('admin.support.canned.fieldTitle')}
          value={value.title}
          onChange={(event) => setValue({ ...value, title: event.currentTarget.value })}
          error={problemText(problems.title, SUPPORT_CANNED_TITLE_MAX_CHARS)}
          maxLength={SUPPORT_CANNED_TITLE_MAX_CHARS}
          lang={LANGUAGE_BCP47[value.language]}
          required
          data-autofocus
        />
        <Textarea
          label={t('admin.support.canned.fieldText')}
          value={value.text}
          onChange={(event) => setValue({ ...value, text: event.currentTarget.value })}
          error={problemText(problems.text, SUPPORT_CANNED_TEXT_MAX_CHARS)}
          autosize
          minRows={4}
          maxRows={12}
          lang={LANGUAGE_BCP47[value.language]}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            {t('admin.shell.confirm.cancel')}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t('admin.support.canned.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The canned replies (issue 20): per language, added, changed and removed here, offered to the
 * agents in the answer box of a conversation in that language.
 */
export function CannedRepliesPage() {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('language');
  const language: Language = isLanguage(asked) ? asked : isLanguage(i18n.language) ? i18n.language : 'en';
  const replies = useCannedReplies(language);
  const change = useCannedReplyChange();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  const edit = (next: Draft) => {
    setDraft(next);
    open();
  };
  const languageName = LANGUAGE_NATIVE_NAMES[language];
  const columns: ReadonlyArray<AdminColumn<TCannedReply>> = [
    {
      key: 'title',
      header: t('admin.support.canned.columns.title'),
      render: (reply) => (
        <Text size="sm" fw={600} lang={LANGUAGE_BCP47[reply.language]}>
          {reply.title}
        </Text>
      ),
      sortValue: (reply) => reply.title,
    },
    {
      key: 'text',
      header: t('admin.support.canned.columns.text'),
      render: (reply) => (
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }} lang={LANGUAGE_BCP47[reply.language]}>
          {reply.text}
        </Text>
      ),
    },
    {
      key: 'updated',
      header: t('admin.support.canned.columns.updated'),
      render: (reply) => dateTime(reply.updatedAt),
      sortValue: (reply) => reply.updatedAt,
    },
    {
      key: 'actions',
      header: t('admin.support.canned.columns.actions'),
      render: (reply) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            aria-label={t('admin.support.canned.editNamed', { title: reply.title })}
            onClick={() => edit({ id: reply.id, language: reply.language, title: reply.title, text: reply.text })}
          >
            {t('admin.support.canned.edit')}
          </Button>
          <ConfirmButton
            size="compact-sm"
            variant="light"
            color="red"
            confirmColor="red.8"
            aria-label={t('admin.support.canned.deleteNamed', { title: reply.title })}
            title={t('admin.support.canned.deleteTitle')}
            message={t('admin.support.canned.deleteMessage', { title: reply.title })}
            confirmLabel={t('admin.support.canned.delete')}
            onConfirm={async () => {
              await change.mutateAsync({ action: 'delete', id: reply.id });
              notifications.show({ color: 'green', message: t('admin.support.canned.deleted'), autoClose: 3000 });
            }}
          >
            {t('admin.support.canned.delete')}
          </ConfirmButton>
        </Group>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('admin.support.canned.title')}
      description={t('admin.support.canned.description')}
      actions={
        <Anchor component={Link} to="/admin/support" size="sm">
          {t('admin.support.canned.back')}
        </Anchor>
      }
    >
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label={t('admin.support.canned.language')}
          data={LANGUAGE_CHOICES}
          value={language}
          onChange={(next) => isLanguage(next) && setSearch({ language: next })}
          allowDeselect={false}
          w={220}
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => edit({ id: null, language, title: '', text: '' })}
        >
          {t('admin.support.canned.add')}
        </Button>
      </Group>
      <QueryState query={replies}>
        {(items) => (
          <AdminTable
            caption={t('admin.support.canned.caption', { language: languageName })}
            columns={columns}
            rows={items}
            rowKey={(reply) => reply.id}
            empty={t('admin.support.canned.empty')}
          />
        )}
      </QueryState>
      <Modal
        opened={opened}
        onClose={close}
        title={draft?.id ? t('admin.support.canned.formEdit') : t('admin.support.canned.formNew')}
        centered
        size="lg"
      >
        {draft && <ReplyForm key={draft.id ?? 'new'} draft={draft} onClose={close} />}
      </Modal>
    </AdminPage>
  );
}
