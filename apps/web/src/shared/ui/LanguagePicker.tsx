import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LANGUAGE_NATIVE_NAMES } from '@openbourse/contracts';
import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';

// The modal and its dependencies load on first open, not with the first page.
const LanguagePickerModal = lazy(() => import('./LanguagePickerModal'));

export function LanguagePickerButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        size={compact ? 'compact-sm' : 'sm'}
        leftSection={<IconLanguage size={18} aria-hidden />}
        onClick={open}
        aria-label={`${t('language.label')}: ${LANGUAGE_NATIVE_NAMES[currentLanguage()]}`}
        data-testid="language-picker"
      >
        {compact ? null : LANGUAGE_NATIVE_NAMES[currentLanguage()]}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <LanguagePickerModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
