import { Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { KYC_DOCUMENT_TYPES, type KycDocumentType, kycNeedsBack } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '../../shared/upload/ImageUploadField';
import { useProblemText } from './kyc-format';
import type { FieldProblems, KycDraft, KycField } from './kyc-logic';

/** KYC photos are drawn again at most this long on their longest side: a document stays legible. */
export const KYC_PHOTO_MAX_SIDE = 1600;

export type PhotoField = 'frontFileId' | 'backFileId' | 'handheldFileId';

type Props = {
  draft: KycDraft;
  problems: FieldProblems;
  onChange: <F extends KycField>(field: F, value: KycDraft[F]) => void;
  /** The file behind each uploaded photo, kept for the review step's preview. */
  onPicked: (field: PhotoField, file: File | null) => void;
  disabled?: boolean;
};

/** Step 2: the document's type, its photos and one of the user holding it. */
export function DocumentStep({ draft, problems, onChange, onPicked, disabled }: Props) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const type = draft.documentType === '' ? null : (draft.documentType as KycDocumentType);
  const needsBack = type === null || kycNeedsBack(type);
  const photo = (field: PhotoField, testId: string) => ({
    value: draft[field],
    onChange: (id: string | null) => onChange(field, id),
    onPicked: (file: File | null) => onPicked(field, file),
    error: problemText(problems[field]),
    required: true,
    disabled,
    maxSide: KYC_PHOTO_MAX_SIDE,
    reencode: true,
    description: t('kyc.flow.fields.photoHint'),
    'data-testid': testId,
  });

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('kyc.flow.fields.documentType')}
        value={draft.documentType}
        onChange={(value) => onChange('documentType', value as KycDraft['documentType'])}
        error={problemText(problems.documentType)}
        required
        data-testid="kyc-document-type"
      >
        <Stack gap={8} mt={6}>
          {KYC_DOCUMENT_TYPES.map((documentType) => (
            <Radio
              key={documentType}
              value={documentType}
              label={t(`kyc.flow.fields.documentTypes.${documentType}`)}
              disabled={disabled}
              aria-invalid={problems.documentType ? true : undefined}
            />
          ))}
        </Stack>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ImageUploadField
          label={type === 'passport' ? t('kyc.flow.fields.frontPassport') : t('kyc.flow.fields.front')}
          {...photo('frontFileId', 'kyc-front')}
        />
        {needsBack ? (
          <ImageUploadField label={t('kyc.flow.fields.back')} {...photo('backFileId', 'kyc-back')} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="kyc-passport-no-back">
            {t('kyc.flow.fields.passportNoBack')}
          </Text>
        )}
      </SimpleGrid>
      <ImageUploadField
        label={t('kyc.flow.fields.handheld')}
        {...photo('handheldFileId', 'kyc-handheld')}
        description={`${t('kyc.flow.fields.handheldHint')} ${t('kyc.flow.fields.photoHint')}`}
      />
    </Stack>
  );
}
