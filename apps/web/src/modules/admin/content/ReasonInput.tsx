import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The optional reason a confirmation dialog asks for; the server keeps it in the audit log. */
export function ReasonInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      mt="sm"
      label={t('admin.content.reason')}
      value={value}
      maxLength={500}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
