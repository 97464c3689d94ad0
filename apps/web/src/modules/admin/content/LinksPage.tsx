import { Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminPage } from '../ui/AdminPage';
import { ConfirmButton } from '../ui/ConfirmButton';
import { ContentNav } from './ContentNav';
import { useLinks, useSaveLink } from './content-admin.api';
import { LINK_MAX, LINK_ORDER, type LinkType, linkProblem, reasonOrUndefined } from './content-editor';
import { ReasonInput } from './ReasonInput';

/** The community links the public footer shows (Discord, Twitter, Telegram), each saved on its own. */
export function LinksPage() {
  const { t } = useTranslation();
  const links = useLinks();
  return (
    <AdminPage title={t('admin.content.links.heading')} description={t('admin.content.links.description')}>
      <ContentNav />
      <QueryState query={links}>
        {(data) => (
          <Stack gap="lg" maw={720}>
            {LINK_ORDER.map((type) => {
              const url = data.find((link) => link.type === type)?.url ?? '';
              return <LinkRow key={`${type}:${url}`} type={type} url={url} />;
            })}
          </Stack>
        )}
      </QueryState>
    </AdminPage>
  );
}

function LinkRow({ type, url }: { type: LinkType; url: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(url);
  const [reason, setReason] = useState('');
  const save = useSaveLink();
  const name = t(`admin.content.links.names.${type}`);
  const problem = linkProblem(value);
  const isChanged = value.trim() !== url;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <TextInput
        label={t('admin.content.links.label', { name })}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        type="url"
        inputMode="url"
        maxLength={LINK_MAX}
        placeholder="https://"
        error={isChanged && problem ? t(`admin.content.links.problems.${problem}`) : undefined}
        style={{ flex: 1 }}
        data-testid={`content-link-${type}`}
      />
      <ConfirmButton
        mt={25}
        disabled={!isChanged || problem !== null}
        aria-label={t('admin.content.links.saveNamed', { name })}
        title={t('admin.content.links.confirmTitle', { name })}
        message={
          <>
            <Text size="sm">{t('admin.content.links.confirmMessage', { name })}</Text>
            <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
              {t('admin.content.from')}: {url || t('admin.content.none')}
              <br />
              {t('admin.content.to')}: {value.trim()}
            </Text>
            <ReasonInput value={reason} onChange={setReason} />
          </>
        }
        onConfirm={async () => {
          await save.mutateAsync({ type, url: value.trim(), reason: reasonOrUndefined(reason) });
          notifications.show({ color: 'green', message: t('admin.content.links.saved', { name }) });
        }}
      >
        {t('admin.content.save')}
      </ConfirmButton>
    </Group>
  );
}
