import { Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type KycDocumentType, kycNeedsBack } from '@openbourse/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../shared/ui/use-object-url';
import type { PhotoField } from './DocumentStep';
import { isolateLtr, useCalendarDay, useCountryName } from './kyc-format';
import { type KycDraft, type KycStep, normalisePhone } from './kyc-logic';

/** A preview with its name under it (the name alone: "Photo: Photo of you…" read oddly on screen). */
function Thumbnail({
  blob,
  alt,
  caption = alt,
  testId,
}: {
  blob: Blob | null | undefined;
  alt: string;
  caption?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const url = useObjectUrl(blob);
  return (
    <Stack gap={4}>
      {url ? (
        <Image src={url} alt={alt} h={120} fit="contain" radius="sm" data-testid={testId} />
      ) : (
        // The photo was uploaded in an earlier visit of the step whose file is no longer at hand.
        <Text size="sm">{t('kyc.flow.review.uploaded')}</Text>
      )}
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Stack>
  );
}

function Section({
  title,
  onEdit,
  children,
  disabled,
}: {
  title: string;
  onEdit: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={4} size="h5">
          {title}
        </Title>
        <Button
          variant="subtle"
          size="xs"
          onClick={onEdit}
          disabled={disabled}
          aria-label={t('kyc.flow.nav.editSection', { section: title })}
        >
          {t('kyc.flow.nav.edit')}
        </Button>
      </Group>
      {children}
    </Card>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

type Props = {
  draft: KycDraft;
  files: Partial<Record<PhotoField, File>>;
  signature: Blob | null;
  onEdit: (step: KycStep) => void;
  disabled?: boolean;
};

/** Step 4: everything the submission sends, each part with a way back to change it. */
export function ReviewStep({ draft, files, signature, onEdit, disabled }: Props) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const day = useCalendarDay();
  const notGiven = t('kyc.flow.review.notGiven');
  const type = draft.documentType === '' ? null : (draft.documentType as KycDocumentType);
  const photos: Array<{ field: PhotoField; label: string }> = [
    {
      field: 'frontFileId',
      label: type === 'passport' ? t('kyc.flow.fields.frontPassport') : t('kyc.flow.fields.front'),
    },
    ...(type === null || kycNeedsBack(type)
      ? [{ field: 'backFileId' as const, label: t('kyc.flow.fields.back') }]
      : []),
    { field: 'handheldFileId', label: t('kyc.flow.fields.handheld') },
  ];

  return (
    <Stack gap="md" data-testid="kyc-review">
      <Section title={t('kyc.flow.steps.personal')} onEdit={() => onEdit('personal')} disabled={disabled}>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" m={0}>
          <Row label={t('kyc.flow.fields.firstName')} value={draft.firstName.trim() || notGiven} />
          <Row label={t('kyc.flow.fields.lastName')} value={draft.lastName.trim() || notGiven} />
          <Row
            label={t('kyc.flow.fields.sex')}
            value={draft.sex ? t(`kyc.flow.fields.sexes.${draft.sex}`) : notGiven}
          />
          <Row
            label={t('kyc.flow.fields.birthdate')}
            value={draft.birthdate ? day(draft.birthdate) : notGiven}
            testId="kyc-review-birthdate"
          />
          <Row label={t('kyc.flow.fields.country')} value={draft.country ? countryName(draft.country) : notGiven} />
          <Row
            label={t('kyc.flow.fields.phone')}
            value={draft.phone ? isolateLtr(`${draft.areaCode} ${normalisePhone(draft.phone)}`) : notGiven}
          />
          <Row label={t('kyc.flow.fields.address')} value={draft.address.trim() || notGiven} />
        </SimpleGrid>
      </Section>
      <Section title={t('kyc.flow.steps.document')} onEdit={() => onEdit('document')} disabled={disabled}>
        <Stack gap="sm">
          <dl style={{ margin: 0 }}>
            <Row
              label={t('kyc.flow.fields.documentType')}
              value={type ? t(`kyc.flow.fields.documentTypes.${type}`) : notGiven}
            />
          </dl>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {photos.map(({ field, label }) => (
              <Thumbnail
                key={field}
                blob={files[field]}
                alt={t('kyc.flow.review.photoOf', { name: label })}
                caption={label}
                testId={`kyc-review-${field}`}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Section>
      <Section title={t('kyc.flow.steps.signature')} onEdit={() => onEdit('signature')} disabled={disabled}>
        <Thumbnail blob={signature} alt={t('kyc.flow.signature.preview')} testId="kyc-review-signature" />
      </Section>
    </Stack>
  );
}
