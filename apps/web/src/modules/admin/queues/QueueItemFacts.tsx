import { ActionIcon, Alert, Group, Image, Loader, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { isLanguage, LANGUAGE_BCP47 } from '@openbourse/contracts/constants';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/errors';
import { useCopy } from '../../../shared/ui/use-copy';
import { useObjectUrl } from '../../../shared/ui/use-object-url';
import { useSession } from '../../identity/session';
import { itemFacts, kycPhotoLabels } from './queue-details';
import type { QueueItem } from './queue-rules';
import { readQueueFile } from './queues.api';

/** Copies a hash or an address; says, to everyone, whether the copy worked. */
function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const { outcome, copy } = useCopy(value, 3000);
  const copyLabel = t('admin.queues.details.copy', { label });
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={copyLabel}>
        <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={copyLabel}>
          {outcome === 'copied' ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <Text size="xs" role="status" aria-live="polite" c={outcome === 'failed' ? 'red' : 'teal'}>
        {outcome === 'copied'
          ? t('admin.queues.details.copied')
          : outcome === 'failed'
            ? t('admin.queues.details.copyFailed')
            : ''}
      </Text>
    </Group>
  );
}

/** Facts whose values are codes with words in the reader's language (`admin.queues.details.values.<key>`). */
const TRANSLATED_VALUE_KEYS: ReadonlySet<string> = new Set(['documentType', 'sex', 'loanKind', 'verification']);

/**
 * A fact's value as the reader reads it: an identity verification's and a loan's codes (#17) in
 * words (the document type, sex, loan kind and verification in the reader's language, a country by its name, a time in their format);
 * anything else as sent.
 */
function useFactValue(): (key: string, value: string) => string {
  const { t, i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? LANGUAGE_BCP47[i18n.language] : 'en';
  return useMemo(() => {
    let regions: Intl.DisplayNames | null = null;
    try {
      regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    } catch {
      regions = null;
    }
    const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (key: string, value: string) => {
      if (TRANSLATED_VALUE_KEYS.has(key) && i18n.exists(`admin.queues.details.values.${key}.${value}`)) {
        return t(`admin.queues.details.values.${key}.${value}`);
      }
      if (key === 'country' && /^[A-Z]{2}$/.test(value)) return `${regions?.of(value) ?? value} (${value})`;
      if (key === 'purgedAt' && !Number.isNaN(Date.parse(value))) return time.format(new Date(value));
      return value;
    };
  }, [t, i18n, locale]);
}

/** The facts the item's kind chose for the operator (a deposit's network, hash, sender…). */
export function ItemFactsList({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const facts = itemFacts(item);
  const factValue = useFactValue();
  if (facts.length === 0) return null;
  return (
    <Stack gap={6} component="section" aria-labelledby={`item-details-${item.id}`}>
      <Title order={3} size="h5" id={`item-details-${item.id}`}>
        {t('admin.queues.details.title')}
      </Title>
      <Stack component="dl" gap={6} m={0} data-testid="queue-item-details">
        {facts.map((fact) => {
          const label = fact.known ? t(`admin.queues.details.keys.${fact.key}`) : fact.key;
          return (
            <Group key={fact.key} gap="xs" align="flex-start" wrap="nowrap">
              <Text component="dt" size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
                {label}
              </Text>
              <Group component="dd" gap="xs" m={0} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                <Text
                  size="sm"
                  ff={fact.code ? 'monospace' : undefined}
                  style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  data-testid={`queue-item-detail-${fact.key}`}
                >
                  {factValue(fact.key, fact.value)}
                </Text>
                {fact.code && <CopyValue value={fact.value} label={label} />}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** One uploaded file, read with the operator's session (each read is audit-logged by the server). */
function ProofImage({
  fileId,
  index,
  count,
  label,
}: {
  fileId: string;
  index: number;
  count: number;
  /** What the file shows (an identity verification's front, back, hand-held photo or signature). */
  label?: string;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const file = useQuery({
    queryKey: ['admin', 'upload', token, fileId],
    queryFn: () => readQueueFile(fileId),
    enabled: token !== null,
    // Each read is a row in the audit log: read a file once while the drawer is open.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useObjectUrl(file.data);
  const alt = label
    ? t('admin.queues.proof.kycAlt', { label, id: fileId })
    : t('admin.queues.proof.alt', { index: index + 1, count, id: fileId });

  if (file.isError) {
    return (
      <Alert color="red" title={t('admin.queues.proof.error')} role="alert" data-testid={`proof-error-${fileId}`}>
        {errorMessage(file.error)}
      </Alert>
    );
  }
  if (!url) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('admin.queues.proof.loading')}</Text>
      </Group>
    );
  }
  const image = (
    <Image
      src={url}
      alt={alt}
      fit="contain"
      mah={label ? 320 : 480}
      radius="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
      data-testid={`proof-image-${fileId}`}
    />
  );
  if (!label) return image;
  return (
    <Stack component="figure" gap={4} m={0}>
      {image}
      <Text component="figcaption" size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The files the item holds (a deposit claim's proof), with the note that viewing them is recorded. */
export function ItemFiles({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  const fileIds = item.fileIds ?? [];
  if (fileIds.length === 0) return null;
  // An identity verification's photos side by side, each named (#17), to compare face and document.
  const kycLabels = item.kind === 'kyc' ? kycPhotoLabels(fileIds.length) : null;
  if (kycLabels) {
    return (
      <Stack gap="xs" component="section" aria-labelledby={`item-files-${item.id}`}>
        <Title order={3} size="h5" id={`item-files-${item.id}`}>
          {t('admin.queues.proof.kycTitle')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('admin.queues.proof.audited')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="kyc-photos">
          {fileIds.map((fileId, index) => (
            <ProofImage
              key={fileId}
              fileId={fileId}
              index={index}
              count={fileIds.length}
              label={t(`admin.queues.proof.kyc.${kycLabels[index] ?? 'front'}`)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby={`item-files-${item.id}`}>
      <Title order={3} size="h5" id={`item-files-${item.id}`}>
        {t('admin.queues.proof.title', { count: fileIds.length })}
      </Title>
      <Text size="xs" c="dimmed">
        {t('admin.queues.proof.audited')}
      </Text>
      {fileIds.map((fileId, index) => (
        <ProofImage key={fileId} fileId={fileId} index={index} count={fileIds.length} />
      ))}
    </Stack>
  );
}
