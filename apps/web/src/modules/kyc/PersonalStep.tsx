import { Group, NativeSelect, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { KYC_SEXES } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useAreaCodeOptions, useCountryOptions, useProblemText } from './kyc-format';
import {
  type CalendarDay,
  EARLIEST_BIRTH_YEAR,
  type FieldProblems,
  type KycDraft,
  type KycField,
  latestBirthdate,
  TEXT_LIMITS,
} from './kyc-logic';

type Props = {
  draft: KycDraft;
  problems: FieldProblems;
  today: CalendarDay;
  onChange: <F extends KycField>(field: F, value: KycDraft[F]) => void;
  disabled?: boolean;
};

/** Step 1: who the user is, as on the document (SPEC §2 "KYC form"). */
export function PersonalStep({ draft, problems, today, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const countries = useCountryOptions();
  const areaCodes = useAreaCodeOptions();
  const text = (field: 'firstName' | 'lastName' | 'address') => ({
    value: draft[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(field, event.currentTarget.value),
    error: problemText(problems[field]),
    maxLength: TEXT_LIMITS[field].max + 20,
    required: true,
    disabled,
    // A Latin name or address typed in an Arabic page keeps its own order ("12 St James’s Square",
    // not "St James’s Square 12"): the box follows what is typed, the page's direction when empty.
    dir: 'auto',
  });

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('kyc.flow.fields.firstName')}
          autoComplete="given-name"
          data-testid="kyc-first-name"
          {...text('firstName')}
        />
        <TextInput
          label={t('kyc.flow.fields.lastName')}
          autoComplete="family-name"
          data-testid="kyc-last-name"
          {...text('lastName')}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('kyc.flow.fields.sex')}
        value={draft.sex}
        onChange={(value) => onChange('sex', value as KycDraft['sex'])}
        error={problemText(problems.sex)}
        required
        data-testid="kyc-sex"
      >
        <Group gap="lg" mt={6}>
          {KYC_SEXES.map((sex) => (
            <Radio
              key={sex}
              value={sex}
              label={t(`kyc.flow.fields.sexes.${sex}`)}
              disabled={disabled}
              aria-invalid={problems.sex ? true : undefined}
            />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        type="date"
        label={t('kyc.flow.fields.birthdate')}
        description={t('kyc.flow.fields.birthdateHint')}
        autoComplete="bday"
        min={`${EARLIEST_BIRTH_YEAR}-01-01`}
        max={latestBirthdate(today)}
        value={draft.birthdate}
        onChange={(event) => onChange('birthdate', event.currentTarget.value)}
        error={problemText(problems.birthdate)}
        required
        disabled={disabled}
        data-testid="kyc-birthdate"
        maw={260}
      />
      <NativeSelect
        label={t('kyc.flow.fields.country')}
        autoComplete="country"
        value={draft.country}
        onChange={(event) => onChange('country', event.currentTarget.value)}
        data={[{ value: '', label: t('kyc.flow.fields.countryPlaceholder'), disabled: true }, ...countries]}
        error={problemText(problems.country)}
        required
        disabled={disabled}
        data-testid="kyc-country"
      />
      <Textarea
        label={t('kyc.flow.fields.address')}
        description={t('kyc.flow.fields.addressHint')}
        autoComplete="street-address"
        autosize
        minRows={2}
        maxRows={5}
        data-testid="kyc-address"
        {...text('address')}
      />
      {/* Side by side from a small tablet up; stacked on a phone, where a third of the width cut the
          area code's country name. The phone's hint goes under its box so the two boxes line up. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label={t('kyc.flow.fields.areaCode')}
          autoComplete="tel-country-code"
          value={draft.areaCode}
          onChange={(event) => onChange('areaCode', event.currentTarget.value)}
          data={[{ value: '', label: t('kyc.flow.fields.areaCodePlaceholder'), disabled: true }, ...areaCodes]}
          error={problemText(problems.areaCode)}
          required
          disabled={disabled}
          data-testid="kyc-area-code"
        />
        <TextInput
          type="tel"
          inputMode="tel"
          label={t('kyc.flow.fields.phone')}
          description={t('kyc.flow.fields.phoneHint')}
          autoComplete="tel-national"
          value={draft.phone}
          onChange={(event) => onChange('phone', event.currentTarget.value)}
          error={problemText(problems.phone)}
          maxLength={30}
          required
          disabled={disabled}
          data-testid="kyc-phone"
          dir="ltr"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </SimpleGrid>
    </Stack>
  );
}
